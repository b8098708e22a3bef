// The report itself (the reporting page's main area): KPI tiles against the period before, the
// performance chart by day or hour, the video quartiles when there is video, the creatives' shares,
// the breakdown by site, device, OS, browser or country, the report table by period and by creative, the invalid traffic it filtered (when there was any), and
// the hour-of-week heatmap; with conversion actions, the conversion tiles, the days to conversion and the
// conversion columns (report-conversions.tsx). Props in, no fetching, so
// every state has a story; printed, it becomes an A4 document with a header naming campaign, range
// and zone.
import { KPI_METRICS } from '@adconsole/charts';
import {
  MAX_HOURLY_REPORT_DAYS,
  MESSAGES,
  type ReportCreative,
  type ReportData,
  type ReportTotals,
  type ReportUnit,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  EmptyState,
  type RenderLink,
  Skeleton,
  Spinner,
} from '@adconsole/ui';
import { BarChart3Icon } from 'lucide-react';
import * as React from 'react';
import { NearViewport } from '../../components/near-viewport';
import { formatReportDays } from './format';
import { PRINT_CHART_WIDTH } from './print-width';
import { ReportBreakdown, type ReportBreakdownProps, stillChart } from './report-breakdown';
import {
  type ChartSize,
  CreativesCard,
  FiguresCard,
  HoursCard,
  KeyFiguresSection,
  PerformanceCard,
  type ReportDrawing,
  TablePlaceholder,
  VastErrorsCard,
  VIDEO_KPIS,
  VideoQuartilesCard,
} from './report-cards';
import { NeedsCode, useReportCode } from './report-code';
import { ReportConversionLag, reportHasConversions } from './report-conversions';
import { ReportFrequency } from './report-frequency';
import { ReportInvalidTraffic } from './report-invalid';
import { ReportNotServed } from './report-not-served';
import { ReportPacing } from './report-pacing';
import { ReportReach } from './report-reach';

/**
 * Each chart's height as drawn (metric switch, drawing, legend; measured in Chromium at 390 and 1280 px
 * wide), which its placeholder holds while its code loads. The switch takes two lines on a phone.
 */
const CHART_PLACEHOLDER: Readonly<Record<ChartSize, string>> = {
  performance: 'h-[380px] md:h-[344px]',
  video: 'h-[260px]',
  lag: 'h-[260px]',
  creatives: 'h-[196px]',
  hours: 'h-[324px]',
  pacing: 'h-[312px] md:h-[292px]',
  reach: 'h-[504px] md:h-[384px]',
};

/** Where a chart goes while its code loads: its final size, so nothing below it moves. */
function ChartPlaceholder({ size }: { size: ChartSize }) {
  return <Skeleton data-chart-placeholder={size} className={CHART_PLACEHOLDER[size]} />;
}

export type ReportViewProps = {
  /** What the page shows: the report, its loading, or why it could not be read. */
  status: 'loading' | 'error' | 'ready';
  report?: ReportData | undefined;
  /** The totals of the period of the same length before, for the KPI comparison. */
  previous?: ReportTotals | undefined;
  /** Those totals are on their way: the tiles keep the room of their changes meanwhile. */
  previousLoading?: boolean | undefined;
  /** The days the previous totals cover, named under the tiles. */
  previousDays?: { start: string; end: string } | undefined;
  error?: string | undefined;
  onCancel?: (() => void) | undefined;
  onRetry?: (() => void) | undefined;
  /**
   * While loading: whether the report will have video, so the tiles' placeholders are as many as its
   * tiles (eight with video, six without). Unknown, there are eight; the number chosen when the loading
   * starts is kept until the figures arrive, so the placeholders never jump while the reader waits.
   */
  expectVideo?: boolean | undefined;
  /** The report's heading: 'Campaign summary' or the creative's name. */
  title: string;
  /** The zone as the user picked it, e.g. '(GMT+05:45) Kathmandu'. */
  zoneLabel: string;
  /** What changes the report, under its heading (the phone's bar that opens the menu); none beside a side rail. */
  controls?: React.ReactNode;
  unit: ReportUnit;
  onUnitChange: (unit: ReportUnit) => void;
  /** Hourly figures cover at most MAX_HOURLY_REPORT_DAYS (31) days. */
  hourlyAllowed: boolean;
  /** A creative summary shows no breakdown by creative. */
  scope: 'campaign' | 'creative';
  /** Where a creative's row links to (its report). */
  creativeHref?: ((creative: ReportCreative) => string | undefined) | undefined;
  renderLink?: RenderLink | undefined;
  /** What an empty campaign (nothing live yet) offers to do, e.g. a link to the campaign. */
  emptyAction?: React.ReactNode;
  /** The Breakdown section: its chosen tab and that tab's breakdown (no section without it). */
  breakdown?:
    | Omit<
        ReportBreakdownProps,
        'charts' | 'printing' | 'printWidth' | 'locale' | 'conversionCurrency' | 'rate'
      >
    | undefined;
  /** Print layout: charts at their card's inner width on an A4 page (PRINT_CHART_WIDTH), no animation or hover. */
  printing?: boolean | undefined;
  /**
   * Draw the sections below the fold only when the reader scrolls near them (the page does; a story
   * draws everything). Their headings are always there; their placeholders hold the drawn size.
   */
  deferOffscreen?: boolean | undefined;
  /**
   * The server's drawing of a share page (docs/console.md, "The share page read-only until touched"):
   * every chart at this width, without hover, inside a `data-static-chart` box that the stylesheet fits
   * to its card (the server does not know the window).
   */
  staticChartWidth?: number | undefined;
  locale?: string | undefined;
};

