// Comparing a report with the period before it: which period that is, how much each figure moved,
// and whether the move is good news (each figure's `higherIsBetter` in the list: reports/figures.ts).

import {
  type FigureKeyOf,
  type FigureSpec,
  figureSpec,
  inReportTotals,
  RATE_FIGURES,
  REPORT_FIGURES,
} from './figures';
import type { ReportTotals } from './report-data';

/** The figures a report shows as numbers: counters and rates (rates in percent). */
export type ReportMetric = keyof ReportTotals;

/** Rates are compared in percentage points, counters relative to the previous value (the list's rates). */
export const REPORT_RATE_METRICS: readonly ReportRateMetric[] = RATE_FIGURES.map(
  (figure) => figure.key as ReportRateMetric,
);

export function isRateMetric(metric: ReportMetric): boolean {
  return (REPORT_RATE_METRICS as readonly string[]).includes(metric);
}

/** The precision rates are shown with, in percentage points (0.52 %). */
export const RATE_PRECISION_POINTS = 0.01;

export type ReportRateMetric = FigureKeyOf<{ kind: 'rate' }>;

/**
 * The figure each rate is taken over (its `per` in the list): CTR and engagement per impression,
 * viewability per measurable impression (the impressions when a report has no measurement), completion
 * per start, conversions per click.
 */
export const RATE_DENOMINATORS = Object.fromEntries(
  RATE_FIGURES.map((figure) => [figure.key, figure.rate.per]),
) as Readonly<Record<ReportRateMetric, ReportMetric>>;

/**
 * A figure's value, or undefined when it has none: missing, or a rate over a denominator of 0 (a day
 * without impressions has no CTR, a banner without video starts no completion rate; the API answers
 * 0 for those, which a report must not show as 0.00 % or compare with).
 */
export function metricValue(metric: ReportMetric, figures: Partial<ReportTotals>): number | undefined {
  const value = figures[metric];
  if (value === undefined || value === null) return undefined;
  if (!isRateMetric(metric)) return value;
  const key = RATE_DENOMINATORS[metric as ReportRateMetric];
  const stand = figureSpec(key).absentMeans as ReportMetric | undefined;
  const denominator = figures[key] ?? (stand === undefined ? undefined : figures[stand]);
  return denominator === undefined || denominator === null || denominator > 0 ? value : undefined;
}

/** Whether a rise of the figure is good news for the advertiser (the list's `higherIsBetter`). */
export const HIGHER_IS_BETTER = Object.fromEntries(
  (REPORT_FIGURES as readonly FigureSpec[])
    .filter(inReportTotals)
    .map((figure) => [figure.key, figure.higherIsBetter]),
) as Readonly<Record<ReportMetric, boolean>>;

export type MetricChange = {
  metric: ReportMetric;
  current: number;
  previous: number;
  /** current − previous (percentage points for rates). */
  difference: number;
  /** The change relative to the previous value, in percent; null when the previous value is 0. */
  relative: number | null;
  direction: 'up' | 'down' | 'flat';
  /** 'better' when the figure moved the way HIGHER_IS_BETTER wants. */
  verdict: 'better' | 'worse' | 'same';
};

/** How one figure moved from the previous period; undefined when either period lacks it (`metricValue`). */
export function metricChange(
  metric: ReportMetric,
  current: Partial<ReportTotals>,
  previous: Partial<ReportTotals>,
): MetricChange | undefined {
  const now = metricValue(metric, current);
  const before = metricValue(metric, previous);
  if (now === undefined || before === undefined) return undefined;
  const difference = now - before;
  // Rates are shown to 0.01 percentage points: a smaller move reads '0.00 pp' and is no change.
  const moved = isRateMetric(metric) ? Math.abs(difference) >= RATE_PRECISION_POINTS / 2 : difference !== 0;
  const direction = !moved ? 'flat' : difference > 0 ? 'up' : 'down';
  const verdict =
    direction === 'flat' ? 'same' : (direction === 'up') === HIGHER_IS_BETTER[metric] ? 'better' : 'worse';
  return {
    metric,
    current: now,
    previous: before,
    difference,
    relative: before === 0 ? null : (difference / before) * 100,
    direction,
    verdict,
  };
}

const DAY_MS = 86_400_000;
const toDayNumber = (day: string): number => {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1) / DAY_MS;
};
const fromDayNumber = (dayNumber: number): string => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The period of the same number of local days that ends the day before `start` (both days included). */
export function previousReportPeriod(range: { start: string; end: string }): { start: string; end: string } {
  const first = toDayNumber(range.start);
  const length = toDayNumber(range.end) - first + 1;
  return { start: fromDayNumber(first - length), end: fromDayNumber(first - 1) };
}
