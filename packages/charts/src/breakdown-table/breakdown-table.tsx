import { type Breakdown, type CampaignRate, printedFigures, type ReportTotals } from '@adconsole/domain';
import { cn, Skeleton } from '@adconsole/ui';
import {
  DataTable,
  DataTableToolbar,
  dataTableColumnHelper,
  sortsDescendingFirst,
  useDataTable,
} from '@adconsole/ui/data-table';
import type * as React from 'react';
import { useMemo } from 'react';
import {
  BREAKDOWN_DIMENSION_LABELS,
  BREAKDOWN_METRICS,
  BREAKDOWN_VIDEO_METRICS,
  type BreakdownMetric,
  breakdownHasConversions,
  breakdownHasConversionValue,
  breakdownHasVideo,
  breakdownNoun,
  breakdownReportFigures,
  breakdownTotal,
} from '../lib/breakdown';
import {
  CONVERSION_METRICS,
  type ConversionMetric,
  conversionAmount,
  formatConversionFigure,
  showsConversionFigure,
} from '../lib/conversions';
import { FITTED_NAME_CLASSES, FITTED_TABLE_CLASSES, PRINTED_TABLE_CLASSES } from '../lib/fitted-table';
import { defaultLocale, formatFigure } from '../lib/format';
import { metricConfig } from '../lib/metrics';
import { PrintedColumnsNote } from '../lib/printed-columns';

export type BreakdownTableProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The report's breakdown (`data.breakdown`); undefined while it loads. */
  breakdown: Breakdown | undefined;
  /** BCP 47 locale for numbers; the browser's by default. */
  locale?: string;
  /** The video columns; by default shown when any value had a video start. */
  withVideo?: boolean;
  /** Columns hidden at first (the column menu shows them again); on paper, columns never printed. */
  hiddenColumns?: readonly BreakdownColumn[];
  /**
   * Print layout: of the columns not hidden, those that fit an A4 page (the domain's printedFigures, as
   * in ReportTable), the others named in a note under the table.
   */
  printing?: boolean | undefined;
  /**
   * The report's `conversionCurrency` (its conversion actions' ISO 4217 code): with it, and rows that
   * carry `conversions`, the table shows Conversions, Conversion rate and Conversion value.
   */
  conversionCurrency?: string | null | undefined;
  /**
   * The report's booked rate (`data.rate`): with conversions, the table shows Cost per conversion and
   * ROAS too, and the totals row's spend is the rate's on the summed counters (the report's).
   */
  rate?: CampaignRate | null | undefined;
  /** The table's name for assistive technology; "Report by site" (or device...) by default. */
  caption?: string;
  /** Controls shown left of the column menu (a title, a download button). */
  toolbar?: React.ReactNode;
  /** The body scrolls under a sticky header past this height (CSS length; 'none' for print). */
  maxHeight?: string;
};

/** A column the table can show: a breakdown figure or a conversion figure. */
export type BreakdownColumn = BreakdownMetric | ConversionMetric;

/** A row of the table: a value of the dimension, or the Other and Unknown rows that follow them. */
export type BreakdownTableRow = {
  id: string;
  kind: 'value' | 'other' | 'unknown';
  label: string;
  figures: Partial<ReportTotals>;
};

/** The rows of a breakdown in its order: the values, then Other, then Unknown. */
export function breakdownTableRows(breakdown: Breakdown): BreakdownTableRow[] {
  return [
    ...breakdown.rows.map((row) => ({
      id: `value:${row.value}`,
      kind: 'value' as const,
      label: row.label,
      figures: breakdownReportFigures(row),
    })),
    ...(breakdown.other
      ? [
          {
            id: 'other',
            kind: 'other' as const,
            label: 'Other',
            figures: breakdownReportFigures(breakdown.other),
          },
        ]
      : []),
    ...(breakdown.unknown
      ? [
          {
            id: 'unknown',
            kind: 'unknown' as const,
            label: 'Unknown',
            figures: breakdownReportFigures(breakdown.unknown),
          },
        ]
      : []),
  ];
}

