// The report itself (the reporting page's main area): KPI tiles against the period before, the
// performance chart by day or hour, the video quartiles when there is video, the creatives' shares,
// the breakdown by site, device, OS, browser or country, the report table by period and by creative, the invalid traffic it filtered (when there was any), and
// the hour-of-week heatmap; with conversion actions, the conversion tiles, the days to conversion and the
// conversion columns (report-conversions.tsx). Props in, no fetching, so
// every state has a story; printed, it becomes an A4 document with a header naming campaign, range
// and zone.
import {
  KPI_METRICS,
  type KpiMetric,
  KpiTiles,
  type ReportTableMetric,
  SpendTiles,
  VastErrorsTable,
} from '@adconsole/charts';
import {
  MAX_HOURLY_REPORT_DAYS,
  type ReportCreative,
  type ReportData,
  type ReportTotals,
  type ReportUnit,
  reportHasVideo,
} from '@adconsole/domain';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  type RenderLink,
  Skeleton,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@adconsole/ui';
import { BarChart3Icon } from 'lucide-react';
import * as React from 'react';
import { NearViewport } from '../../components/near-viewport';
import { formatReportDays } from './format';
import { ReportBreakdown, type ReportBreakdownProps } from './report-breakdown';
import {
  conversionHiddenColumns,
  creativeConversionHidden,
  performanceMetrics,
  ReportConversionLag,
  ReportConversionTiles,
  reportHasConversions,
} from './report-conversions';
import { ReportInvalidTraffic } from './report-invalid';
import { ReportPacing } from './report-pacing';

type ReportCharts = typeof import('./report-charts') & typeof import('./report-tables');
let loadedCharts: ReportCharts | undefined;

/**
 * Loads the charts' and the tables' code once. The reporting page starts it once its first paint is on
 * screen (lib/after-paint.ts), so the chunks arrive while the figures load; the heading and tiles never
 * wait, nor share the connection with them.
 */
export function loadReportCharts(): Promise<ReportCharts> {
  return Promise.all([import('./report-charts'), import('./report-tables')]).then(([charts, tables]) => {
    loadedCharts = { ...charts, ...tables };
    return loadedCharts;
  });
}

/** The charts' components once their code is here (at once when it already is). */
function useReportCharts(): ReportCharts | undefined {
  const [charts, setCharts] = React.useState(loadedCharts);
  React.useEffect(() => {
    // drawn in a transition, in slices of a few milliseconds, not one long task
    if (!charts) void loadReportCharts().then((loaded) => React.startTransition(() => setCharts(loaded)));
  }, [charts]);
  return charts;
}

/**
 * Each chart's height as drawn (metric switch, drawing, legend; measured in Chromium at 390 and 1280 px
 * wide), which its placeholder holds while its code loads. The switch takes two lines on a phone.
 */
const CHART_PLACEHOLDER = {
  performance: 'h-[380px] md:h-[344px]',
  video: 'h-[260px]',
  lag: 'h-[260px]',
  creatives: 'h-[196px]',
  hours: 'h-[324px]',
  pacing: 'h-[312px] md:h-[292px]',
} as const;

/** Where a chart goes while its code loads: its final size, so nothing below it moves. */
function ChartPlaceholder({ size }: { size: keyof typeof CHART_PLACEHOLDER }) {
  return <Skeleton data-chart-placeholder={size} className={CHART_PLACEHOLDER[size]} />;
}

/**
 * A table's drawn height while it waits below the fold: its header, `rows` rows, the totals row and the
 * pagination (measured in Chromium: 41 px a row, 56 px of pagination).
 */
function TablePlaceholder({ rows }: { rows: number }) {
  return <Skeleton data-table-placeholder="" style={{ height: 41 * (rows + 2) + 56 }} />;
}

/** The printable width of an A4 page with 12 mm margins, in CSS pixels (186 mm at 96 per inch). */
const PRINT_WIDTH = 700;

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
  /** Print layout: charts at the page's width, no animation or hover. */
  printing?: boolean | undefined;
  /**
   * Draw the sections below the fold only when the reader scrolls near them (the page does; a story
   * draws everything). Their headings are always there; their placeholders hold the drawn size.
   */
  deferOffscreen?: boolean | undefined;
  locale?: string | undefined;
};

const VIDEO_KPIS: readonly KpiMetric[] = ['videoCompletes', 'completionRate'];
const VIDEO_COLUMNS: ReportTableMetric[] = ['videoStarts', 'videoCompletes', 'completionRate'];
/**
 * On screen the table starts without the counts whose rate it shows beside them (viewable impressions,
 * engagements, video starts), so a 1440 px window shows every other column without scrolling; the
 * column menu brings them back.
 */
