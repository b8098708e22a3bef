// The console draws a page in one of two frames (docs/console.md, "The account pages without React
// Router"): the account pages (sign in, sign up, password reset, ping) with their own small router, or
// the console with React Router, whose code loads only for the pages it draws. Each frame hands the
// page to the other when the reader goes where the other draws. The notifications live beside both, so
// a notification raised just before the handover (welcome back) stays on screen.
import { isAccountPath } from '@adconsole/domain';
import * as React from 'react';
import { dropServerView } from './lib/server-view';
import { AccountPages } from './routes/account-pages';
import { onLeaveAccountPages } from './routes/account-router';
import { loadChunk } from './routes/lazy-screen';
import { PageError } from './routes/page-error';

/**
 * The notifications' renderer (Radix Toast) is not needed to draw a page, so it loads beside the
 * first screen instead of before it; `notify()` keeps what is raised meanwhile and it shows on mount.
 */
const Toaster = React.lazy(() => import('./components/toaster'));

let frame: React.ReactNode = null;
const listeners = new Set<() => void>();
function show(next: React.ReactNode) {
  frame = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The console's router while the console draws the page; disposed when the account pages take over. */
let consoleRouter: { dispose(): void } | undefined;

function showAccountPages() {
  consoleRouter?.dispose();
  consoleRouter = undefined;
  show(<AccountPages />);
}

async function showConsole() {
  try {
    const { Console, createConsoleRouter } = await loadChunk(() => import('./app'));
    // The reader went back to an account page while the console's code was on its way.
    if (isAccountPath(window.location.pathname)) return;
    consoleRouter?.dispose();
    const router = createConsoleRouter();
    consoleRouter = router;
    show(<Console router={router} onAccountPage={showAccountPages} />);
  } catch (error) {
    // A first view the server drew (a share page) would stand above the error as if all were well.
    dropServerView();
    show(<PageError error={error} />);
  }
}

onLeaveAccountPages(() => void showConsole());

/** Draws the frame of the page the address names. */
export function startFrames(): Promise<void> {
  if (!isAccountPath(window.location.pathname)) return showConsole();
  showAccountPages();
  return Promise.resolve();
}

/**
 * The frame on screen and the notifications. A new frame is drawn in a transition, which React renders
 * in slices of a few milliseconds: an external store's update (`useSyncExternalStore`) is always drawn
 * in one task, and the console's first page (a whole report on a share page) is hundreds of
 * milliseconds of rendering on a phone, all of it blocking (docs/console.md, "The console's takeover in
 * slices").
 */
export function Frames() {
  const [current, setCurrent] = React.useState(frame);
  React.useEffect(() => {
    const update = () => React.startTransition(() => setCurrent(frame));
    const unsubscribe = subscribe(update);
    // A frame shown between this component's render and its effect.
    update();
    return () => void unsubscribe();
  }, []);
  return (
    <>
      {current}
      <React.Suspense fallback={null}>
        <Toaster />
      </React.Suspense>
    </>
  );
}
