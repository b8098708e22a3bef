import { cn } from '@adconsole/ui';
import type * as React from 'react';
import { type ChartConfig, type ChartPalette, chartConfigStyle } from './palette';

type ChartDataTable = {
  caption: string;
  columns: readonly string[];
  /** Cells as text, one array per row; the first cell is the row's header. */
  rows: ReadonlyArray<readonly string[]>;
};

export type ChartFrameProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The `data-slot` of the widget ('performance-chart'...). */
  slot: string;
  /** The text alternative: what the picture says, in a sentence or two. */
  summary: string;
  config: ChartConfig;
  palette: ChartPalette;
  /** The figures behind the picture, for screen readers (visually hidden). */
  dataTable: ChartDataTable;
  /** Controls above the chart (metric switch, legend). */
  header?: React.ReactNode;
  children: React.ReactNode;
};

/**
 * What every chart sits in: a `[data-chart]` element scoping one `--color-<key>` variable per series
 * (shadcn/ui's ChartContainer), the picture as `role="img"` with a summary label, and the same
 * figures as a visually hidden table. The table is a sibling of the image: an image's children are
 * not read out.
 */
export function ChartFrame({
  slot,
  summary,
  config,
  palette,
  dataTable,
  header,
  children,
  className,
  style,
  ...props
}: ChartFrameProps) {
  return (
    <div
      data-slot={slot}
      data-chart=""
      className={cn('flex min-w-0 flex-col gap-3', className)}
      style={{ ...chartConfigStyle(config, palette), ...style }}
      {...props}
    >
      {header}
      <div role="img" aria-label={summary} data-slot="chart-image" className="min-w-0">
        {children}
      </div>
      <ChartDataTableView table={dataTable} />
    </div>
  );
}

function ChartDataTableView({ table }: { table: ChartDataTable }) {
  return (
    // Fixed layout: the browser need not measure every cell of a hidden table (365 rows for a year). The
    // hidden box around it clips it: a table is never narrower than its cells, so a visually hidden table
    // alone still widens the page (the pacing chart's made a 390 px phone scroll sideways).
    <div className="sr-only">
      <table data-slot="chart-data-table" className="table-fixed">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={table.columns[index]} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={table.columns[index]}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
