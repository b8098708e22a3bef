// The campaign page's cards' dialogs (docs/console.md, "The campaign pages' first load"): the delivery
// rules' editor, a placement's, an A/B test's and a conversion action's dialogs hold the forms package's
// forms, whose code the cards do not need until one opens. Each is fetched when the reader comes to a
// button that opens it (pointer or focus), at the latest when it opens, and is mounted from its first
// opening on, so it closes as it opened.
import { type ReactNode, Suspense, useState } from 'react';
import { loadChunk } from '../../routes/lazy-screen';

/**
 * A dialog's module: `load` for `React.lazy`, `preload` for the buttons that open it (the browser fetches
 * a module once; a failed fetch is left to the opening, which hands it to the route's error page, as the
 * edit dialog's does).
 */
export function dialogCode<M>(load: () => Promise<M>) {
  return {
    load: () => loadChunk(load),
    preload: () => void loadChunk(load).catch(() => undefined),
  };
}

/**
 * Mounts `children` (a lazy dialog) from the first time `open` is true: until then its code is not
 * asked for; after, it stays, and closes with its own animation. Nothing is drawn while the code comes
 * (its button already asked for it when the reader came to it).
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
