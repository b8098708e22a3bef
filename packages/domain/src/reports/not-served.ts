// A report's ad requests by outcome (docs/reports.md, "Requests not served"): every ad request of a
// campaign's tags (its creatives' and its placements') was either answered with an ad or refused for one
// reason (rules/delivery-rules.ts), so requests = served + each reason, exactly, for the whole range and
// for every local day or hour of it. The figures are entries of REPORT_FIGURES (those with an
// `outcome`); their counts come from the stores' request rollups, the outcome a row's value.
import { z } from 'zod/mini';
import { REQUEST_OUTCOMES, type RequestOutcome } from '../rules/delivery-rules';
import { type FigureKey, REQUEST_FIGURES } from './figures';

/** A figure of ad requests: `adRequests`, `adsServed`, `notServedCountry`... */
export type RequestFigureKey = Extract<FigureKey, 'adRequests' | 'adsServed' | `notServed${string}`>;

/** Each outcome's figure. */
export const FIGURE_OF_OUTCOME = Object.fromEntries(
  REQUEST_FIGURES.flatMap((figure) => (figure.outcome === 'any' ? [] : [[figure.outcome, figure.key]])),
) as Readonly<Record<RequestOutcome, RequestFigureKey>>;

/** The figure of every request, whatever its outcome (their sum). */
const ANY_FIGURE = REQUEST_FIGURES.find((figure) => figure.outcome === 'any')?.key as RequestFigureKey;

/** The figure keys of ad requests, in the list's order. */
export const REQUEST_FIGURE_KEYS: readonly RequestFigureKey[] = REQUEST_FIGURES.map(
  (figure) => figure.key as RequestFigureKey,
);

/** Ad requests by outcome, and all of them: one number per figure. */
export type RequestCounts = Record<RequestFigureKey, number>;

const count = z.number().check(z.int(), z.nonnegative());
const countsShape = Object.fromEntries(REQUEST_FIGURE_KEYS.map((key) => [key, count])) as Record<
  RequestFigureKey,
  typeof count
>;

export const requestCountsSchema = z.object(countsShape);

/** The report's `notServed`: the range's totals and one point per local day (or hour), zeros included. */
export const notServedSchema = z.object({
  totals: requestCountsSchema,
  series: z.array(z.extend(requestCountsSchema, { date: z.string() })),
});
export type NotServed = z.infer<typeof notServedSchema>;

/** Counts of nothing: every figure 0. */
export const zeroRequestCounts = (): RequestCounts =>
  Object.fromEntries(REQUEST_FIGURE_KEYS.map((key) => [key, 0])) as RequestCounts;

/** What a report of a server before delivery rules answers: no requests at all. */
export const NO_REQUESTS: NotServed = { totals: zeroRequestCounts(), series: [] };

/** Adds `count` requests of an outcome into `counts` (and into all requests). */
export function addRequests(counts: RequestCounts, outcome: RequestOutcome, requests: number): RequestCounts {
  counts[FIGURE_OF_OUTCOME[outcome]] += requests;
  counts[ANY_FIGURE] += requests;
  return counts;
}

/** Whether a text is an outcome a store row may hold (anything else is left out of a report). */
export const isRequestOutcome = (value: string): value is RequestOutcome =>
  (REQUEST_OUTCOMES as readonly string[]).includes(value);
