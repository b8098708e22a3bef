// The figures of a report as data: one entry per figure says its key, its one wording (label and short
// label), its kind, its group, whether a rise is good news, where it shows, and for a counted figure the
// event that adds to it and that event's facets; for a rate, the two figures it divides. The counters'
// list (counters.ts), the report's schema, the comparison rule, the charts' labels, every download, PDF,
// breakdown, mail and console column set, the VAST tracking list, the integrity rules' progress set and
// the stores' DDL are filters of this list (docs/architecture.md, "How to add a figure"). Plain
// constants (no zod), so anything may import it.
import type { RequestOutcome } from '../rules/delivery-rules';
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
   * A count of ad requests (the report's `notServed`, not its totals): those answered with an ad
   * (`served`), those refused for one reason (rules/delivery-rules.ts), or every one (`any`: their sum).
   * Counted per campaign (or placement) and 15-minute bucket in both stores, the outcome a row's value.
   */
  outcome?: RequestOutcome | 'any';
}

const everywhere = { tiles: true, table: true, pdf: true, breakdown: true, download: true } as const;

/** The figures of ad requests by outcome: served (good news when it rises), the reasons (bad news). */
function notServedFigures<const E extends readonly (readonly [string, string, string, RequestOutcome])[]>(
  entries: E,
) {
  return entries.map(([key, label, short, outcome]) => ({
    key,
    label,
    short,
    kind: 'count' as const,
    group: 'delivery' as const,
    higherIsBetter: outcome === 'served',
    shows: { notServed: true as const },
    outcome,
  })) as { -readonly [I in keyof E]: DeliveryFigure<E[I][0], E[I][3]> };
}
type DeliveryFigure<K extends string, O extends RequestOutcome> = {
  key: K;
  label: string;
  short: string;
  kind: 'count';
  group: 'delivery';
  higherIsBetter: boolean;
  shows: { notServed: true };
  outcome: O;
};

/** Every figure, in the order of the stores' columns, the downloads and the tiles. */
export const REPORT_FIGURES = [
  {
    key: 'impressions',
    label: 'Impressions',
    kind: 'count',
    group: 'base',
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
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    event: { type: 'engagement', column: 'engagement', inBreakdowns: true },
  },
  {
    key: 'clicks',
    label: 'Clicks',
    kind: 'count',
    group: 'base',
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    event: { type: 'click', column: 'clicks', inBreakdowns: true },
  },
  {
    key: 'ctr',
    label: 'CTR',
    kind: 'rate',
    group: 'base',
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    rate: { of: 'clicks', per: 'impressions' },
  },
  {
    key: 'engagementRate',
    label: 'Engagement rate',
    kind: 'rate',
    group: 'base',
    higherIsBetter: true,
    shows: { tiles: true, table: true, download: true },
    rate: { of: 'engagement', per: 'impressions' },
  },
  {
    key: 'viewabilityRate',
    label: 'Viewability',
    kind: 'rate',
    group: 'base',
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
    higherIsBetter: false,
    shows: { tiles: true, table: true, breakdown: true, download: true },
    currency: 'rate',
  },
  {
    key: 'ecpc',
    label: 'eCPC',
    kind: 'money',
    group: 'spend',
    higherIsBetter: false,
    shows: { tiles: true, table: true, breakdown: true, download: true },
    currency: 'rate',
  },
  {
    key: 'cpcv',
    label: 'CPCV',
    kind: 'money',
    group: 'spend',
    higherIsBetter: false,
    shows: { tiles: true, table: true, breakdown: true, download: true },
    currency: 'rate',
  },
  {
    key: 'conversions',
    label: 'Conversions',
    kind: 'count',
    group: 'conversion',
    higherIsBetter: true,
    shows: { ...everywhere, mail: true },
    event: { type: 'conversion', column: 'conversions', inBreakdowns: true },
  },
  {
    key: 'conversionRate',
    label: 'Conversion rate',
    kind: 'rate',
    group: 'conversion',
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
  ...notServedFigures([
    ['adsServed', 'Requests served', 'Served', 'served'],
    ['notServedFlight', 'Not served: outside the flight', 'Outside the flight', 'flight'],
    ['notServedPaused', 'Not served: paused or archived', 'Paused or archived', 'paused'],
    ['notServedCountry', 'Not served: country', 'Country', 'country'],
    ['notServedDevice', 'Not served: device type', 'Device type', 'device'],
    ['notServedOs', 'Not served: operating system', 'Operating system', 'os'],
    ['notServedBrowser', 'Not served: browser', 'Browser', 'browser'],
    ['notServedSite', 'Not served: site or app', 'Site or app', 'site'],
    ['notServedDaypart', 'Not served: daypart', 'Daypart', 'daypart'],
    ['notServedNoCreative', 'Not served: no eligible creative', 'No eligible creative', 'noCreative'],
    ['notServedFrequency', 'Not served: frequency cap reached', 'Frequency cap', 'frequency'],
    ['notServedNotCappable', 'Not served: cannot be capped', 'Not cappable', 'notCappable'],
    ['notServedThrottled', 'Not served: even delivery throttle', 'Throttled (even delivery)', 'throttled'],
  ] as const),
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
  figure.internal !== true && figure.outcome === undefined;

/** The figures of ad requests by outcome (`any` first), in the list's order: the not-served panel's rows. */
export const REQUEST_FIGURES: readonly (FigureSpec & { outcome: RequestOutcome | 'any' })[] = (
  REPORT_FIGURES as readonly FigureSpec[]
).filter(
  (figure): figure is FigureSpec & { outcome: RequestOutcome | 'any' } => figure.outcome !== undefined,
);
