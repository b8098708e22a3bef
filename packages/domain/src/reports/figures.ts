// The figures of a report as data: one entry per figure says its key, its one wording (label and short
// label), its kind, its group, whether a rise is good news, where it shows, and for a counted figure the
// event that adds to it and that event's facets; for a rate, the two figures it divides. The counters'
// list (counters.ts), the report's schema, the comparison rule, the charts' labels, every download, PDF,
// breakdown, mail and console column set, the VAST tracking list, the integrity rules' progress set and
// the stores' DDL are filters of this list (docs/architecture.md, "How to add a figure"). Plain
// constants (no zod), so anything may import it.

import { NOT_SERVED, REQUEST_NOTES, SERVED_OUTCOMES } from '../delivery/outcomes';
import {
  everywhere,
  FIGURE_GROUPS,
  type FigureGroup,
  type FigurePlace,
  type FigureSpec,
  requestFigures,
} from './figure-spec';

export {
  FIGURE_GROUPS,
  type FigureEvent,
  type FigureGroup,
  type FigureKind,
  type FigurePlace,
  type FigureSpec,
} from './figure-spec';

/** Every figure, in the order of the stores' columns, the downloads and the tiles. */
export const REPORT_FIGURES = [
  {
    key: 'impressions',
    label: 'Impressions',
    kind: 'count',
    group: 'base',
    goal: { metric: 'impressions' },
    printRank: 1,
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    event: { type: 'impression', column: 'impressions', inBreakdowns: true },
  },
  {
    key: 'viewable',
    label: 'Viewable impressions',
    short: 'Viewable',
    kind: 'count',
    group: 'base',
    printRank: 4,
    higherIsBetter: true,
    shows: everywhere,
    event: { type: 'viewable', column: 'viewable', inBreakdowns: true },
  },
  {
    key: 'measurable',
    label: 'Measurable impressions',
    kind: 'count',
    group: 'base',
    higherIsBetter: true,
    shows: { breakdown: true, download: true },
    absentMeans: 'impressions',
  },
  {
    key: 'engagement',
    label: 'Engagements',
    kind: 'count',
    group: 'base',
    printRank: 15,
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    event: { type: 'engagement', column: 'engagement', inBreakdowns: true },
  },
  {
    key: 'clicks',
    label: 'Clicks',
    kind: 'count',
    group: 'base',
    goal: { metric: 'clicks' },
    printRank: 2,
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    event: { type: 'click', column: 'clicks', inBreakdowns: true },
  },
  {
    key: 'ctr',
    label: 'CTR',
    kind: 'rate',
    group: 'base',
    abTestGoal: 'ctr',
    printRank: 3,
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    rate: { of: 'clicks', per: 'impressions' },
  },
  {
    key: 'engagementRate',
    label: 'Engagement rate',
    kind: 'rate',
    group: 'base',
    abTestGoal: 'engagementRate',
    printRank: 14,
    higherIsBetter: true,
    shows: { tiles: true, table: true, download: true },
    rate: { of: 'engagement', per: 'impressions' },
  },
  {
    key: 'viewabilityRate',
    label: 'Viewability',
    kind: 'rate',
    group: 'base',
    abTestGoal: 'viewability',
    printRank: 9,
    higherIsBetter: true,
    shows: { table: true, breakdown: true, download: true },
    rate: { of: 'viewable', per: 'measurable' },
  },
  {
    key: 'videoStarts',
    label: 'Video starts',
    short: 'Starts',
    kind: 'count',
    group: 'video',
    higherIsBetter: true,
    shows: { table: true, pdf: true, breakdown: true, download: true },
    event: { type: 'start', column: 'video_starts', vastTracked: true, inBreakdowns: true },
  },
  {
    key: 'firstQuartile',
    label: 'First quartile',
    short: '25 %',
    kind: 'count',
    group: 'video',
    higherIsBetter: true,
    shows: { pdf: true, download: true },
    event: { type: 'firstQuartile', column: 'first_quartile', vastTracked: true, followsStart: true },
  },
  {
    key: 'midpoint',
    label: 'Midpoint',
    short: '50 %',
    kind: 'count',
    group: 'video',
    higherIsBetter: true,
    shows: { pdf: true, download: true },
    event: { type: 'midpoint', column: 'midpoint', vastTracked: true, followsStart: true },
  },
  {
    key: 'thirdQuartile',
    label: 'Third quartile',
    short: '75 %',
    kind: 'count',
    group: 'video',
    higherIsBetter: true,
    shows: { pdf: true, download: true },
    event: { type: 'thirdQuartile', column: 'third_quartile', vastTracked: true, followsStart: true },
  },
  {
    key: 'videoCompletes',
    label: 'Video completes',
    short: 'Completes',
    kind: 'count',
    group: 'video',
    printRank: 5,
    goal: { metric: 'completedViews', label: 'Completed views' },
    higherIsBetter: true,
    shows: everywhere,
    event: {
      type: 'complete',
      column: 'video_completes',
      vastTracked: true,
      followsStart: true,
      inBreakdowns: true,
    },
  },
  {
    key: 'completionRate',
    label: 'Completion rate',
    short: 'Completion',
    kind: 'rate',
    group: 'video',
    abTestGoal: 'completionRate',
    printRank: 10,
    higherIsBetter: true,
    shows: everywhere,
    rate: { of: 'videoCompletes', per: 'videoStarts' },
  },
  {
    key: 'creativeViews',
    label: 'Creative views',
    kind: 'count',
    group: 'vast',
    higherIsBetter: true,
    shows: { download: true },
    event: { type: 'creativeView', column: 'creative_views', vastTracked: true },
  },
  {
    key: 'loads',
    label: 'Media loaded',
    kind: 'count',
    group: 'vast',
    higherIsBetter: true,
    shows: { download: true },
    event: { type: 'loaded', column: 'loads', vastTracked: true },
  },
  {
    key: 'skips',
    label: 'Skips',
    kind: 'count',
    group: 'vast',
    higherIsBetter: false,
    shows: { download: true },
    event: { type: 'skip', column: 'skips', vastTracked: true, followsStart: true },
  },
  {
    key: 'closes',
    label: 'Closes',
    kind: 'count',
    group: 'vast',
    higherIsBetter: false,
    shows: { download: true },
    event: { type: 'closeLinear', column: 'closes', vastTracked: true, followsStart: true },
  },
  {
    key: 'notViewable',
    label: 'Not viewable impressions',
    kind: 'count',
    group: 'vast',
    higherIsBetter: false,
    internal: true,
    // The measurable impressions of a VAST creative are its viewable plus these (measurableImpressions).
    event: { type: 'notViewable', column: 'not_viewable', inBreakdowns: true },
  },
  {
    key: 'viewUndetermined',
    label: 'Viewability undetermined',
    kind: 'count',
    group: 'vast',
    higherIsBetter: false,
    internal: true,
    event: { type: 'viewUndetermined', column: 'view_undetermined' },
  },
  // More spent is neither good nor bad news in itself; a lower effective cost is.
  {
    key: 'spend',
    label: 'Spend',
    kind: 'money',
    group: 'spend',
    printRank: 6,
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    currency: 'rate',
    adds: true,
  },
  {
    key: 'ecpm',
    label: 'eCPM',
    kind: 'money',
    group: 'spend',
    printRank: 16,
    higherIsBetter: false,
    shows: { tiles: true, table: true, breakdown: true, download: true },
    currency: 'rate',
  },
  {
    key: 'ecpc',
    label: 'eCPC',
    kind: 'money',
    group: 'spend',
    printRank: 17,
    higherIsBetter: false,
    shows: { tiles: true, table: true, breakdown: true, download: true },
    currency: 'rate',
  },
  {
    key: 'cpcv',
    label: 'CPCV',
    kind: 'money',
    group: 'spend',
    printRank: 18,
    higherIsBetter: false,
    shows: { tiles: true, table: true, breakdown: true, download: true },
    currency: 'rate',
  },
  {
    key: 'conversions',
    label: 'Conversions',
    kind: 'count',
    group: 'conversion',
    printRank: 7,
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    event: { type: 'conversion', column: 'conversions', inBreakdowns: true },
  },
  {
    key: 'conversionRate',
    label: 'Conversion rate',
    kind: 'rate',
    group: 'conversion',
    abTestGoal: 'conversionRate',
    printRank: 13,
    higherIsBetter: true,
    shows: { tiles: true, table: true, breakdown: true, download: true, mail: true },
    rate: { of: 'conversions', per: 'clicks' },
  },
  /**
   * The conversions' value in the minor unit of their action's currency (docs/conversions.md): exact, so
   * rows add up; reports show it as an amount (`conversionValue`).
   */
  {
    key: 'conversionValueMinor',
    label: 'Conversion value (minor unit)',
    kind: 'count',
    group: 'conversion',
    higherIsBetter: true,
    currency: 'conversion',
    event: { type: 'conversionValue', column: 'conversion_value', inBreakdowns: true },
  },
  /**
   * Where the counted conversions came from and how many were refused (docs/conversions.md, "Signed
   * postbacks and caps"): signed (a postback with the action's key) plus unsigned (the tag, or a postback
   * without the key where the action counts those) is `conversions`; refused counts the conversions that
   * came through a real click of the campaign and were not counted (a cap, the maximum value, a repeat,
   * the lookback, an invalid click). On screen they wait in the tables' column menu; the PDF, which has
   * none, shows them beside the conversion tiles (a group's table counts without a tile).
   */
  {
    key: 'conversionsSigned',
    label: 'Signed conversions',
    short: 'Signed',
    kind: 'count',
    group: 'conversion',
    higherIsBetter: true,
    shows: { table: true, download: true, mail: true },
    event: { type: 'conversionSigned', column: 'conversions_signed' },
  },
  {
    key: 'conversionsUnsigned',
    label: 'Unsigned conversions (tag)',
    short: 'Unsigned',
    kind: 'count',
    group: 'conversion',
    higherIsBetter: true,
    shows: { table: true, download: true, mail: true },
    event: { type: 'conversionUnsigned', column: 'conversions_unsigned' },
  },
  {
    key: 'conversionsRefused',
    label: 'Refused conversions',
    short: 'Refused',
    kind: 'count',
    group: 'conversion',
    higherIsBetter: false,
    shows: { table: true, download: true, mail: true },
    event: { type: 'conversionRefused', column: 'conversions_refused' },
  },
  {
    key: 'conversionValue',
    label: 'Conversion value',
    short: 'Conv. value',
    kind: 'money',
    group: 'conversion',
    printRank: 8,
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    currency: 'conversion',
    adds: true,
  },
  {
    key: 'costPerConversion',
    label: 'Cost per conversion',
    kind: 'money',
    group: 'conversion',
    printRank: 12,
    higherIsBetter: false,
    shows: { tiles: true, table: true, breakdown: true, download: true, mail: true },
    currency: 'rate',
    withRate: true,
  },
  {
    key: 'roas',
    label: 'ROAS',
    kind: 'ratio',
    group: 'conversion',
    printRank: 11,
    higherIsBetter: true,
    shows: { tiles: true, table: true, breakdown: true, download: true, mail: true },
    withRate: true,
  },
  // Ad requests and why they got no ad (docs/reports.md, "Requests not served"): requests = served + each reason.
  {
    key: 'adRequests',
    label: 'Ad requests',
    short: 'Requests',
    kind: 'count',
    group: 'delivery',
    higherIsBetter: true,
    shows: { notServed: true },
    outcome: 'any',
  },
  ...requestFigures(SERVED_OUTCOMES),
  ...requestFigures(NOT_SERVED),
  ...requestFigures(REQUEST_NOTES),
] as const satisfies readonly FigureSpec[];