const SCREEN_HIDDEN_COLUMNS: ReportTableMetric[] = ['viewable', 'engagement', 'videoStarts'];
const PRINT_HIDDEN_COLUMNS: ReportTableMetric[] = [
  'viewable',
  'engagementRate',
  'videoStarts',
  'videoCompletes',
];

const COST_COLUMNS: ReportTableMetric[] = ['ecpm', 'ecpc', 'cpcv'];

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
        <span>{message ?? 'Please try again.'}</span>
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
  locale,
}: ReportViewProps & { report: ReportData }) {
  const charts = useReportCharts();
  const hasVideo = reportHasVideo(report);
  const width = printing ? PRINT_WIDTH : undefined;
  const chartOptions = { locale, width, interactive: !printing, animate: false } as const;
  const defer = deferOffscreen && !printing;
  /** A chart, drawn once its code is here and the reader is near it. */
  const chart = (size: keyof typeof CHART_PLACEHOLDER, draw: (loaded: ReportCharts) => React.ReactNode) => (
    <NearViewport defer={defer} placeholder={<ChartPlaceholder size={size} />}>
      {charts ? draw(charts) : <ChartPlaceholder size={size} />}
    </NearViewport>
  );
  /** A table, drawn once the reader is near it. */
  const table = (rows: number, draw: React.ReactNode) => (
    <NearViewport defer={defer} placeholder={<TablePlaceholder rows={rows} />}>
      {draw}
    </NearViewport>
  );
  /** A data table of the charts' chunk: drawn once its code is here and the reader is near it. */
  const dataTable = (rows: number, draw: (loaded: ReportCharts) => React.ReactNode) =>
    table(rows, charts ? draw(charts) : <TablePlaceholder rows={rows} />);

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
  const kpis = hasVideo ? KPI_METRICS : KPI_METRICS.filter((metric) => !VIDEO_KPIS.includes(metric));
  // On paper the table keeps the columns that fit the page's width.
  const hiddenColumns: ReportTableMetric[] = [
    ...(hasVideo ? [] : VIDEO_COLUMNS),
    ...(printing ? PRINT_HIDDEN_COLUMNS : SCREEN_HIDDEN_COLUMNS),
    // Spend shows; the effective costs (in the spend tiles above) wait in the column menu. On paper
    // Spend takes the engagements' room.
    ...COST_COLUMNS,
    ...(printing && report.rate ? (['engagement'] as const) : []),
    ...conversionHiddenColumns(report, printing),
  ];
  const unitName = unit === 'hour' ? 'hour' : 'day';

  return (
    <>
      <section aria-labelledby="report-kpis" className="grid gap-2 break-inside-avoid">
        <h2 id="report-kpis" className="sr-only">
          Key figures
        </h2>
        <KpiTiles
          totals={report.totals}
          previous={previous}
          comparing={previousLoading}
          metrics={kpis}
          locale={locale}
        />
        {previousDays ? (
          <p className="text-muted-foreground text-xs">
            Changes compared with {formatReportDays(previousDays)}.
          </p>
        ) : null}
        {report.rate && report.totals.spend !== undefined ? (
          <SpendTiles
            totals={report.totals}
            currency={report.rate.currency}
            locale={locale}
            aria-label={`Spend at ${report.rate.currency} rates`}
          />
        ) : null}
        <ReportConversionTiles
          report={report}
          previous={previous}
          comparing={previousLoading}
          locale={locale}
        />
      </section>

      <ReportPacing
        report={report}
        locale={locale}
        chart={chart('pacing', (loaded) =>
          report.pacing ? <loaded.PacingChart pacing={report.pacing} {...chartOptions} /> : null,
        )}
      />

      <Card className="break-inside-avoid print:break-before-page" aria-labelledby="report-performance">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <CardTitle level={2} id="report-performance">
              Performance
            </CardTitle>
            <CardDescription>
              By {unitName}, in {report.timezone.tzCode}.
            </CardDescription>
          </div>
          <UnitSwitch unit={unit} onUnitChange={onUnitChange} hourlyAllowed={hourlyAllowed} />
        </CardHeader>
        <CardContent>
          {chart('performance', (loaded) => (
            <loaded.PerformanceChart
              series={report.series}
              metrics={performanceMetrics(report)}
              {...chartOptions}
            />
          ))}
        </CardContent>
      </Card>

      {hasVideo ? (
        <Card className="break-inside-avoid" aria-labelledby="report-video">
          <CardHeader>
            <CardTitle level={2} id="report-video">
              Video quartiles
            </CardTitle>
            <CardDescription>How far viewers watched, of every video start.</CardDescription>
          </CardHeader>
          <CardContent>
            {chart('video', (loaded) => (
              <loaded.VideoQuartilesChart totals={report.totals} {...chartOptions} />
            ))}
          </CardContent>
        </Card>
      ) : null}

      <ReportConversionLag
        report={report}
        chart={chart('lag', (loaded) => (
          <loaded.ConversionLagChart lag={report.conversionLag} {...chartOptions} />
        ))}
      />

      {scope === 'campaign' && report.creatives.length > 1 ? (
        <Card className="break-inside-avoid print:break-before-page" aria-labelledby="report-creatives">
          <CardHeader>
            <CardTitle level={2} id="report-creatives">
              Creatives
            </CardTitle>
            <CardDescription>Each creative's share of impressions and clicks.</CardDescription>
          </CardHeader>
          <CardContent>
            {chart('creatives', (loaded) => (
              <loaded.CreativeBreakdown creatives={report.creatives} {...chartOptions} />
            ))}
          </CardContent>
        </Card>
      ) : null}

      {breakdown ? (
        <ReportBreakdown
          {...breakdown}
          charts={charts}
          printing={printing}
          printWidth={PRINT_WIDTH}
          deferOffscreen={defer}
          locale={locale}
          conversionCurrency={reportHasConversions(report) ? report.conversionCurrency : null}
          rate={report.rate}
        />
      ) : null}

      <Card className="print:break-before-page" aria-labelledby="report-table">
        <CardHeader>
          <CardTitle level={2} id="report-table">
            Figures
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="period">
            <TabsList className="print:hidden">
              <TabsTrigger value="period">By {unitName}</TabsTrigger>
              {scope === 'campaign' ? <TabsTrigger value="creative">By creative</TabsTrigger> : null}
            </TabsList>
            <TabsContent value="period" forceMount={printing ? true : undefined}>
              {dataTable(Math.min(report.series.length, 25), (loaded) => (
                <loaded.ReportTable
                  key={printing ? 'print' : 'screen'}
                  by="period"
                  series={report.series}
                  totals={report.totals}
                  caption={`Figures by ${unitName}`}
                  locale={locale}
                  pageSize={printing ? report.series.length : undefined}
                  hiddenColumns={hiddenColumns}
                  currency={report.rate?.currency}
                  conversionCurrency={report.conversionCurrency}
                />
              ))}
            </TabsContent>
            {scope === 'campaign' ? (
              <TabsContent value="creative" forceMount={printing ? true : undefined}>
                {dataTable(Math.min(report.creatives.length, 25), (loaded) => (
                  <loaded.ReportTable
                    key={printing ? 'print' : 'screen'}
                    by="creative"
                    creatives={report.creatives}
                    totals={report.totals}
                    caption="Figures by creative"
                    locale={locale}
                    rowHref={creativeHref}
                    renderLink={renderLink}
                    // The creative's type takes the room of Spend: its engagement rate waits in the menu
                    // (and, beside conversions, its spend: the ROAS column relates value to it).
                    hiddenColumns={
                      report.rate && !printing
                        ? [...hiddenColumns, 'engagementRate', ...creativeConversionHidden(report)]
                        : hiddenColumns
                    }
                    currency={report.rate?.currency}
                    conversionCurrency={report.conversionCurrency}
                  />
                ))}
              </TabsContent>
            ) : null}
          </Tabs>
        </CardContent>
      </Card>

      <ReportInvalidTraffic report={report} table={table} locale={locale} />

      {report.errors.length > 0 || report.verificationNotExecuted.length > 0 ? (
        <Card className="break-inside-avoid" aria-labelledby="report-vast-errors">
          <CardHeader>
            <CardTitle level={2} id="report-vast-errors">
              VAST errors
            </CardTitle>
            <CardDescription>
              What video players reported going wrong, by VAST error code, and verification scripts they did
              not run: each counted once per ad served.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {table(
              report.errors.length + report.verificationNotExecuted.length,
              <VastErrorsTable
                errors={report.errors}
                verificationNotExecuted={report.verificationNotExecuted}
                locale={locale}
              />,
            )}
          </CardContent>
        </Card>
      ) : null}

      <Card className="break-inside-avoid print:break-before-page" aria-labelledby="report-hours">
        <CardHeader>
          <CardTitle level={2} id="report-hours">
            Hour of the week
          </CardTitle>
          <CardDescription>When the audience sees and clicks, in local time.</CardDescription>
        </CardHeader>
        <CardContent>
          {chart('hours', (loaded) => (
            <loaded.HourHeatmap weekHours={report.weekHours} {...chartOptions} />
          ))}
        </CardContent>
      </Card>
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
