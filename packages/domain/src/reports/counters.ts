// The event counters as data: one line per counter says which event type adds to it, its column in
// both event stores' rollup and totals tables, whether and with which figures a report shows it, and
// its header in a downloaded file. The counter type, the report counters' schema, zero values, the
// API's column map, report figures, downloads' columns and the stores' DDL are all made from this list
// (docs/architecture.md, "How to add a counter"). Plain constants (no zod), so anything may import it.
import type { CountedEventType } from '../serving/vast-measurement';

/**
 * Which report figures show a counter: always, with video data, with conversions (every server's answer;
 * optional in the schema for answers before conversions), or never (kept for the rates).
 */
export type CounterFigure = 'base' | 'video' | 'vast' | 'conversion' | 'none';

export interface EventCounterSpec {
  /** The counter's key in the API's rows and the report's figures. */
  key: string;
  /** The event type that adds one to it. */
  event: CountedEventType;
  /** Its column in the rollups and totals of both stores. */
  column: string;
  figure: CounterFigure;
  /** Its header in a downloaded report (absent when the report does not show it). */
  header?: string;
}

/** Every counter, in the order of the stores' columns and of the reports. */
export const EVENT_COUNTERS = [
  { key: 'impressions', event: 'impression', column: 'impressions', figure: 'base', header: 'Impressions' },
  { key: 'viewable', event: 'viewable', column: 'viewable', figure: 'base', header: 'Viewable impressions' },
  { key: 'engagement', event: 'engagement', column: 'engagement', figure: 'base', header: 'Engagements' },
  { key: 'clicks', event: 'click', column: 'clicks', figure: 'base', header: 'Clicks' },
  { key: 'videoStarts', event: 'start', column: 'video_starts', figure: 'video', header: 'Video starts' },
  {
    key: 'firstQuartile',
    event: 'firstQuartile',
    column: 'first_quartile',
    figure: 'video',
    header: 'First quartile',
  },
  { key: 'midpoint', event: 'midpoint', column: 'midpoint', figure: 'video', header: 'Midpoint' },
  {
    key: 'thirdQuartile',
    event: 'thirdQuartile',
    column: 'third_quartile',
    figure: 'video',
    header: 'Third quartile',
  },
  {
    key: 'videoCompletes',
    event: 'complete',
    column: 'video_completes',
    figure: 'video',
    header: 'Video completes',
  },
  {
    key: 'creativeViews',
    event: 'creativeView',
    column: 'creative_views',
    figure: 'vast',
    header: 'Creative views',
  },
  { key: 'loads', event: 'loaded', column: 'loads', figure: 'vast', header: 'Media loaded' },
  { key: 'skips', event: 'skip', column: 'skips', figure: 'vast', header: 'Skips' },
  { key: 'closes', event: 'closeLinear', column: 'closes', figure: 'vast', header: 'Closes' },
  { key: 'notViewable', event: 'notViewable', column: 'not_viewable', figure: 'none' },
  { key: 'viewUndetermined', event: 'viewUndetermined', column: 'view_undetermined', figure: 'none' },
  {
    key: 'conversions',
    event: 'conversion',
    column: 'conversions',
    figure: 'conversion',
    header: 'Conversions',
  },
  /**
   * The conversions' value in the minor unit of their action's currency (docs/conversions.md): exact,
   * so rows add up; reports show it beside as an amount (`conversionValue`).
   */
  {
    key: 'conversionValueMinor',
    event: 'conversionValue',
    column: 'conversion_value',
    figure: 'conversion',
  },
] as const satisfies readonly EventCounterSpec[];

type Spec = (typeof EVENT_COUNTERS)[number];
/** Every counted event type has its counter: a type added to COUNTED_EVENT_TYPES alone fails here. */
type Uncounted = Exclude<CountedEventType, Spec['event']>;
export const EVERY_EVENT_COUNTED: [Uncounted] extends [never] ? true : Uncounted = true;
export type EventCounterKey = Spec['key'];
/** The keys of the counters a report shows with `figure`. */
export type CounterKeyOf<F extends CounterFigure> = Extract<Spec, { figure: F }>['key'];

/** Counters of a rollup bucket, a live creative's totals, or a report row. */
export type EventCounters = Record<EventCounterKey, number>;

/** The counter keys in the list's order. */
export const EVENT_COUNTER_KEYS: readonly EventCounterKey[] = EVENT_COUNTERS.map((counter) => counter.key);

/** The keys of the counters shown with `figure`, in the list's order. */
export const counterKeysOf = <F extends CounterFigure>(figure: F): readonly CounterKeyOf<F>[] =>
  EVENT_COUNTERS.filter((counter) => counter.figure === figure).map(
    (counter) => counter.key as CounterKeyOf<F>,
  );

/** The counter each counted event type adds to. */
export const COUNTER_OF_EVENT = Object.fromEntries(
  EVENT_COUNTERS.map((counter) => [counter.event, counter.key]),
) as Readonly<Record<CountedEventType, EventCounterKey>>;

/** The column of each counter, the same in PostgreSQL's and ClickHouse's rollup and totals tables. */
export const COUNTER_COLUMN = Object.fromEntries(
  EVENT_COUNTERS.map((counter) => [counter.key, counter.column]),
) as Readonly<Record<EventCounterKey, string>>;

const ZERO_EVENT_COUNTERS = Object.fromEntries(EVENT_COUNTER_KEYS.map((key) => [key, 0])) as EventCounters;
export const zeroEventCounters = (): EventCounters => ({ ...ZERO_EVENT_COUNTERS });
