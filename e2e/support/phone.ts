// A phone's window for the journeys, and whether a page scrolls sideways in it.
import type { Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 };

/**
 * Whether the page is wider than its window (it scrolls sideways), once the reader has scrolled to its
 * end: what is below the fold is drawn only then (docs/console.md, "Below the fold").
 */
export async function scrollsSideways(page: Page) {
  for (let step = 0; step < 40; step += 1) {
    // A screen further down, then two frames (the observer's callback, then the drawn section).
    const atEnd = await page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
