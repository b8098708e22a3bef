// Draws what is below the fold only when the reader comes near it (docs/console.md, "Below the fold: drawn when the reader comes near it"): a long page (the report,
// the dashboard on a phone) paints its heading and figures first, and its charts and tables cost the
// main thread nothing until they are about to be seen. The browser says when (an IntersectionObserver,
// after it has laid the page out), so finding out costs no layout of its own; what is on screen then is
// drawn in the next task, behind a placeholder of its size. Printing draws everything. With `drawAlso`,
// what the reader has not come near is drawn anyway when that says (the campaign page's cards, once the
// page is idle, one card per idle moment: lib/when-idle.ts; its links and the journeys find every card
// without scrolling).
import * as React from 'react';

/** How far below (or above) the screen content starts to be drawn: a little ahead of the scroll. */
const AHEAD_PX = 240;

export type NearViewportProps = {
  /** Defer at all: false draws the content at once (stories, printing). */
  defer: boolean;
  /** What stands in until then: something of the content's size, so nothing below it moves. */
  placeholder: React.ReactNode;
  /** Also draw it when this calls back (`whenIdle`), whether or not the reader came near; answers a cancel. */
  drawAlso?: ((draw: () => void) => () => void) | undefined;
  children: React.ReactNode;
};

export function NearViewport({ defer, placeholder, drawAlso, children }: NearViewportProps) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [near, setNear] = React.useState(!defer);
  const waiting = defer && !near;

  React.useEffect(() => {
    const element = ref.current;
    if (!waiting || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    // In a transition: React draws it in slices of a few milliseconds, between the reader's input.
    const draw = () => React.startTransition(() => setNear(true));
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) draw();
      },
      { rootMargin: `${AHEAD_PX}px 0px` },
    );
    observer.observe(element);
    const cancelAlso = drawAlso?.(draw);
    return () => {
      observer.disconnect();
      cancelAlso?.();
    };
  }, [waiting, drawAlso]);

  if (!waiting) return children;
  return (
    <div ref={ref} data-slot="near-viewport" data-waiting="">
      {placeholder}
    </div>
  );
}
