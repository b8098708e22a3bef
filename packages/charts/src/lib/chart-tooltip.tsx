import type * as React from 'react';

export type ChartTooltipProps = {
  title: string;
  items: ReadonlyArray<{ label: string; value: string; color: string }>;
};

/** The box a chart shows while the pointer is over a point, bar or cell. */
export function ChartTooltip({ title, items }: ChartTooltipProps) {
  return (
    <div
      data-slot="chart-tooltip"
      role="tooltip"
      className="grid min-w-36 gap-1 rounded-md border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-md"
    >
      <div className="font-medium">{title}</div>
      {items.map((item) => (
        <div key={item.label} className="flex items-center gap-2">
          <Swatch color={item.color} />
          <span className="text-muted-foreground">{item.label}</span>
          <span className="ml-auto font-medium tabular-nums">{item.value}</span>
        </div>
      ))}
    </div>
  );
}

export function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      data-slot="chart-swatch"
      className="inline-block size-2.5 shrink-0 rounded-sm"
      style={{ backgroundColor: color } as React.CSSProperties}
    />
  );
}
