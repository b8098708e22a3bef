// Leaving a screen with unsaved work asks first (docs/console.md): another screen of the console is held
// by a router blocker until the user answers, and closing or reloading the tab gets the browser's own
// prompt (beforeunload). The builder (unsaved changes of a draft) and the New creative screen (what was
// typed before its first save) both use it.
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

/** The navigation held while the question is asked. */
export interface LeaveQuestion {
  /** Go on (after saving, or discarding the changes). */
  onLeave: () => void;
  /** Stay, with the changes. */
  onStay: () => void;
}

/**
 * While `dirty`, leaving for another page (or another search through the browser's history) is held:
 * `question` is set until the user leaves or stays; the page's own pushes and replaces of its search
 * pass. `release()` lets the next navigation through at once (a save that opens the saved page, an
 * explicit Discard), before the next render says the page is clean.
 */
export function useLeaveGuard(dirty: boolean): { question: LeaveQuestion | undefined; release: () => void } {
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirtyNow.current &&
      (nextLocation.pathname !== currentLocation.pathname ||
        (historyAction === 'POP' && nextLocation.search !== currentLocation.search)),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return {
    question:
      blocker.state === 'blocked'
        ? { onLeave: () => blocker.proceed?.(), onStay: () => blocker.reset?.() }
        : undefined,
    release: () => {
      dirtyNow.current = false;
    },
  };
}
