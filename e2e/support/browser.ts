// One Debian Chromium per journey file, driven by playwright-core (no browser download).
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../scripts/chromium';

export const baseURL = () => inject('baseURL');

/** Registers a browser for the file; each call of the returned function opens a fresh context. */
export function useBrowser(): () => Promise<Page> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumLaunchArgs });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async () => {
    if (!browser) throw new Error('The browser is not started yet: call the page factory inside a test.');
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } });
    return context.newPage();
  };
}
