// A report breakdown's figures in the terms the other widgets use: the domain's report metric names
// (so formatting and the "—" rule are ReportTable's), the dimension's name, and the sum of a breakdown.
import {
  addBreakdownCounters,
  type Breakdown,
  type BreakdownDimension,
  type BreakdownFigures,
  besideTheirCounts,
  breakdownFigures,
  type CampaignRate,
  type FigureKeyOf,
  figureKeysIn,
  figureSpec,
  type ReportTotals,
  zeroBreakdownCounters,
} from '@adconsole/domain';

/** A dimension's name in a column header or a tab. */
export const BREAKDOWN_DIMENSION_LABELS: Readonly<Record<BreakdownDimension, string>> = {
  site: 'Site',
  device: 'Device',
  os: 'OS',
  browser: 'Browser',
  country: 'Country',
};

/** A breakdown's name in a caption or a sentence: 'site', 'OS'... */
export const breakdownNoun = (dimension: BreakdownDimension): string =>
  dimension === 'os' ? 'OS' : BREAKDOWN_DIMENSION_LABELS[dimension].toLowerCase();

/** A breakdown figure on screen: shown in breakdowns and tables, of the base and video groups. */
export type BreakdownMetric = FigureKeyOf<{
  group: 'base' | 'video';
  shows: { breakdown: true; table: true };
}>;
/**
 * The figures a breakdown row has, as report metrics, in column order (the domain's REPORT_FIGURES shown
 * in breakdowns and tables, each rate beside its count); video ones only with video.
 */
export const BREAKDOWN_METRICS: readonly BreakdownMetric[] = besideTheirCounts(
  figureKeysIn('breakdown', ['base', 'video'])
    .filter((key) => figureSpec(key).shows?.table === true)
    .map((key) => ({ key })),
).map(({ key }) => key as BreakdownMetric);

export const BREAKDOWN_VIDEO_METRICS: readonly BreakdownMetric[] = BREAKDOWN_METRICS.filter(
  (metric) => figureSpec(metric).group === 'video',
);

/**
 * A breakdown row's (or Other's, Unknown's) figures as report figures (a breakdown's keys are the
 * figures' own): its counters, rates and conversions, without its spend (the table formats that apart).
 */
export function breakdownReportFigures(figures: BreakdownFigures): Partial<ReportTotals> {
  const {
    spend: _spend,
    ecpm: _ecpm,
    ecpc: _ecpc,
    cpcv: _cpcv,
    value: _value,
    label: _label,
    ...rest
  } = figures as BreakdownFigures & { value?: string; label?: string };
  return rest;
}

/** Every part of a breakdown: its rows, then Other and Unknown when there are any. */
function breakdownParts(breakdown: Breakdown): BreakdownFigures[] {
  return [
    ...breakdown.rows,
    ...(breakdown.other ? [breakdown.other] : []),
    ...(breakdown.unknown ? [breakdown.unknown] : []),
  ];
}

/**
 * The sum of rows, Other and Unknown: the report's totals for the breakdown's figures. With the report's
 * booked rate its spend (and so cost per conversion and ROAS), with its conversion currency the
 * conversions' value as an amount, both by the domain's rules for a row.
 */
export function breakdownTotal(
  breakdown: Breakdown,
  booked: CampaignRate | null = null,
  conversionCurrency: string | null = null,
): BreakdownFigures {
  const sum = zeroBreakdownCounters();
  for (const part of breakdownParts(breakdown)) addBreakdownCounters(sum, part);
  return breakdownFigures(sum, booked, conversionCurrency);
}

/** Whether a breakdown has anything to show: a row, Other or Unknown. */
export const breakdownIsEmpty = (breakdown: Breakdown): boolean => breakdownParts(breakdown).length === 0;

/** Whether any part of a breakdown had a video start: its video columns are worth showing. */
export const breakdownHasVideo = (breakdown: Breakdown): boolean =>
  breakdownParts(breakdown).some((part) => part.videoStarts > 0);

/**
 * Whether every part of a breakdown carries the conversions' value (minor units): not on a share link
 * made without costs (docs/reports.md, "Share links").
 */
export const breakdownHasConversionValue = (breakdown: Breakdown): boolean =>
  breakdownParts(breakdown).every((part) => part.conversionValueMinor !== undefined);

/** Whether every part of a breakdown carries conversions (an answer of a server since conversions). */
export const breakdownHasConversions = (breakdown: Breakdown): boolean =>
  breakdownParts(breakdown).every((part) => part.conversions !== undefined);
