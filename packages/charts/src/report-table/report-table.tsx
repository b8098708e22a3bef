import {
  besideTheirCounts,
  type FigureKeyIn,
  figureKeysIn,
  figureSpec,
  printedFigures,
  type ReportCreative,
  type ReportSeriesPoint,
  type ReportTotals,
} from '@adconsole/domain';
import { cn, type RenderLink, renderAnchor } from '@adconsole/ui';
import {
  DataTable,
  DataTablePagination,
  DataTableToolbar,
  dataTableColumnHelper,
  sortsDescendingFirst,
  useDataTable,
} from '@adconsole/ui/data-table';
import type * as React from 'react';
import { useMemo } from 'react';
import { formatConversionFigure, isConversionMetric, showsConversionFigure } from '../lib/conversions';
import { FITTED_NAME_CLASSES, FITTED_TABLE_CLASSES, PRINTED_TABLE_CLASSES } from '../lib/fitted-table';
import { defaultLocale, formatFigure, formatPeriod, isHourPeriod } from '../lib/format';
import { metricConfig } from '../lib/metrics';
import { PrintedColumnsNote } from '../lib/printed-columns';
import { formatSpend, SPEND_METRICS } from '../pacing/spend-tiles';

export type ReportTableMetric = FigureKeyIn<'table'>;
/**
 * The figures a report table can show (the domain's REPORT_FIGURES shown in tables), in column order:
 * each rate beside the count it is a rate of; video ones only with video data.
 */
export const REPORT_TABLE_METRICS: readonly ReportTableMetric[] = besideTheirCounts(
  figureKeysIn('table').map((key) => ({ key })),
).map(({ key }) => key);

const VIDEO_METRICS: readonly ReportTableMetric[] = REPORT_TABLE_METRICS.filter(
  (metric) => figureSpec(metric).group === 'video',
);
/** Shown when the rows carry spend (the campaign books a rate), in its currency. */
const SPEND_COLUMNS: readonly ReportTableMetric[] = SPEND_METRICS;
/**
 * Shown when the rows carry conversions (every table figure of the conversion group: the tiles' and
 * where they came from); a cost among them (value, cost per conversion, ROAS) only when the totals
 * carry it too.
 */
const CONVERSION_COLUMNS: readonly ReportTableMetric[] = REPORT_TABLE_METRICS.filter(
  (metric) => figureSpec(metric).group === 'conversion',
);

type Common = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The report's totals: the totals row (for every row, not just the page shown). */
  totals: ReportTotals;
  /** BCP 47 locale for numbers and dates; the browser's by default. */
  locale?: string;
  /** Rows per page at first. */
  pageSize?: number;
  /** Columns hidden at first (the column menu shows them again); on paper, columns never printed. */
  hiddenColumns?: readonly ReportTableMetric[];
  /**
   * Print layout: of the columns not hidden, those that fit an A4 page (the domain's printedFigures),
   * the others named in a note under the table.
   */
  printing?: boolean | undefined;
  /** The table's name for assistive technology. */
  caption?: string;
  /** Controls shown left of the column menu (a title, a download button). */
  toolbar?: React.ReactNode;
  /**
   * The booked rate's ISO 4217 currency (`reportData.rate.currency`): with it, and totals that carry
   * `spend`, the table shows Spend, eCPM, eCPC and CPCV in that currency.
   */
  currency?: string | undefined;
  /**
   * The report's `conversionCurrency` (its conversion actions' ISO 4217 code): with it, and totals that
   * carry `conversions`, the table shows Conversions, Conversion rate and Conversion value, and with
   * spend Cost per conversion and ROAS.
   */
  conversionCurrency?: string | null | undefined;
};

export type ReportTableProps =
  | (Common & {
      /** One row per local day or hour of the report's series. */
      by: 'period';
      series: readonly ReportSeriesPoint[];
    })
  | (Common & {
      /** One row per creative. */
      by: 'creative';
      creatives: readonly ReportCreative[];
      /** Where a creative's name links to (its own report); no link when it returns undefined. */
      rowHref?: (creative: ReportCreative) => string | undefined;
      /** Renders the link, so the console can use its router's Link; a plain anchor by default. */
      renderLink?: RenderLink;
    })
  | (Common & {
      /** One row per campaign (an advertiser's report): its name, no type. */
      by: 'campaign';
      campaigns: readonly ReportCampaign[];
      /** Where a campaign's name links to (its page); no link when it returns undefined. */
      rowHref?: (campaign: ReportCampaign) => string | undefined;
      renderLink?: RenderLink;
    });

/** A campaign's row of an advertiser's report: its figures over the report's range. */
export interface ReportCampaign {
  id: string;
  name: string;
  totals: ReportTotals;
}

type PeriodRow = ReportSeriesPoint;
/** A row named by a creative (with its type) or a campaign. */
type NamedRow = ReportTotals & {
  id: string;
  name: string;
  type?: string;
  item: ReportCampaign;
};

