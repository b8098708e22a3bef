// Work for the browser's idle time after the page's first paint, one piece per idle moment
// (docs/console.md, "The campaign pages' first load"): the campaign page's owner's cards. Apart from
// after-paint.ts, which the entry loads: only the pages that draw when idle fetch this.
import { afterFirstPaint } from './after-paint';

/** How long a piece of idle work waits for an idle moment on a page that is never idle. */
const IDLE_WAIT_MS = 2000;

/** Idle work waiting its turn (`whenIdle`), one piece per idle moment. */
const idleQueue: (() => void)[] = [];
let idleAsked = false;

const requestIdle = (callback: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: IDLE_WAIT_MS });
  else setTimeout(callback, 1);
};

function runIdleWork() {
  idleAsked = false;
  idleQueue.shift()?.();
  askForIdle();
}

function askForIdle() {
  if (idleAsked || idleQueue.length === 0) return;
  idleAsked = true;
  requestIdle(runIdleWork);
}

/**
 * Runs `work` once the page has painted and the browser is idle (`requestIdleCallback`; a timer where
 * there is none), one piece of such work per idle moment, in the order asked: what a piece starts (a
 * render in a transition, its requests) keeps the browser busy, so the next waits until that is done
 * instead of making one long task with it (docs/console.md, "The campaign pages' first load").
 * Answers a function that cancels it.
 */
export function whenIdle(work: () => void): () => void {
  let pending = true;
  const piece = () => {
    if (!pending) return;
    pending = false;
    work();
  };
  const cancelPaint = afterFirstPaint(() => {
    idleQueue.push(piece);
    askForIdle();
  });
  return () => {
    pending = false;
    cancelPaint();
    const index = idleQueue.indexOf(piece);
    if (index >= 0) idleQueue.splice(index, 1);
  };
}
