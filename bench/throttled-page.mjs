// A cold page of the demo console under Lighthouse's mobile settings applied for real: a phone's
// viewport, the CPU slowed 4x through the DevTools protocol, a 150 ms round trip, 1.6 Mbit/s down and
// 750 kbit/s up (90 % of each, as DevTools applies them). bench/throttled-load.mjs and
// bench/load-profile.mjs load their pages with it.

/** The pages the benches load, with the element that shows each is drawn. */
export const PAGES = {
  'sign-in': { key: 'signIn', ready: { role: 'form', name: 'Sign in' } },
  dashboard: { key: 'dashboard', signedIn: true, ready: { role: 'heading', name: 'Dashboard' } },
  report: { key: 'report', signedIn: true, ready: { role: 'heading', name: 'Campaign summary' } },
  share: { key: 'share', ready: { role: 'heading', name: 'Campaign summary' } },
};

/**
 * A fresh context (no cache, no storage; signed in for a signed-in page) and its tab, throttled (the CPU
 * `rate` times slower); the init script runs in the page before its own code. Answers the context, the
 * tab and its CDP session.
 */
export async function throttledTab(browser, demo, spec, rate = 4, initScript = undefined) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  if (spec.signedIn) {
    await context.addCookies(
      demo.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name, value: value.join('='), url: demo.origin };
      }),
    );
  }
  const tab = await context.newPage();
  if (initScript) await tab.addInitScript(initScript);
  const cdp = await throttleLikeAPhone(tab, rate);
  return { context, tab, cdp };
}

/**
 * Lighthouse's mobile throttling applied for real to a Playwright page (the benches' tabs, the share
 * page's no-shift journey): the CPU `rate` times slower, a 150 ms round trip, 1.6 Mbit/s down and
 * 750 kbit/s up at 90 %, as DevTools applies them. Answers the page's CDP session.
 */
export async function throttleLikeAPhone(page, rate = 4) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: ((1.6e6 / 8) * 0.9) | 0,
    uploadThroughput: ((750e3 / 8) * 0.9) | 0,
  });
  return cdp;
}