/**
 * A report's figures by site, device, OS, browser or country: the top values by impressions, then
 * "Other" and "Unknown", which stay last however the table is sorted, and a totals row (the report's
 * totals). Figures are formatted as in ReportTable, and a rate over nothing reads "—". With the
 * report's `conversionCurrency` (and rows that carry conversions), conversion columns follow as in
 * ReportTable: Conversions, Conversion rate, Conversion value, and with a `rate` Cost per conversion and ROAS.
 */
export function BreakdownTable({
  breakdown,
  locale = defaultLocale(),
  withVideo,
  hiddenColumns = [],
  printing = false,
  conversionCurrency,
  rate,
  caption,
  toolbar,
  maxHeight,
  className,
  ...props
}: BreakdownTableProps) {
  if (!breakdown) {
    return (
      <div
        data-slot="breakdown-table"
        data-loading=""
        className={cn('grid gap-3', className)}
        aria-busy="true"
        {...props}
      >
        <span className="sr-only" role="status">
          Loading the breakdown…
        </span>
        <Skeleton className="h-8 w-32 justify-self-end" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return (
    <LoadedBreakdownTable
      breakdown={breakdown}
      locale={locale}
      withVideo={withVideo ?? breakdownHasVideo(breakdown)}
      hiddenColumns={hiddenColumns}
      printing={printing}
      conversionCurrency={
        conversionCurrency && breakdownHasConversions(breakdown) ? conversionCurrency : null
      }
      rate={rate ?? null}
      caption={caption}
      toolbar={toolbar}
      maxHeight={maxHeight}
      className={className}
      {...props}
    />
  );
}

function LoadedBreakdownTable({
  breakdown,
  locale,
  withVideo,
  hiddenColumns,
  printing,
  conversionCurrency,
  rate,
  caption,
  toolbar,
  maxHeight,
  className,
  ...props
}: Omit<BreakdownTableProps, 'breakdown'> & {
  breakdown: Breakdown;
  locale: string;
  withVideo: boolean;
  hiddenColumns: readonly BreakdownColumn[];
  printing: boolean;
  /** Set only when the rows carry conversions: no conversion columns without it. */
  conversionCurrency: string | null;
  rate: CampaignRate | null;
}) {
  const dimensionLabel = BREAKDOWN_DIMENSION_LABELS[breakdown.dimension];
  const rows = useMemo(() => breakdownTableRows(breakdown), [breakdown]);
  const total = useMemo(
    () => breakdownReportFigures(breakdownTotal(breakdown, rate, conversionCurrency)),
    [breakdown, rate, conversionCurrency],
  );
  const metrics = useMemo(
    () => BREAKDOWN_METRICS.filter((metric) => withVideo || !BREAKDOWN_VIDEO_METRICS.includes(metric)),
    [withVideo],
  );
  // The costs among them show when the rows carry them: cost per conversion and ROAS with a booked rate,
  // the value unless a share link was made without costs (its rows then lack the value's minor units).
  const conversionMetrics = useMemo(
    () =>
      conversionCurrency === null
        ? []
        : CONVERSION_METRICS.filter((metric) =>
            metric === 'conversionValue'
              ? breakdownHasConversionValue(breakdown)
              : showsConversionFigure(metric, total),
          ),
    [conversionCurrency, total, breakdown],
  );
  // On paper the value names a row: the figures have the rest of the page.
  const leftOut = printing
    ? printedFigures(
        [...metrics, ...conversionMetrics].filter((metric) => !hiddenColumns.includes(metric)),
        1,
      ).leftOut
    : [];
  const columns = useMemo(() => {
    const helper = dataTableColumnHelper<BreakdownTableRow>();
    return helper.columns([
      // Other and Unknown sort as "no value", which TanStack keeps last in either direction.
      helper.accessor((row) => (row.kind === 'value' ? row.label : undefined), {
        id: 'label',
        header: dimensionLabel,
        cell: (context) => {
          const row = context.row.original;
          return row.kind === 'value' ? (
            <span data-fitted-name="" className={FITTED_NAME_CLASSES} title={row.label}>
              {row.label}
            </span>
          ) : (
            <span data-breakdown-row={row.kind} className="text-muted-foreground italic">
              {row.label}
            </span>
          );
        },
        footer: () => 'Total',
        sortFn: 'text',
        sortUndefined: 'last',
        enableHiding: false,
        meta: { label: dimensionLabel, sort: 'text' },
      }),
      ...metrics.map((metric) =>
        helper.accessor((row) => (row.kind === 'value' ? (row.figures[metric] ?? 0) : undefined), {
          id: metric,
          header: metricConfig[metric].label,
          cell: (context) => formatFigure(metric, context.row.original.figures, locale),
          footer: () => formatFigure(metric, total, locale),
          sortFn: 'number',
          sortUndefined: 'last',
          sortDescFirst: sortsDescendingFirst('number'),
          meta: { label: metricConfig[metric].label, numeric: true, sort: 'number' },
        }),
      ),
      // A cost per conversion without conversions, or a ROAS without spend, sorts with Other and Unknown.
      ...conversionMetrics.map((metric) =>
        helper.accessor(
          (row) =>
            row.kind === 'value' ? conversionSortValue(metric, row.figures, conversionCurrency) : undefined,
          {
            id: metric,
            header: metricConfig[metric].label,
            cell: (context) =>
              formatConversionFigure(metric, context.row.original.figures, conversionCurrency, locale),
            footer: () => formatConversionFigure(metric, total, conversionCurrency, locale),
            sortFn: 'number',
            sortUndefined: 'last',
            sortDescFirst: sortsDescendingFirst('number'),
            meta: { label: metricConfig[metric].label, numeric: true, sort: 'number' },
          },
        ),
      ),
    ]);
  }, [dimensionLabel, metrics, conversionMetrics, conversionCurrency, total, locale]);
  const table = useDataTable({
    columns,
    data: rows,
    getRowId: (row) => row.id,
    initialState: {
      sorting: [{ id: 'impressions', desc: true }],
      // At most the top 50 values, Other and Unknown: one page, scrolling under the sticky header.
      pagination: { pageIndex: 0, pageSize: Math.max(rows.length, 1) },
      columnVisibility: Object.fromEntries([...hiddenColumns, ...leftOut].map((metric) => [metric, false])),
    },
  });
  const database = breakdown.countryDatabase;
  return (
    <div
      data-slot="breakdown-table"
      data-dimension={breakdown.dimension}
      className={cn('flex min-w-0 flex-col gap-3', className)}
      {...props}
    >
      <DataTableToolbar table={table}>{toolbar}</DataTableToolbar>
      <DataTable
        table={table}
        caption={caption ?? `Report by ${breakdownNoun(breakdown.dimension)}`}
        emptyMessage="No figures for this period."
        maxHeight={maxHeight}
        className={cn(FITTED_TABLE_CLASSES, printing && PRINTED_TABLE_CLASSES)}
        sortable={!printing}
      />
      <PrintedColumnsNote leftOut={leftOut} />
      {database ? (
        <p data-slot="breakdown-country-database" className="text-muted-foreground text-xs">
          Countries from {database.name} {database.version} ({database.licence}).
        </p>
      ) : null}
    </div>
  );
}

/** What a conversion column sorts a row by: the value as an amount, a figure without one as none. */
function conversionSortValue(
  metric: ConversionMetric,
  figures: Partial<ReportTotals>,
  currency: string | null,
): number | undefined {
  if (metric === 'conversionValue') return conversionAmount(figures, currency);
  return figures[metric] ?? undefined;
}