export function ReportView(props: ReportViewProps) {
  const { status, report, title } = props;
  return (
    <div
      data-slot="report-view"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6"
      aria-busy={status === 'loading'}
    >
      {report ? <PrintHeader report={report} title={title} zoneLabel={props.zoneLabel} /> : null}
      <header className="grid gap-1 print:hidden">
        <h1 className="font-semibold text-2xl">{title}</h1>
        {/* Two lines kept on a phone, the zone on the second from the start: nothing on it moves when
            the campaign and range replace 'Reading the figures'. */}
        <p className="min-h-10 text-muted-foreground text-sm md:min-h-5">
          <span>
            {report ? `${report.campaignName ?? ''} · ` : null}
            {report ? formatReportDays(report) : 'Reading the figures'}
          </span>
          <span className="max-md:hidden"> · </span>
          <span className="max-md:block">{props.zoneLabel}</span>
        </p>
      </header>
      {props.controls}
      {status === 'loading' ? (
        <ReportLoading onCancel={props.onCancel} expectVideo={props.expectVideo} />
      ) : null}
      {status === 'error' ? <ReportError message={props.error} onRetry={props.onRetry} /> : null}
      {status === 'ready' && report ? <ReportBody {...props} report={report} /> : null}
    </div>
  );
}

function PrintHeader({ report, title, zoneLabel }: { report: ReportData; title: string; zoneLabel: string }) {
  return (
    <div data-slot="print-header" className="hidden border-b pb-3 print:block">
      <p className="font-semibold text-xl">{report.campaignName}</p>
      <p>
        {title} · {formatReportDays(report)} · {zoneLabel}
      </p>
      <p className="text-muted-foreground text-xs">
        Figures read {new Date(report.dataPulledAt).toUTCString()}
      </p>
    </div>
  );
}

