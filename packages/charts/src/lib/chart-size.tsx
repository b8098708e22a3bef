import { ResponsiveWrapper } from '@nivo/core';
import type * as React from 'react';

export type ChartSizeProps = {
  /** A fixed width in pixels: the chart renders without measuring (static SVG on a server). */
  width?: number;
  height: number;
  children: (size: { width: number; height: number }) => React.ReactNode;
};

/** A fixed size when `width` is given; otherwise the container's width, measured (ResizeObserver). */
export function ChartSize({ width, height, children }: ChartSizeProps) {
  if (width !== undefined) return <>{children({ width, height })}</>;
  return (
    <div data-slot="chart-responsive" className="w-full" style={{ height }}>
      <ResponsiveWrapper>
        {(size: { width: number; height: number }) => <>{size.width > 0 ? children(size) : null}</>}
      </ResponsiveWrapper>
    </div>
  );
}
