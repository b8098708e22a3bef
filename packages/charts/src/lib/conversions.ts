// Conversion figures as the reports show them (docs/conversions.md, "Charts and screens"): counts whole,
// the rate per click in percent, value and cost per conversion as money in the report's conversion
// currency (the domain's formatMoney), ROAS as a ratio of the spend (the domain's formatRatio: '2.35x',
// '1,365x'; docs/reports.md, "ROAS as a ratio"). A figure without its denominator
// (a rate over no clicks, a cost per conversion without conversions, a ROAS without spend) reads '—'.
import {
  type ConversionLag,
  type FigureKeyOf,
  figureKeysIn,
  figureSpec,
  formatMoney,
  formatRatio,
  isCostFigure,
  minorToAmount,
  type ReportTotals,
} from '@adconsole/domain';
import { formatCount, formatFigure, NO_VALUE } from './format';

export type ConversionMetric = FigureKeyOf<{ group: 'conversion'; shows: { tiles: true } }>;
/** The conversion figures in the order tiles and tables show them (the domain's REPORT_FIGURES). */
export const CONVERSION_METRICS: readonly ConversionMetric[] = figureKeysIn('tiles', [
  'conversion',
]) as ConversionMetric[];
/**
 * The conversion figures that are costs (the domain's isCostFigure: value, cost per conversion, ROAS):
 * each shows only where the figures carry it. Without a booked rate a report has no cost per conversion
 * or ROAS; a share link made without costs has none of the three (docs/reports.md, "Share links").
 */
export const COST_CONVERSION_METRICS: readonly ConversionMetric[] = CONVERSION_METRICS.filter((metric) =>
  isCostFigure(figureSpec(metric)),
);

/** Whether figures carry a conversion figure: the value as an amount or as its minor units. */
const carriesConversionFigure = (metric: ConversionMetric, figures: ConversionFigures): boolean =>
  metric === 'conversionValue'
    ? figures.conversionValue !== undefined || figures.conversionValueMinor !== undefined
    : figures[metric] !== undefined;

/** Whether a conversion figure shows beside figures: a count or rate always, a cost when they carry it. */
export const showsConversionFigure = (metric: ConversionMetric, figures: ConversionFigures): boolean =>
  !COST_CONVERSION_METRICS.includes(metric) || carriesConversionFigure(metric, figures);
/** The figures in money (the conversion currency). */
const MONEY_METRICS: readonly ConversionMetric[] = CONVERSION_METRICS.filter(
  (metric) => figureSpec(metric).kind === 'money',
);

export const isConversionMetric = (metric: string): metric is ConversionMetric =>
  (CONVERSION_METRICS as readonly string[]).includes(metric);

/** Figures that may carry conversions: report totals, a series point, a creative's or a breakdown row's. */
export type ConversionFigures = Partial<
  Pick<ReportTotals, 'clicks' | 'conversions' | 'conversionValueMinor' | ConversionMetric>
>;

/** An amount in the currency ('$1,234.50', '1.234,50 €'); the currency's code when the locale cannot. */
export function formatConversionMoney(amount: number, currency: string, locale: string): string {
  try {
    return formatMoney(amount, currency, locale);
  } catch {
    return formatMoney(amount, currency);
  }
}

const wholePercentFormats = new Map<string, Intl.NumberFormat>();
/** A fraction (2.5) in whole percent: '250%' (en-US), '250 %' (de-DE). */
function formatWholePercent(fraction: number, locale: string): string {
  let format = wholePercentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    wholePercentFormats.set(locale, format);
  }
  return format.format(fraction);
}

/** Return on ad spend (value / spend) as a ratio: 2.345 reads '2.35x', 1,365.08 '1,365x' ('1.365x' in de-DE). */
export const formatRoas = (roas: number, locale: string): string => formatRatio(roas, locale);

/** A lag bar's share of the conversions (given in percent, 48.25) above it: '48%'. */
export const formatLagShare = (percent: number, locale: string): string =>
  formatWholePercent(percent / 100, locale);

/**
 * The conversions' value as an amount: the row's `conversionValue`, else its exact minor units in the
 * currency (a breakdown row carries only those); undefined without either.
 */
