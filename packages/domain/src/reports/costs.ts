// What a share link made without costs leaves out (docs/reports.md, "Share links"): every figure that is
// money or reveals it, read from REPORT_FIGURES rather than listed by hand: the amounts (spend, the
// effective costs, the conversions' value and cost per conversion: kind `money`), the spend group, the
// figures that need a booked rate (ROAS: value over spend) and any count of a currency's minor units
// (the conversions' value, exact). A figure added to the list with one of those facets is left out too.
import type { BreakdownFigures } from './breakdown';
import { type FigureSpec, REPORT_FIGURES } from './figures';

/** Whether a figure is a cost: money, spend, priced by the booked rate, or an amount in minor units. */
export const isCostFigure = (figure: FigureSpec): boolean =>
  figure.kind === 'money' ||
  figure.group === 'spend' ||
  figure.withRate === true ||
  figure.currency !== undefined;

/** The keys of the cost figures, in the list's order. */
export const COST_FIGURE_KEYS: readonly string[] = (REPORT_FIGURES as readonly FigureSpec[])
  .filter(isCostFigure)
  .map((figure) => figure.key);

/** A row of figures without its cost figures (a copy; the row itself is not changed). */
export function withoutCosts<T extends object>(row: T): T {
  const kept = { ...row } as Record<string, unknown>;
  for (const key of COST_FIGURE_KEYS) delete kept[key];
  return kept as T;
}

/** What a report holds that can carry costs: its rows, its breakdown and its booked rate. */
interface CostlyReport<Row extends object> {
  totals: Row;
  series: readonly (Row & { date: string })[];
  creatives: readonly { totals: Row }[];
  breakdown?: {
    rows: readonly BreakdownFigures[];
    other: BreakdownFigures | null;
    unknown: BreakdownFigures | null;
  } | null;
  rate?: unknown;
}

/** A breakdown without its cost figures. */
export function breakdownWithoutCosts<B extends NonNullable<CostlyReport<object>['breakdown']>>(
  breakdown: B,
): B {
  return {
    ...breakdown,
    rows: breakdown.rows.map(withoutCosts),
    other: breakdown.other ? withoutCosts(breakdown.other) : null,
    unknown: breakdown.unknown ? withoutCosts(breakdown.unknown) : null,
  };
}

/**
 * A report as a share link without costs shows it: no cost figure in its totals, series, creatives or
 * breakdown, no booked rate, and `includeCosts: false` so every screen and file leaves their places out.
 */
export function reportWithoutCosts<R extends CostlyReport<object>>(report: R): R & { includeCosts: false } {
  return {
    ...report,
    totals: withoutCosts(report.totals),
    series: report.series.map(withoutCosts),
    creatives: report.creatives.map((creative) => ({ ...creative, totals: withoutCosts(creative.totals) })),
    ...(report.breakdown ? { breakdown: breakdownWithoutCosts(report.breakdown) } : {}),
    rate: null,
    includeCosts: false,
  };
}
