import * as React from 'react';

export type ChartSizeProps = {
  /** A fixed width in pixels: the chart renders without measuring (static SVG on a server). */
  width?: number;
  height: number;
  children: (size: { width: number; height: number }) => React.ReactNode;
};

/**
 * A fixed size when `width` is given; otherwise the container's width, measured by a ResizeObserver.
 * The chart is drawn in a transition, which React renders in slices of a few milliseconds: a chart
 * is hundreds of components, and drawn in the task that measured it (as nivo's own responsive
 * wrapper does, from a mount effect) it held a phone's main thread for a third of a second.
 */
export function ChartSize({ width, height, children }: ChartSizeProps) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = React.useState(0);
  React.useEffect(() => {
    const element = ref.current;
    if (width !== undefined || !element) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      React.startTransition(() => setMeasured(next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  if (width !== undefined) return <>{children({ width, height })}</>;
  return (
    <div ref={ref} data-slot="chart-responsive" className="w-full" style={{ height }}>
      {measured > 0 ? children({ width: measured, height }) : null}
    </div>
  );
}
