// The report's cards, one component each (the report view places them): the key figures, the
// performance chart, the video quartiles, the creatives' shares, the figures tables, the VAST errors and
// the hour-of-week heatmap. Which tiles and columns show is the domain's REPORT_FIGURES (the tiles', the
// tables' figures); what a card draws comes from `draw`, which holds a chart or table until its code is
// here and the reader is near it.
import {
  KPI_METRICS,
  KpiTiles,
  REPORT_TABLE_METRICS,
  type ReportTableMetric,
  SpendTiles,
  VastErrorsTable,
} from '@adconsole/charts';
import {
  figureSpec,
  type ReportCreative,
  type ReportData,
  type ReportTotals,
  reportHasVideo,
  reportIncludesToday,
} from '@adconsole/domain';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  type RenderLink,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@adconsole/ui';
import type * as React from 'react';
import { formatReportDays, reportZoneName } from './format';
import { ReportBudget } from './report-budget';
import { type ChartsCode, NeedsCode, type TablesCode } from './report-code';
import {
  conversionHiddenColumns,
  creativeConversionHidden,
  performanceMetrics,
  ReportConversionTiles,
} from './report-conversions';

/** The charts whose placeholder holds their drawn size. */
export type ChartSize = 'performance' | 'video' | 'lag' | 'creatives' | 'hours' | 'pacing' | 'reach';

/** How a card draws its chart or table: once the charts' code is here and the reader is near it. */
export interface ReportDrawing {
  /** The charts' code, once here (report-code.tsx). */
  charts: ChartsCode | undefined;
  /** The tables' code, once here: asked for when the first table comes near. */
  tables: TablesCode | undefined;
  printing: boolean;
  locale: string | undefined;
  chartOptions: {
    locale: string | undefined;
    width: number | undefined;
    interactive: boolean;
    animate: false;
  };
  /** A chart, drawn once its code is here and the reader is near it. */
  chart: (size: ChartSize, draw: (loaded: ChartsCode) => React.ReactNode) => React.ReactNode;
  /** A table, drawn once the reader is near it, holding `rows` rows' height until then. */
  table: (rows: number, draw: React.ReactNode) => React.ReactNode;
}

/**
 * A table's drawn height while it waits below the fold: its header, `rows` rows, the totals row and the
 * pagination (measured in Chromium: 41 px a row, 56 px of pagination).
 */
export function TablePlaceholder({ rows }: { rows: number }) {
  return <Skeleton data-table-placeholder="" style={{ height: 41 * (rows + 2) + 56 }} />;
}

/** The headline tiles of the video group (the domain's REPORT_FIGURES): shown with video data only. */
export const VIDEO_KPIS = KPI_METRICS.filter((metric) => figureSpec(metric).group === 'video');
/** The table's video columns: shown with video data only. */
const VIDEO_COLUMNS = REPORT_TABLE_METRICS.filter((metric) => figureSpec(metric).group === 'video');
/** The effective costs (the spend figures that do not add up): in the spend tiles, the columns wait in the menu. */
const COST_COLUMNS = REPORT_TABLE_METRICS.filter(
  (metric) => figureSpec(metric).group === 'spend' && figureSpec(metric).adds !== true,
);
/**
 * On screen the table starts without the counts whose rate it shows beside them (viewable impressions,
 * engagements, video starts), so a 1440 px window shows every other column without scrolling; the
 * column menu brings them back.
 */
const SCREEN_HIDDEN_COLUMNS: ReportTableMetric[] = ['viewable', 'engagement', 'videoStarts'];

/** The key figures: the tiles against the period before, the spend and the conversion tiles. */
export function KeyFiguresSection({
  report,
  previous,
  previousLoading,
  previousDays,
  locale,
}: {
  report: ReportData;
  previous: ReportTotals | undefined;
  previousLoading: boolean;
  previousDays: { start: string; end: string } | undefined;
  locale: string | undefined;
}) {
  // The range holds today in its zone at the figures' time: a day not over (docs/product.md §4).
  const running = reportIncludesToday(report, report.timezone.tzCode, new Date(report.dataPulledAt));
  const kpis = reportHasVideo(report)
    ? KPI_METRICS
    : KPI_METRICS.filter((metric) => !VIDEO_KPIS.includes(metric));
  return (
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
      {previousDays || running ? (
        <p className="text-muted-foreground text-xs" data-slot="report-comparison">
          {previousDays ? <>Changes compared with {formatReportDays(previousDays)}.</> : null}
          {running ? (
            <>
              {previousDays ? ' ' : null}
              <strong className="font-medium text-foreground">Today is not over:</strong> its figures are so
              far{previousDays ? ', so a change against the whole days before reads low' : ''}.
            </>
          ) : null}
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
      <ReportBudget budget={report.budget} locale={locale} />
      <ReportConversionTiles
        report={report}
        previous={previous}
        comparing={previousLoading}
        locale={locale}
      />
    </section>
  );
}

/** The performance chart by day or hour, with the unit's switch. */
export function PerformanceCard({
  report,
  draw,
  unitName,
  switcher,
}: {
  report: ReportData;
  draw: ReportDrawing;
  unitName: string;
  switcher: React.ReactNode;
}) {
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-performance">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle level={2} id="report-performance">
            Performance
          </CardTitle>
          <CardDescription>
            By {unitName}, in {report.timezone.tzCode}.
          </CardDescription>
        </div>
        {switcher}
      </CardHeader>
      <CardContent>
        {draw.chart('performance', (loaded) => (
          <loaded.PerformanceChart
            series={report.series}
            metrics={performanceMetrics(report)}
            {...draw.chartOptions}
          />
        ))}
      </CardContent>
    </Card>
  );
}

/** How far viewers watched (with video data). */
export function VideoQuartilesCard({ report, draw }: { report: ReportData; draw: ReportDrawing }) {
  if (!reportHasVideo(report)) return null;
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-video">
      <CardHeader>
        <CardTitle level={2} id="report-video">
          Video quartiles
        </CardTitle>
        <CardDescription>How far viewers watched, of every video start.</CardDescription>
      </CardHeader>
      <CardContent>
        {draw.chart('video', (loaded) => (
          <loaded.VideoQuartilesChart totals={report.totals} {...draw.chartOptions} />
        ))}
      </CardContent>
    </Card>
  );
}

