// The share page drawn by the server (docs/console.md, "The console's code after the server's
// drawing"): the console's entry module starts once the browser has shown the drawing, never before.
// A module script run before the first paint holds that paint until the console's code has arrived and
// run (on a fast host the files arrive before the first frame), and Lighthouse then counts every file
// of the console as blocking the first paint. The files themselves are preloaded by the page, so they
// download meanwhile. A classic script, in the page as `<script defer src="/assets/after-paint-v1.js"
// data-entry="/assets/index-….js">` (apps/api/src/http/server-view.ts): under /assets/, the only place
// the CSP runs scripts from, where files are cached for a year, so a change to it takes a new name
// (v2); no inline script (the CSP).
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute('data-entry');
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const tag = document.createElement('script');
    tag.type = 'module';
    tag.crossOrigin = 'anonymous';
    tag.src = entry;
    document.head.appendChild(tag);
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  // A tab in the background paints nothing until shown: nothing to wait for.
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined' || painted()) {
    start();
    return;
  }
  new PerformanceObserver((_list, observer) => {
    if (!painted()) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint' });
  // A paint the browser never reports: the console starts all the same.
  setTimeout(start, 3000);
})();