export function conversionAmount(figures: ConversionFigures, currency: string | null): number | undefined {
  if (figures.conversionValue !== undefined) return figures.conversionValue;
  if (figures.conversionValueMinor === undefined || currency === null) return undefined;
  return minorToAmount(figures.conversionValueMinor, currency);
}

/**
 * A conversion figure of a row or the totals as the report shows it; '—' where it has none: no
 * conversions in the answer, a rate over no clicks, a cost per conversion without conversions or a ROAS
 * without spend (both null), money without a currency.
 */
export function formatConversionFigure(
  metric: ConversionMetric,
  figures: ConversionFigures,
  currency: string | null,
  locale: string,
): string {
  if (figures.conversions === undefined) return NO_VALUE;
  if (metric === 'conversions') return formatCount(figures.conversions, locale);
  if (metric === 'conversionRate') return formatFigure('conversionRate', figures, locale);
  if (metric === 'roas') {
    const roas = figures.roas;
    return roas === undefined || roas === null ? NO_VALUE : formatRoas(roas, locale);
  }
  const amount = metric === 'conversionValue' ? conversionAmount(figures, currency) : figures[metric];
  if (amount === undefined || amount === null || currency === null || !MONEY_METRICS.includes(metric))
    return NO_VALUE;
  return formatConversionMoney(amount, currency, locale);
}

/** A bar of the conversion-lag chart: whole days from click to conversion, `from` to `to` included. */
export type LagBucket = { label: string; from: number; to: number; conversions: number };

/**
 * The lag chart's bars: each of the first week's days on its own (within a day, 1 day ... 6 days), then
 * 7-13, 14-29, 30-59 and 60-90 days, the wider ones only up to the last that has a conversion.
 */
const LAG_BUCKETS: readonly { from: number; to: number }[] = [
  { from: 0, to: 0 },
  { from: 1, to: 1 },
  { from: 2, to: 2 },
  { from: 3, to: 3 },
  { from: 4, to: 4 },
  { from: 5, to: 5 },
  { from: 6, to: 6 },
  { from: 7, to: 13 },
  { from: 14, to: 29 },
  { from: 30, to: 59 },
  { from: 60, to: 90 },
];
const FIRST_WEEK = 7;

/** A bucket's name on the axis: '<1' (within a day), '1' ... '6', '7–13', '60–90' (days). */
const lagBucketLabel = ({ from, to }: { from: number; to: number }): string =>
  from === 0 && to === 0 ? '<1' : from === to ? String(from) : `${from}–${to}`;

/** A bucket's name in a sentence or a table: 'Within a day', '1 day', '7–13 days'. */
export const lagBucketName = ({ from, to }: { from: number; to: number }): string =>
  from === 0 && to === 0
    ? 'Within a day'
    : from === to
      ? `${from} day${from === 1 ? '' : 's'}`
      : `${from}–${to} days`;

/** The lag of a report in the chart's bars (a lag past 90 days, which no window allows, joins the last). */
export function lagBuckets(lag: ConversionLag): LagBucket[] {
  const buckets = LAG_BUCKETS.map((bucket) => ({ ...bucket, label: lagBucketLabel(bucket), conversions: 0 }));
  for (const { days, conversions } of lag) {
    const bucket = buckets.find(({ from, to }) => days >= from && days <= to) ?? buckets.at(-1);
    if (bucket) bucket.conversions += conversions;
  }
  let last = FIRST_WEEK - 1;
  buckets.forEach((bucket, index) => {
    if (bucket.conversions > 0 && index > last) last = index;
  });
  return buckets.slice(0, last + 1);
}

/**
 * The whole days within which half of the conversions came (the median lag, read from the days): the
 * first day at which the running sum reaches half; undefined without conversions.
 */
export function medianLagDays(lag: ConversionLag): number | undefined {
  const total = lag.reduce((sum, row) => sum + row.conversions, 0);
  if (total === 0) return undefined;
  let running = 0;
  for (const row of [...lag].sort((a, b) => a.days - b.days)) {
    running += row.conversions;
    if (running * 2 >= total) return row.days;
  }
  return undefined;
}