function metricColumns<TData extends ReportTotals>(
  helper: ReturnType<typeof dataTableColumnHelper<TData>>,
  metrics: readonly ReportTableMetric[],
  totals: ReportTotals,
  locale: string,
  currency = 'USD',
  conversionCurrency: string | null = null,
) {
  // A rate over no impressions (a day without traffic, a banner's completion rate) reads '—'; so does
  // an effective cost without the events it divides by, and a cost per conversion without conversions.
  const format = (metric: ReportTableMetric, figures: Partial<ReportTotals>) =>
    SPEND_COLUMNS.includes(metric)
      ? formatSpend(figures[metric], currency, locale)
      : isConversionMetric(metric)
        ? formatConversionFigure(metric, figures, conversionCurrency, locale)
        : formatFigure(metric, figures, locale);
  return metrics.map((metric) =>
    helper.accessor((row: TData) => row[metric] ?? 0, {
      id: metric,
      header: metricConfig[metric].label,
      cell: (context) => format(metric, context.row.original),
      footer: () => format(metric, totals),
      sortFn: 'number',
      sortDescFirst: sortsDescendingFirst('number'),
      meta: { label: metricConfig[metric].label, numeric: true, sort: 'number' },
    }),
  );
}

/**
 * The report's figures per day (or hour) or per creative: sortable columns, a totals row, a column
 * menu, pagination, right-aligned tabular numbers under a sticky header.
 */
export function ReportTable(props: ReportTableProps) {
  const {
    totals,
    locale = defaultLocale(),
    pageSize = 25,
    hiddenColumns = [],
    caption,
    toolbar,
    currency,
    conversionCurrency,
    printing = false,
    className,
    ...rest
  } = props;
  const withSpend = currency !== undefined && totals.spend !== undefined;
  const withConversions = Boolean(conversionCurrency) && totals.conversions !== undefined;
  const metrics = useMemo(
    () =>
      REPORT_TABLE_METRICS.filter(
        (metric) =>
          (!VIDEO_METRICS.includes(metric) || totals.videoStarts !== undefined) &&
          (!SPEND_COLUMNS.includes(metric) || withSpend) &&
          (!CONVERSION_COLUMNS.includes(metric) ||
            (withConversions && (!isConversionMetric(metric) || showsConversionFigure(metric, totals)))),
      ),
    [totals, withSpend, withConversions],
  );
  // On paper a day (or hour) names a row, a creative's name and type do: the figures have the rest.
  const leftOut = printing
    ? printedFigures(
        metrics.filter((metric) => !hiddenColumns.includes(metric)),
        props.by === 'period' ? 1 : 2,
      ).leftOut
    : [];
  const columnVisibility = Object.fromEntries(
    [...hiddenColumns, ...leftOut].map((metric) => [metric, false]),
  );
  const divProps = omitTableProps(rest);
  const named =
    props.by === 'creative' ? props.creatives : props.by === 'campaign' ? props.campaigns : undefined;
  const namedRows = useMemo<NamedRow[]>(
    () =>
      (named ?? []).map((item: ReportCampaign | ReportCreative) => ({
        ...item.totals,
        id: item.id,
        name: item.name,
        ...('type' in item ? { type: item.type } : {}),
        item,
      })),
    [named],
  );

  if (props.by === 'period') {
    return (
      <PeriodTable
        series={props.series}
        totals={totals}
        metrics={metrics}
        locale={locale}
        currency={currency}
        conversionCurrency={conversionCurrency ?? null}
        initialState={{ pagination: { pageIndex: 0, pageSize }, columnVisibility }}
        caption={caption}
        toolbar={toolbar}
        leftOut={leftOut}
        printing={printing}
        className={className}
        {...divProps}
      />
    );
  }
  return (
    <NamedTable
      rows={namedRows}
      by={props.by}
      // A creative's link is asked with its creative: the rows are made from it.
      rowHref={props.rowHref as ((item: ReportCampaign) => string | undefined) | undefined}
      renderLink={props.renderLink ?? renderAnchor}
      totals={totals}
      metrics={metrics}
      locale={locale}
      currency={currency}
      conversionCurrency={conversionCurrency ?? null}
      initialState={{ pagination: { pageIndex: 0, pageSize }, columnVisibility }}
      caption={caption}
      toolbar={toolbar}
      leftOut={leftOut}
      printing={printing}
      className={className}
      {...divProps}
    />
  );
}

/** The div props left once the table's own props are taken out. */
function omitTableProps(rest: Record<string, unknown>): React.ComponentProps<'div'> {
  const {
    by: _by,
    series: _series,
    creatives: _creatives,
    campaigns: _campaigns,
    rowHref: _rowHref,
    renderLink: _renderLink,
    ...div
  } = rest;
  return div as React.ComponentProps<'div'>;
}

type InnerProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  totals: ReportTotals;
  metrics: readonly ReportTableMetric[];
  locale: string;
  currency: string | undefined;
  conversionCurrency: string | null;
  initialState: {
    pagination: { pageIndex: number; pageSize: number };
    columnVisibility: Record<string, boolean>;
  };
  caption: string | undefined;
  toolbar: React.ReactNode;
  leftOut: readonly ReportTableMetric[];
  printing: boolean;
};

function PeriodTable({
  series,
  totals,
  metrics,
  locale,
  currency,
  conversionCurrency,
  initialState,
  caption,
  toolbar,
  leftOut,
  printing,
  className,
  ...props
}: InnerProps & { series: readonly ReportSeriesPoint[] }) {
  const byHour = series.length > 0 && isHourPeriod(series[0]?.date ?? '');
  const columns = useMemo(() => {
    const helper = dataTableColumnHelper<PeriodRow>();
    return helper.columns([
      helper.accessor('date', {
        id: 'date',
        header: byHour ? 'Hour' : 'Day',
        cell: (context) => formatPeriod(context.getValue(), locale),
        footer: () => 'Total',
        sortFn: 'period',
        enableHiding: false,
        meta: { label: byHour ? 'Hour' : 'Day', sort: 'period' },
      }),
      ...metricColumns(helper, metrics, totals, locale, currency, conversionCurrency),
    ]);
  }, [byHour, metrics, totals, locale, currency, conversionCurrency]);
  const table = useDataTable({
    columns,
    data: series,
    getRowId: (row) => row.date,
    initialState: { ...initialState, sorting: [{ id: 'date', desc: false }] },
  });
  return (
    <ReportTableLayout
      table={table}
      caption={caption ?? `Report by ${byHour ? 'hour' : 'day'}`}
      toolbar={toolbar}
      leftOut={leftOut}
      printing={printing}
      locale={locale}
      className={className}
      {...props}
    />
  );
}

/** One row per creative (its name and type) or per campaign (its name). */
function NamedTable({
  rows,
  by,
  rowHref,
  renderLink,
  totals,
  metrics,
  locale,
  currency,
  conversionCurrency,
  initialState,
  caption,
  toolbar,
  leftOut,
  printing,
  className,
  ...props
}: InnerProps & {
  rows: NamedRow[];
  by: 'creative' | 'campaign';
  rowHref: ((item: ReportCampaign) => string | undefined) | undefined;
  renderLink: RenderLink;
}) {
  const nameHeader = by === 'creative' ? 'Creative' : 'Campaign';
  const columns = useMemo(() => {
    const helper = dataTableColumnHelper<NamedRow>();
    const typeColumn = helper.accessor((row) => row.type ?? '', {
      id: 'type',
      header: 'Type',
      sortFn: 'text',
      meta: { label: 'Type', sort: 'text' },
    });
    return helper.columns([
      helper.accessor('name', {
        id: 'name',
        header: nameHeader,
        cell: (context) => {
          const href = rowHref?.(context.row.original.item);
          const name = (
            <span data-fitted-name="" className={FITTED_NAME_CLASSES} title={context.getValue()}>
              {context.getValue()}
            </span>
          );
          return href
            ? renderLink({
                href,
                className:
                  'block rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
                children: name,
              })
            : name;
        },
        footer: () => 'Total',
        sortFn: 'text',
        enableHiding: false,
        meta: { label: nameHeader, sort: 'text' },
      }),
      ...(by === 'creative' ? [typeColumn] : []),
      ...metricColumns(helper, metrics, totals, locale, currency, conversionCurrency),
    ]);
  }, [by, nameHeader, metrics, totals, locale, currency, conversionCurrency, rowHref, renderLink]);
  const table = useDataTable({
    columns,
    data: rows,
    getRowId: (row) => row.id,
    initialState: { ...initialState, sorting: [{ id: 'impressions', desc: true }] },
  });
  return (
    <ReportTableLayout
      table={table}
      caption={caption ?? `Report by ${by}`}
      toolbar={toolbar}
      leftOut={leftOut}
      printing={printing}
      locale={locale}
      className={className}
      {...props}
    />
  );
}

function ReportTableLayout<TData extends object>({
  table,
  caption,
  toolbar,
  locale,
  leftOut,
  printing,
  className,
  ...props
}: Omit<React.ComponentProps<'div'>, 'children'> & {
  table: ReturnType<typeof useDataTable<TData>>;
  caption: string;
  toolbar: React.ReactNode;
  locale: string;
  leftOut: readonly ReportTableMetric[];
  printing: boolean;
}) {
  return (
    <div data-slot="report-table" className={cn('flex min-w-0 flex-col gap-3', className)} {...props}>
      <DataTableToolbar table={table}>{toolbar}</DataTableToolbar>
      <DataTable
        table={table}
        caption={caption}
        emptyMessage="No figures for this period."
        className={cn(FITTED_TABLE_CLASSES, printing && PRINTED_TABLE_CLASSES)}
        sortable={!printing}
      />
      <PrintedColumnsNote leftOut={leftOut} />
      <DataTablePagination table={table} locale={locale} />
    </div>
  );
}
