// The report's conversions (docs/conversions.md, "Charts and screens"): shown when the campaign has
// conversion actions (the report's `conversionCurrency` is set) and the answer carries conversion
// counters. The tiles sit under the key figures; the lag chart (drawn by the caller once the charts'
// code is here) has a card of its own; the table's and the performance chart's conversion options are
// chosen here, so the report view only places them.
import { ConversionTiles, type PerformanceMetric, type ReportTableMetric } from '@adconsole/charts';
import {
  figureKeysIn,
  figureSpec,
  type ReportData,
  type ReportTotals,
  reportHasVideo,
  showsIn,
} from '@adconsole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@adconsole/ui';
import type * as React from 'react';

/** Whether the report shows conversions: the campaign has conversion actions and the figures count them. */
export const reportHasConversions = (report: Pick<ReportData, 'conversionCurrency' | 'totals'>): boolean =>
  Boolean(report.conversionCurrency) && report.totals.conversions !== undefined;

/**
 * The performance chart's switch with conversions (the charts' CONVERSION_PERFORMANCE_METRICS, written
 * here: that module brings nivo, which the report's first paint does without).
 */
const WITH_CONVERSIONS: readonly PerformanceMetric[] = [
  'impressions',
  'engagement',
  'clicks',
  'ctr',
  'conversions',
];

/** The performance chart's switch: conversions beside the other figures when the report has them. */
export const performanceMetrics = (report: ReportData): readonly PerformanceMetric[] | undefined =>
  reportHasConversions(report) ? WITH_CONVERSIONS : undefined;

/**
 * The conversion columns the figures tables start without on screen: the rate per click waits in the
 * column menu beside the counts (conversions, value, and with a rate cost per conversion and ROAS show),
 * and so do viewability, the engagement rate and video completes (the tiles give them), so a 1440 px window
 * still shows every column. (On paper the tables keep what fits the page: the domain's printedFigures.)
 */
export function conversionHiddenColumns(report: ReportData): ReportTableMetric[] {
  if (!reportHasConversions(report)) return [];
  return [
    ...SOURCE_FIGURES,
    'conversionRate',
    'viewabilityRate',
    'engagementRate',
    'videoCompletes',
    // A video campaign's completion rate takes the room of the cost per conversion (in its tile).
    ...(reportHasVideo(report) ? (['costPerConversion'] as const) : []),
  ];
}

/** The creative table's extra room with conversions and a rate: its spend waits in the column menu. */
export const creativeConversionHidden = (report: ReportData): ReportTableMetric[] =>
  reportHasConversions(report) && report.rate ? ['spend'] : [];

/**
 * Where the conversions came from (signed, unsigned from the tag) and how many were refused: the
 * conversion figures of the tables that have no tile (REPORT_FIGURES), in the line under the tiles; in
 * the tables they wait in the column menu.
 */
const SOURCE_FIGURES = figureKeysIn('table', ['conversion']).filter(
  (key) => !showsIn(figureSpec(key), 'tiles'),
) as ReportTableMetric[];

/** "Signed conversions: 120 · Unsigned conversions (tag): 240 · Refused conversions: 12". */
function ConversionSources({ totals, locale }: { totals: ReportTotals; locale: string | undefined }) {
  const figures = SOURCE_FIGURES.flatMap((key) => {
    const value = totals[key as keyof ReportTotals];
    return typeof value === 'number' ? [{ key, label: figureSpec(key).label, value }] : [];
  });
  if (figures.length === 0) return null;
  const count = new Intl.NumberFormat(locale);
  return (
    <p className="text-muted-foreground text-sm" data-slot="conversion-sources">
      {figures.map((figure) => `${figure.label}: ${count.format(figure.value)}`).join(' · ')}
    </p>
  );
}

/** The conversion tiles under the key figures; nothing without conversion actions. */
export function ReportConversionTiles({
  report,
  previous,
  comparing,
  locale,
}: {
  report: ReportData;
  previous: ReportTotals | undefined;
  comparing: boolean;
  locale: string | undefined;
}) {
  if (!reportHasConversions(report)) return null;
  return (
    <div className="grid gap-2">
      <ConversionTiles
        totals={report.totals}
        currency={report.conversionCurrency}
        previous={previous?.conversions === undefined ? undefined : previous}
        comparing={comparing}
        locale={locale}
        aria-label={`Conversions, value in ${report.conversionCurrency}`}
      />
      <ConversionSources totals={report.totals} locale={locale} />
    </div>
  );
}

/** The days from click to conversion, in a card of their own. */
export function ReportConversionLag({ report, chart }: { report: ReportData; chart: React.ReactNode }) {
  if (!reportHasConversions(report)) return null;
  return (
    <Card className="break-inside-avoid" aria-labelledby="report-conversion-lag">
      <CardHeader>
        <CardTitle level={2} id="report-conversion-lag">
          Days to conversion
        </CardTitle>
        <CardDescription>
          How long after their click this range's conversions came. Each is counted on its own day, not its
          click's.
        </CardDescription>
      </CardHeader>
      <CardContent>{chart}</CardContent>
    </Card>
  );
}
