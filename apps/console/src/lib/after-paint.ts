// Work that should not stand in the way of the page's first paint (the charts' code, which arrives
// after the heading and the tiles): started once the browser reports its first contentful paint; and
// work that should not make one long task with what came before it (`nextTask`).

/** How long to wait for a first paint the browser may never report (a tab opened in the background). */
const FIRST_PAINT_WAIT_MS = 3000;

/** Whether the page has had its first contentful paint (so a navigation within the console has). */
const hasPainted = (): boolean =>
  typeof performance !== 'undefined' && performance.getEntriesByName('first-contentful-paint').length > 0;

/**
 * Runs `work` after the page's first contentful paint has been shown: at once in a later task when it
 * already has (a navigation within the console), otherwise when the browser reports it. The report
 * comes after the frame is on screen, later than a task queued from the frame itself, so a request
 * made then never counts towards that paint. Answers a function that cancels it.
 */
export function afterFirstPaint(work: () => void): () => void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    cancel();
    work();
  };
  const cancel = () => {
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
  };
  const painted = hasPainted();
  timer = setTimeout(run, painted ? 0 : FIRST_PAINT_WAIT_MS);
  if (!painted && typeof PerformanceObserver !== 'undefined') {
    observer = new PerformanceObserver(() => {
      if (hasPainted()) run();
    });
    observer.observe({ type: 'paint' });
  }
  return cancel;
}

/**
 * A promise settled in a later task of the main thread (a message, which a tab in the background does
 * not slow down as it does a timer). A chunk's modules run in the task in which the chunk arrives, and
 * whatever awaits the import would run in that same task: on a share page opened on a phone, the
 * evaluation of the shared files and the router's work with the route they bring made one task of over
 * 100 ms, all of it blocking (docs/console.md, "The console's takeover in slices").
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
