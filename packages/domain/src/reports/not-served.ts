// A report's ad requests by outcome (docs/reports.md, "Requests not served"): every ad request of a
// campaign's tags (its creatives' and its placements') was either answered with an ad or refused for one
// reason (delivery/outcomes.ts), so requests = served + each reason, exactly, for the whole range and
// for every local day or hour of it; besides them, the requests that carried a note (a device id not
// usable, a site claim its Referer contradicts), which are not part of that sum. The figures are entries
// of REPORT_FIGURES (those with an `outcome` or a `note`); their counts come from the stores' request
// rollups, the outcome or note a row's value.
import { z } from 'zod/mini';
import {
  REQUEST_NOTE_NAMES,
  REQUEST_OUTCOMES,
  type RequestNote,
  type RequestOutcome,
} from '../delivery/outcomes';
import { type FigureKeyOf, REQUEST_FIGURES } from './figures';

/** A figure of ad requests: `adRequests`, `adsServed`, `notServedCountry`, `requestsSiteMismatch`... */
export type RequestFigureKey = FigureKeyOf<{ outcome: string }> | FigureKeyOf<{ note: string }>;

/** Each outcome's figure. */
export const FIGURE_OF_OUTCOME = Object.fromEntries(
  REQUEST_FIGURES.flatMap((figure) =>
    figure.outcome === undefined || figure.outcome === 'any' ? [] : [[figure.outcome, figure.key]],
  ),
) as Readonly<Record<RequestOutcome, RequestFigureKey>>;

/** Each note's figure. */
export const FIGURE_OF_NOTE = Object.fromEntries(
  REQUEST_FIGURES.flatMap((figure) => (figure.note === undefined ? [] : [[figure.note, figure.key]])),
) as Readonly<Record<RequestNote, RequestFigureKey>>;

/** The figure of every request, whatever its outcome (their sum). */
const ANY_FIGURE = REQUEST_FIGURES.find((figure) => figure.outcome === 'any')?.key as RequestFigureKey;

/** The figure keys of ad requests, in the list's order. */
export const REQUEST_FIGURE_KEYS: readonly RequestFigureKey[] = REQUEST_FIGURES.map(
  (figure) => figure.key as RequestFigureKey,
);

/** The figures of the requests answered with an ad (to valid traffic and to invalid). */
export const SERVED_FIGURE_KEYS: readonly RequestFigureKey[] = REQUEST_FIGURES.filter(
  (figure) => figure.served === true,
).map((figure) => figure.key as RequestFigureKey);

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

/** Whether a stored row's value is a note rather than an outcome. */
export const isRequestNote = (value: string): value is RequestNote =>
  (REQUEST_NOTE_NAMES as readonly string[]).includes(value);

/**
 * Adds `requests` of an outcome into `counts` (and into all requests), or of a note into its figure
 * alone (a note is not an outcome: the sum of outcomes stays the requests).
 */
export function addRequests(
  counts: RequestCounts,
  outcome: RequestOutcome | RequestNote,
  requests: number,
): RequestCounts {
  if (isRequestNote(outcome)) {
    counts[FIGURE_OF_NOTE[outcome]] += requests;
    return counts;
  }
  counts[FIGURE_OF_OUTCOME[outcome]] += requests;
  counts[ANY_FIGURE] += requests;
  return counts;
}

/** Whether a text is an outcome or a note a store row may hold (anything else is left out of a report). */
export const isRequestOutcome = (value: string): value is RequestOutcome | RequestNote =>
  (REQUEST_OUTCOMES as readonly string[]).includes(value) || isRequestNote(value);
