// Draws what is below the fold only when the reader comes near it (docs/console.md, "Below the fold: drawn when the reader comes near it"): a long page (the report,
// the dashboard on a phone) paints its heading and figures first, and its charts and tables cost the
// main thread nothing until they are about to be seen. The browser says when (an IntersectionObserver,
// after it has laid the page out), so finding out costs no layout of its own; what is on screen then is
// drawn in the next task, behind a placeholder of its size. Printing draws everything.
import * as React from 'react';

/** How far below (or above) the screen content starts to be drawn: a little ahead of the scroll. */
const AHEAD_PX = 240;

export type NearViewportProps = {
  /** Defer at all: false draws the content at once (stories, printing). */
  defer: boolean;
  /** What stands in until then: something of the content's size, so nothing below it moves. */
  placeholder: React.ReactNode;
  children: React.ReactNode;
};

export function NearViewport({ defer, placeholder, children }: NearViewportProps) {
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
    const observer = new IntersectionObserver(
      (entries) => {
        // In a transition: React draws it in slices of a few milliseconds, between the reader's input.
        if (entries.some((entry) => entry.isIntersecting)) React.startTransition(() => setNear(true));
      },
      { rootMargin: `${AHEAD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [waiting]);

  if (!waiting) return children;
  return (
    <div ref={ref} data-slot="near-viewport" data-waiting="">
      {placeholder}
    </div>
  );
}