/** Each creative's share of impressions and clicks (a campaign of more than one). */
export function CreativesCard({ report, draw }: { report: ReportData; draw: ReportDrawing }) {
  if (report.creatives.length < 2) return null;
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-creatives">
      <CardHeader>
        <CardTitle level={2} id="report-creatives">
          Creatives
        </CardTitle>
        <CardDescription>Each creative's share of impressions and clicks.</CardDescription>
      </CardHeader>
      <CardContent>
        {draw.chart('creatives', (loaded) => (
          <loaded.CreativeBreakdown creatives={report.creatives} {...draw.chartOptions} />
        ))}
      </CardContent>
    </Card>
  );
}

/**
 * The columns the figures tables start without: what the report lacks, what waits in the menu. On
 * paper only what the report lacks: the tables keep the figures that fit the page by the domain's
 * printedFigures and name the others under them (docs/console.md, "Printing").
 */
function hiddenColumnsOf(report: ReportData, printing: boolean): ReportTableMetric[] {
  const lacks = reportHasVideo(report) ? [] : VIDEO_COLUMNS;
  if (printing) return lacks;
  return [
    ...lacks,
    ...SCREEN_HIDDEN_COLUMNS,
    // Spend shows; the effective costs (in the spend tiles above) wait in the column menu.
    ...COST_COLUMNS,
    ...conversionHiddenColumns(report),
  ];
}

/** The figures tables: by day or hour, and (a campaign) by creative. */
export function FiguresCard({
  report,
  draw,
  unitName,
  scope,
  creativeHref,
  renderLink,
}: {
  report: ReportData;
  draw: ReportDrawing;
  unitName: string;
  scope: 'campaign' | 'creative';
  creativeHref?: ((creative: ReportCreative) => string | undefined) | undefined;
  renderLink?: RenderLink | undefined;
}) {
  const { tables, printing, locale } = draw;
  const hiddenColumns = hiddenColumnsOf(report, printing);
  /** A data table of the tables' chunk: drawn once the reader is near it and its code is here. */
  const dataTable = (rows: number, drawTable: (loaded: TablesCode) => React.ReactNode) =>
    draw.table(
      rows,
      tables ? (
        drawTable(tables)
      ) : (
        <>
          <NeedsCode part="tables" />
          <TablePlaceholder rows={rows} />
        </>
      ),
    );
  const key = printing ? 'print' : 'screen';
  const common = {
    totals: report.totals,
    locale,
    currency: report.rate?.currency,
    conversionCurrency: report.conversionCurrency,
  };
  return (
    <Card aria-labelledby="report-table">
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
                {...common}
                key={key}
                by="period"
                series={report.series}
                caption={`Figures by ${unitName}`}
                pageSize={printing ? report.series.length : undefined}
                hiddenColumns={hiddenColumns}
                printing={printing}
              />
            ))}
          </TabsContent>
          {scope === 'campaign' ? (
            <TabsContent value="creative" forceMount={printing ? true : undefined}>
              {dataTable(Math.min(report.creatives.length, 25), (loaded) => (
                <loaded.ReportTable
                  {...common}
                  key={key}
                  by="creative"
                  creatives={report.creatives}
                  caption="Figures by creative"
                  rowHref={creativeHref}
                  renderLink={renderLink}
                  printing={printing}
                  // The creative's type takes the room of Spend: its engagement rate waits in the menu
                  // (and, beside conversions, its spend: the ROAS column relates value to it).
                  hiddenColumns={
                    report.rate && !printing
                      ? [...hiddenColumns, 'engagementRate', ...creativeConversionHidden(report)]
                      : hiddenColumns
                  }
                />
              ))}
            </TabsContent>
          ) : null}
        </Tabs>
      </CardContent>
    </Card>
  );
}

/** What video players reported going wrong (when they reported anything). */
export function VastErrorsCard({ report, draw }: { report: ReportData; draw: ReportDrawing }) {
  if (report.errors.length === 0 && report.verificationNotExecuted.length === 0) return null;
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-vast-errors">
      <CardHeader>
        <CardTitle level={2} id="report-vast-errors">
          VAST errors
        </CardTitle>
        <CardDescription>
          What video players reported going wrong, by VAST error code, and verification scripts they did not
          run: each counted once per ad served.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {draw.table(
          report.errors.length + report.verificationNotExecuted.length,
          <VastErrorsTable
            errors={report.errors}
            verificationNotExecuted={report.verificationNotExecuted}
            locale={draw.locale}
          />,
        )}
      </CardContent>
    </Card>
  );
}

/** When the audience sees and clicks, by local weekday and hour. */
export function HoursCard({ report, draw }: { report: ReportData; draw: ReportDrawing }) {
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-hours">
      <CardHeader>
        <CardTitle level={2} id="report-hours">
          Hour of the week
        </CardTitle>
        <CardDescription>
          When the audience sees and clicks, by weekday and hour in {reportZoneName(report.timezone.tzCode)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {draw.chart('hours', (loaded) => (
          <loaded.HourHeatmap weekHours={report.weekHours} {...draw.chartOptions} />
        ))}
      </CardContent>
    </Card>
  );
}
