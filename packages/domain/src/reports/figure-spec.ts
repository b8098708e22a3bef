// What an entry of the figures' list (figures.ts, REPORT_FIGURES) says and may say: its kind, group,
// places and facets, and the figures of ad requests made from the delivery outcomes' lists. Plain
// types and constants (no zod), so anything may import them.

import type { AB_TEST_GOALS, GOAL_METRICS } from '../constants';
import type { RequestCountSpec, RequestNote, RequestOutcome } from '../delivery/outcomes';
import type { CountedEventType } from '../serving/vast-measurement';

/** How a figure is written: a whole count, a rate in percent, an amount of a currency, or a ratio (2.5×). */
export type FigureKind = 'count' | 'rate' | 'money' | 'ratio';

/**
 * The family a figure belongs to, which decides when a report has it: `base` always, `video` and `vast`
 * with video data, `spend` with a booked rate, `conversion` in every answer since conversions, `delivery`
 * (the ad requests served and not served, by reason) in every answer since delivery rules, as the
 * report's `notServed` rather than among its totals.
 */
export const FIGURE_GROUPS = ['base', 'video', 'vast', 'spend', 'conversion', 'delivery'] as const;
export type FigureGroup = (typeof FIGURE_GROUPS)[number];

/**
 * Where a figure shows: the KPI tiles (a report's, the PDF's and the spend and conversion tiles), the
 * report tables (on screen: by period, by creative), the PDF's tables, the breakdowns (on screen those
 * the tables show too, in files those the downloads show too), the downloads (CSV, XLSX, pivot), the
 * scheduled mail's lines, and the "Requests not served, by reason" panel with its sections of the files
 * (CSV, XLSX, PDF).
 */
export type FigurePlace = 'tiles' | 'table' | 'pdf' | 'breakdown' | 'download' | 'mail' | 'notServed';

/** A counted figure's event: the type that adds one to it and how the serving and the rules treat it. */
export interface FigureEvent {
  /** The event type that adds to it. */
  type: CountedEventType;
  /** Its column in the rollups and totals of both stores. */
  column: string;
  /** A VAST ad lists a <Tracking> for it in its linear's <TrackingEvents>. */
  vastTracked?: true;
  /** It reports how far a video played (or that it was skipped or closed): it counts after `start`. */
  followsStart?: true;
  /** The dimension rollups count it too (each breakdown row has it). */
  inBreakdowns?: true;
}

export interface FigureSpec {
  /** The figure's key in the API's rows, the report's figures and a breakdown's rows. */
  key: string;
  /** Its one wording: the screen, the PDF's tiles, the CSV/XLSX headers, the pivot, the mail, the charts. */
  label: string;
  /** Where room is short (the PDF's tables, a chart's axis); the label when absent. */
  short?: string;
  kind: FigureKind;
  group: FigureGroup;
  /** Whether a rise is good news for the advertiser (the comparison's colour). */
  higherIsBetter: boolean;
  /** Where it shows; nowhere when absent (kept for the API and the rates). */
  shows?: { readonly [place in FigurePlace]?: true };
  /** A counted figure: its event. */
  event?: FigureEvent;
  /** A rate: `of` per `per`, in percent (0 when `per` is 0). Both must be figures of the list. */
  rate?: { of: string; per: string };
  /** An amount (a money figure, or a count of minor units): in the booked rate's or the conversions' currency. */
  currency?: 'rate' | 'conversion';
  /** Needs a booked rate besides its group (cost per conversion, ROAS). */
  withRate?: true;
  /** An amount that adds up over rows (the pivot sums it); counts always add up. */
  adds?: true;
  /** When a row lacks it, this figure stands in (an older answer without measurement). */
  absentMeans?: string;
  /** A counter kept for the rates alone: not in a report's answer. */
  internal?: true;
  /**
   * Its rank on paper: a printed report table keeps, of its figures, those of the lowest ranks its room
   * allows (printed-columns.ts; docs/console.md, "Printing"). A figure without one is never printed.
   */
  printRank?: number;
  /** The A/B test goal that compares this rate: its successes are the rate's `of`, its trials its `per`. */
  abTestGoal?: (typeof AB_TEST_GOALS)[number];
  /**
   * The campaign goal metric (GOAL_METRICS) that counts this figure, and the goal's own wording of it
   * (the figure's label when absent).
   */
  goal?: { metric: (typeof GOAL_METRICS)[number]; label?: string };
  /**
   * A count of ad requests (the report's `notServed`, not its totals): those answered with an ad
   * (`served`, `servedInvalid`), those refused for one reason (delivery/outcomes.ts), or every one
   * (`any`: their sum). Counted per campaign (or placement) and 15-minute bucket in both stores, the
   * outcome a row's value.
   */
  outcome?: RequestOutcome | 'any';
  /**
   * A count of ad requests that carried a note (delivery/outcomes.ts), whatever their outcome: not part
   * of the sum of outcomes. Kept as the outcomes are.
   */
  note?: RequestNote;
  /** An outcome of a request answered with an ad (the panel's served share adds them up). */
  served?: true;
}

/** Every place of a figure shown wherever the report goes (not the mail's lines). */
export const everywhere = { tiles: true, table: true, pdf: true, breakdown: true, download: true } as const;

type RequestEntry = { figure: RequestCountSpec } & (
  | { outcome: RequestOutcome }
  | { reason: RequestOutcome }
  | { note: RequestNote }
);
/** The figure of an outcome's or a note's entry (delivery/outcomes.ts): a count of the delivery group. */
type RequestFigure<E> = E extends { figure: { key: infer K extends string } }
  ? {
      key: K;
      label: string;
      short: string;
      kind: 'count';
      group: 'delivery';
      higherIsBetter: boolean;
      shows: { notServed: true };
    } & (E extends { note: infer N }
      ? { note: N }
      : E extends { outcome: infer O }
        ? { outcome: O; served: true }
        : E extends { reason: infer R }
          ? { outcome: R }
          : never)
  : never;

/**
 * The figures of ad requests, one per entry of an outcomes' or notes' list: served (good news when it
 * rises), the reasons and the notes (bad news).
 */
export function requestFigures<const E extends readonly RequestEntry[]>(entries: E) {
  return entries.map((entry) => {
    const { key, label, short } = entry.figure;
    const base = { key, label, short, kind: 'count', group: 'delivery', shows: { notServed: true } } as const;
    if ('note' in entry) return { ...base, higherIsBetter: false, note: entry.note };
    if ('outcome' in entry)
      return { ...base, higherIsBetter: entry.outcome === 'served', outcome: entry.outcome, served: true };
    return { ...base, higherIsBetter: false, outcome: entry.reason };
  }) as { -readonly [I in keyof E]: RequestFigure<E[I]> };
}
