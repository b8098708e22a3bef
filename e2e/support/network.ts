// A slow network on cue: the journeys hold a request's answer back to click what a person clicks
// before it comes, then let it through.
import type { Page } from 'playwright-core';

/**
 * Holds back the answers to the requests matching `url` (of `method` only, when given) until
 * `release()`; `requests` lists the held requests' URLs in order. `stop()` ends the hold for later ones.
 */
export async function holdAnswers(page: Page, url: string, method?: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requests: string[] = [];
  await page.route(url, async (route) => {
    if (method !== undefined && route.request().method() !== method) return route.fallback();
    requests.push(route.request().url());
    await held;
    return route.continue();
  });
  /** Ends the hold: what it holds now goes on, later requests are not held. */
  const stop = () => {
    release();
    return page.unroute(url);
  };
  return { release, requests, stop };
}
