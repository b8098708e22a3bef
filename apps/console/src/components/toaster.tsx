// The notifications' renderer, as its own chunk: RootLayout loads it beside the first screen.
// The one place the console places its toasts: at the top of the window, centred (the whole width on a
// phone), not in the ui's bottom corner. A page's last content sits at the bottom of the window once it
// is scrolled to its end, and a toast there covered it: the creative editor's tag panel is its last card
// (the right column's last on a wide screen, the page's last on a phone), and "Published!" covered its
// Copy button until it closed. A page's top holds its heading and actions, which the reader has just
// used; what a toast covers there is back in view when it closes or is swiped away.
import { Toaster, type ToasterClock } from '@adconsole/ui';

/** The toasts at the top centre of the window (ui's Toaster takes these classes after its own). */
export default function ConsoleToaster({ clock }: { clock?: ToasterClock }) {
  return <Toaster className="top-0 right-auto bottom-auto left-1/2 -translate-x-1/2" clock={clock} />;
}
