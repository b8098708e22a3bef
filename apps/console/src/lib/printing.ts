// Whether the page is being printed: the browser's print dialog (beforeprint / afterprint, Ctrl+P
// included) or print media (Chromium's print-to-PDF). Charts are sized in script, so the report
// re-renders at its paper width before the browser lays the page out for print: the update is
// flushed synchronously inside the event.
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

let printing = false;
const listeners = new Set<() => void>();
const printMedia = () => (typeof window === 'undefined' ? undefined : window.matchMedia?.('print'));

let darkBeforePrint = false;

const set = (next: boolean) => {
  if (printing === next) return;
  printing = next;
  // Paper is white: a dark theme is set aside while printing and restored after.
  const root = document.documentElement;
  if (next) {
    darkBeforePrint = root.classList.contains('dark');
    root.classList.remove('dark');
  } else if (darkBeforePrint) {
    root.classList.add('dark');
  }
  flushSync(() => {
    for (const listener of listeners) listener();
  });
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('beforeprint', onBefore);
    window.addEventListener('afterprint', onAfter);
    printMedia()?.addEventListener('change', onMedia);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('beforeprint', onBefore);
      window.removeEventListener('afterprint', onAfter);
      printMedia()?.removeEventListener('change', onMedia);
    }
  };
}
const onBefore = () => set(true);
const onAfter = () => set(printMedia()?.matches ?? false);
const onMedia = (event: MediaQueryListEvent) => set(event.matches);

const snapshot = () => printing || (printMedia()?.matches ?? false);

export const usePrinting = (): boolean => useSyncExternalStore(subscribe, snapshot, () => false);

/** Opens the browser's print dialog with the page laid out for print (the report's PDF). */
export function printPage() {
  set(true);
  try {
    window.print();
  } finally {
    set(printMedia()?.matches ?? false);
  }
}