function ReportLoading({
  onCancel,
  expectVideo,
}: {
  onCancel?: (() => void) | undefined;
  expectVideo: boolean | undefined;
}) {
  const [tiles] = React.useState(() =>
    expectVideo === false ? KPI_METRICS.length - VIDEO_KPIS.length : KPI_METRICS.length,
  );
  // The placeholders stand where the report will: the tiles at their height, the status laid over
  // them rather than above, so nothing moves when the figures replace them (CLS).
  return (
    <div className="relative grid gap-6">
      <div
        className="absolute inset-x-0 top-0 z-10 flex items-center gap-3 rounded-md bg-background/90 p-2 text-muted-foreground text-sm"
        role="status"
      >
        <Spinner aria-hidden="true" />
        <span>Loading the report…</span>
        {onCancel ? (
          <Button variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
        {KPI_METRICS.slice(0, tiles).map((metric) => (
          <Skeleton key={metric} data-tile-placeholder={metric} className="h-[114px]" />
        ))}
      </div>
      <Skeleton className={CHART_PLACEHOLDER.performance} />
      <Skeleton className="h-64" />
    </div>
  );
}

function ReportError({
  message,
  onRetry,
}: {
  message?: string | undefined;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <Alert variant="danger">
      <AlertTitle>The report could not be read</AlertTitle>
      <AlertDescription className="grid gap-3">
        <span>{message ?? MESSAGES.pleaseTryAgain}</span>
        {onRetry ? (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

function ReportBody({
  report,
  previous,
  previousLoading = false,
  previousDays,
  unit,
  onUnitChange,
  hourlyAllowed,
  scope,
  creativeHref,
  renderLink,
  emptyAction,
  breakdown,
  printing = false,
  deferOffscreen = false,
  staticChartWidth,
  locale,
}: ReportViewProps & { report: ReportData }) {
  const { charts, tables } = useReportCode();
  const defer = deferOffscreen && !printing;
  const width = printing ? PRINT_CHART_WIDTH : staticChartWidth;
  const draw: ReportDrawing = {
    charts,
    tables,
    printing,
    locale,
    chartOptions: { locale, width, interactive: !printing && staticChartWidth === undefined, animate: false },
    chart: (size, drawChart) => (
      <NearViewport defer={defer} placeholder={<ChartPlaceholder size={size} />}>
        {charts ? (
          stillChart(staticChartWidth, drawChart(charts))
        ) : (
          <>
            <NeedsCode part="charts" />
            <ChartPlaceholder size={size} />
          </>
        )}
      </NearViewport>
    ),
    table: (rows, drawTable) => (
      <NearViewport defer={defer} placeholder={<TablePlaceholder rows={rows} />}>
        {drawTable}
      </NearViewport>
    ),
  };

  if (report.creatives.length === 0) {
    return (
      <EmptyState
        icon={<BarChart3Icon aria-hidden="true" />}
        title="Nothing live yet"
        description="Publish a creative and place its ad tag: its impressions, clicks and video figures show here within seconds."
        action={emptyAction}
      />
    );
  }
  const unitName = unit === 'hour' ? 'hour' : 'day';
  return (
    <>
      <KeyFiguresSection
        report={report}
        previous={previous}
        previousLoading={previousLoading}
        previousDays={previousDays}
        locale={locale}
      />
      <ReportPacing
        report={report}
        locale={locale}
        chart={draw.chart('pacing', (loaded) =>
          report.pacing ? <loaded.PacingChart pacing={report.pacing} {...draw.chartOptions} /> : null,
        )}
      />
      <PerformanceCard
        report={report}
        draw={draw}
        unitName={unitName}
        switcher={<UnitSwitch unit={unit} onUnitChange={onUnitChange} hourlyAllowed={hourlyAllowed} />}
      />
      <VideoQuartilesCard report={report} draw={draw} />
      <ReportConversionLag
        report={report}
        chart={draw.chart('lag', (loaded) => (
          <loaded.ConversionLagChart lag={report.conversionLag} {...draw.chartOptions} />
        ))}
      />
      {scope === 'campaign' ? <CreativesCard report={report} draw={draw} /> : null}
      {breakdown ? (
        <ReportBreakdown
          {...breakdown}
          charts={{ BreakdownBars: charts?.BreakdownBars, BreakdownTable: tables?.BreakdownTable }}
          printing={printing}
          printWidth={PRINT_CHART_WIDTH}
          staticChartWidth={staticChartWidth}
          deferOffscreen={defer}
          locale={locale}
          conversionCurrency={reportHasConversions(report) ? report.conversionCurrency : null}
          rate={report.rate}
        />
      ) : null}
      <FiguresCard
        report={report}
        draw={draw}
        unitName={unitName}
        scope={scope}
        creativeHref={creativeHref}
        renderLink={renderLink}
      />
      <ReportInvalidTraffic report={report} table={draw.table} locale={locale} />
      <ReportNotServed report={report} table={draw.table} locale={locale} />
      <ReportFrequency report={report} table={draw.table} locale={locale} />
      <ReportReach
        report={report}
        locale={locale}
        chart={draw.chart('reach', (loaded) => (
          <loaded.ReachCurve reach={report.reach} {...draw.chartOptions} />
        ))}
      />
      <VastErrorsCard report={report} draw={draw} />
      <HoursCard report={report} draw={draw} />
    </>
  );
}

function UnitSwitch({
  unit,
  onUnitChange,
  hourlyAllowed,
}: Pick<ReportViewProps, 'unit' | 'onUnitChange' | 'hourlyAllowed'>) {
  const choice = (value: ReportUnit, label: string, disabled = false) => (
    <Button
      variant={unit === value ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={unit === value}
      disabled={disabled}
      onClick={() => onUnitChange(value)}
    >
      {label}
    </Button>
  );
  return (
    <div className="grid justify-items-end gap-1 print:hidden">
      <div role="group" aria-label="Figures by" className="flex gap-1 rounded-md border p-0.5">
        {choice('day', 'By day')}
        {choice('hour', 'By hour', !hourlyAllowed)}
      </div>
      {hourlyAllowed ? null : (
        <p className="text-muted-foreground text-xs">
          Hourly figures cover up to {MAX_HOURLY_REPORT_DAYS} days.
        </p>
      )}
    </div>
  );
}