export type ReportFigure = (typeof REPORT_FIGURES)[number];
export type FigureKey = ReportFigure['key'];

/** The keys of the figures that match `where` (a part of an entry: `{ group: 'video' }`, `{ kind: 'rate' }`). */
export type FigureKeyOf<Where> = Extract<ReportFigure, Where>['key'];
/** The keys of the figures shown in `place`. */
export type FigureKeyIn<P extends FigurePlace> = FigureKeyOf<{ shows: { [place in P]: true } }>;

/** Each figure by its key. */
export const FIGURE: { readonly [K in FigureKey]: Extract<ReportFigure, { key: K }> } = Object.fromEntries(
  REPORT_FIGURES.map((figure) => [figure.key, figure]),
) as never;

/** A figure's entry as the plain spec (its optional facets readable without narrowing). */
export const figureSpec = (key: FigureKey): FigureSpec => FIGURE[key];

/** Whether a figure shows in `place`. */
export const showsIn = (figure: FigureSpec, place: FigurePlace): boolean => figure.shows?.[place] === true;

/** The figures shown in `place`, in the list's order. */
export const figuresIn = (place: FigurePlace): readonly FigureSpec[] =>
  REPORT_FIGURES.filter((figure: FigureSpec) => showsIn(figure, place));

/** The keys of the figures shown in `place`, in the list's order (optionally of some groups only). */
export const figureKeysIn = <P extends FigurePlace>(
  place: P,
  groups: readonly FigureGroup[] = FIGURE_GROUPS,
): readonly FigureKeyIn<P>[] =>
  REPORT_FIGURES.filter((figure: FigureSpec) => showsIn(figure, place) && groups.includes(figure.group)).map(
    (figure) => figure.key as FigureKeyIn<P>,
  );

