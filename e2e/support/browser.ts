// One Debian Chromium per journey file, driven by playwright-core (no browser download).
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../scripts/chromium';
import { product } from './product';

export const baseURL = () => product().baseURL;

/**
 * The user agent this Chromium has when a person runs it: headless Chromium says `HeadlessChrome`,
 * which the ad server rightly files as invalid traffic, so journeys speak as the browser they drive.
 */
export const personUserAgent = (browser: Browser) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;

/** The same browser on an Android phone (the share page draws its charts at a phone's width for it). */
export const phoneUserAgent = (version: string) =>
  `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Mobile Safari/537.36`;

/**
 * Registers a browser for the file (started with `args` beside the usual ones: a browser setting, say);
 * each call of the returned function opens a fresh context, as a person's browser unless it is given
 * another user agent (a bot's, say).
 */
export function useBrowser(args: readonly string[] = []): (options?: {
  userAgent?: string;
  viewport?: { width: number; height: number };
  /** False: a page with no script at all (what the server's HTML draws alone). */
  javaScriptEnabled?: boolean;
  /** A phone's touch screen: taps, and the mobile viewport's rules. */
  touch?: boolean;
  /** A phone's touch screen and a phone's user agent. */
  phone?: boolean;
}) => Promise<Page> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [...chromiumLaunchArgs, ...args],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (options = {}) => {
    if (!browser) throw new Error('The browser is not started yet: call the page factory inside a test.');
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: options.viewport ?? { width: 1280, height: 900 },
      userAgent:
        options.userAgent ?? (options.phone ? phoneUserAgent(browser.version()) : personUserAgent(browser)),
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      ...(options.touch || options.phone ? { hasTouch: true, isMobile: true } : {}),
    });
    return context.newPage();
  };
}

/** The campaign page's owner's cards, which wait in the page the server drew until a reader comes near. */
type OwnerCard = 'Preview link' | 'Delivery rules' | 'Placements' | 'Conversions' | 'History';

/**
 * Scrolls a campaign page to one of its owner's cards, as a reader does: the page the server drew hands
 * over to the console as those cards come near (docs/console.md, "Signed-in pages drawn by the server"),
 * which then draws them. A journey that reached for a card's control without scrolling depended on the
 * page's height: the demo campaign's first card sits about 1,200 px down, at the edge of "near" in a
 * 900 px window, and a line more above it left the console unstarted. The heading is found and scrolled
 * to in one step in the page: the drawing's may be gone the next moment, as the console takes over.
 */
export async function scrollToOwnerCard(page: Page, card: OwnerCard): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((name) => {
          const heading = Array.from(document.querySelectorAll('h2')).find(
            (h2) => h2.textContent?.trim() === name && h2.checkVisibility({ visibilityProperty: true }),
          );
          heading?.scrollIntoView({ block: 'center' });
          return heading !== undefined;
        }, card),
      { timeout: 30_000 },
    )
    .toBe(true);
}
