// The console draws a page in one of two frames (docs/console.md, "The account pages without React
// Router"): the account pages (sign in, sign up, password reset, ping) with their own small router, or
// the console with React Router, whose code loads only for the pages it draws. Each frame hands the
// page to the other when the reader goes where the other draws. The notifications live beside both, so
// a notification raised just before the handover (welcome back) stays on screen.
import { isAccountPath } from '@adconsole/domain';
import * as React from 'react';
import { dropServerView } from './lib/server-view';
import { transitionValue, useTransitionValue } from './lib/transition-value';
import { AccountPages } from './routes/account-pages';
import { onLeaveAccountPages } from './routes/account-router';
import { loadChunk } from './routes/lazy-screen';
import { PageError } from './routes/page-error';

/**
 * The notifications' renderer (Radix Toast) is not needed to draw a page, so it loads beside the
 * first screen instead of before it; `notify()` keeps what is raised meanwhile and it shows on mount.
 */
const Toaster = React.lazy(() => import('./components/toaster'));

/** The frame on screen (lib/transition-value.ts: a new one is drawn in a transition). */
const frame = transitionValue<React.ReactNode>(null);

/** The console's router while the console draws the page; disposed when the account pages take over. */
let consoleRouter: { dispose(): void } | undefined;

function showAccountPages() {
  consoleRouter?.dispose();
  consoleRouter = undefined;
  frame.set(<AccountPages />);
}

async function showConsole() {
  try {
    const { Console, createConsoleRouter } = await loadChunk(() => import('./app'));
    // The reader went back to an account page while the console's code was on its way.
    if (isAccountPath(window.location.pathname)) return;
    consoleRouter?.dispose();
    const router = createConsoleRouter();
    consoleRouter = router;
    frame.set(<Console router={router} onAccountPage={showAccountPages} />);
  } catch (error) {
    // A first view the server drew (a share page) would stand above the error as if all were well.
    dropServerView();
    frame.set(<PageError error={error} />);
  }
}

onLeaveAccountPages(() => void showConsole());

/** Draws the frame of the page the address names. */
export function startFrames(): Promise<void> {
  if (!isAccountPath(window.location.pathname)) return showConsole();
  showAccountPages();
  return Promise.resolve();
}

/** The frame on screen, a new one drawn in a transition (lib/transition-value.ts), and the notifications. */
export function Frames() {
  const current = useTransitionValue(frame);
  return (
    <>
      {current}
      <React.Suspense fallback={null}>
        <Toaster />
      </React.Suspense>
    </>
  );
}