/** A figure's short label (its label where it has none). */
export const shortLabel = (figure: FigureSpec): string => figure.short ?? figure.label;

/** Whether the figure's values add up over rows (a pivot sums them): counts and the amounts that total. */
export const figureAdds = (figure: FigureSpec): boolean => figure.kind === 'count' || figure.adds === true;

/**
 * The reading order of a table: the list's order with each rate moved to stand right after the count
 * it is a rate of (viewable, viewability, engagements, engagement rate, clicks, CTR...).
 */
export function besideTheirCounts<F extends { key: string }>(figures: readonly F[]): F[] {
  const rates = new Map<string, F[]>();
  const rest: F[] = [];
  for (const figure of figures) {
    const of = figureSpec(figure.key as FigureKey).rate?.of;
    if (of !== undefined && figures.some((other) => other.key === of))
      rates.set(of, [...(rates.get(of) ?? []), figure]);
    else rest.push(figure);
  }
  return rest.flatMap((figure) => [figure, ...(rates.get(figure.key) ?? [])]);
}

/** The order of a breakdown's file tables: its counts first, then its rates and amounts. */
export const countsFirst = <F extends { key: string }>(figures: readonly F[]): F[] => [
  ...figures.filter((figure) => figureSpec(figure.key as FigureKey).kind === 'count'),
  ...figures.filter((figure) => figureSpec(figure.key as FigureKey).kind !== 'count'),
];

/** A rate of the list with its formula. */
export type RateFigureSpec = FigureSpec & {
  key: FigureKeyOf<{ kind: 'rate' }>;
  rate: { of: FigureKey; per: FigureKey };
};
/** The rate figures with their formula, in the list's order. */
export const RATE_FIGURES: readonly RateFigureSpec[] = (REPORT_FIGURES as readonly FigureSpec[]).filter(
  (figure) => figure.rate !== undefined,
) as RateFigureSpec[];

/**
 * Whether a figure is among a report's totals and rows: not a counter kept for the rates alone, not a
 * count of ad requests (those are the report's `notServed`).
 */
export const inReportTotals = (figure: FigureSpec): boolean =>
  figure.internal !== true && figure.outcome === undefined && figure.note === undefined;

/**
 * The figures of ad requests by outcome (`any` first) and then by note, in the list's order: the
 * not-served panel's rows.
 */
export const REQUEST_FIGURES: readonly FigureSpec[] = (REPORT_FIGURES as readonly FigureSpec[]).filter(
  (figure) => figure.outcome !== undefined || figure.note !== undefined,
);
