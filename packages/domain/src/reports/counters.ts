// The event counters: the counted figures of REPORT_FIGURES (figures.ts), each with the event type that
// adds to it and its column in both event stores' rollup and totals tables. The counter type, the report
// counters' schema, zero values, the API's column map, the stores' DDL and reads are all made from it
// (docs/architecture.md, "How to add a figure"). Plain constants (no zod), so anything may import it.
import type { CountedEventType } from '../serving/vast-measurement';
import { type FigureEvent, type FigureGroup, REPORT_FIGURES, type ReportFigure } from './figures';

/** A figure that counts events. */
type Counted = Extract<ReportFigure, { event: object }>;

export interface EventCounterSpec {
  /** The counter's key in the API's rows and the report's figures. */
  key: string;
  /** The event type that adds one to it. */
  event: CountedEventType;
  /** Its column in the rollups and totals of both stores. */
  column: string;
  /** Its figure's group; `internal` when no report answers it (kept for the rates). */
  group: FigureGroup;
  internal: boolean;
  facets: FigureEvent;
}

/** Every counter, in the order of the stores' columns and of the reports. */
export const EVENT_COUNTERS: readonly (EventCounterSpec & { key: Counted['key'] })[] = REPORT_FIGURES.flatMap(
  (figure) =>
    'event' in figure
      ? [
          {
            key: figure.key,
            event: figure.event.type,
            column: figure.event.column,
            group: figure.group,
            internal: 'internal' in figure,
            facets: figure.event,
          },
        ]
      : [],
);

/** Every counted event type has its counter: a type added to COUNTED_EVENT_TYPES alone fails here. */
type Uncounted = Exclude<CountedEventType, Counted['event']['type']>;
export const EVERY_EVENT_COUNTED: [Uncounted] extends [never] ? true : Uncounted = true;
export type EventCounterKey = Counted['key'];
/** The keys of the counters a report answers in `group` (the internal ones apart). */
export type CounterKeyOf<G extends FigureGroup> = Exclude<
  Extract<Counted, { group: G }>,
  { internal: true }
>['key'];

/** Counters of a rollup bucket, a live creative's totals, or a report row. */
export type EventCounters = Record<EventCounterKey, number>;

/** The counter keys in the list's order. */
export const EVENT_COUNTER_KEYS: readonly EventCounterKey[] = EVENT_COUNTERS.map((counter) => counter.key);

/** The keys of the counters a report answers in `group`, in the list's order. */
export const counterKeysOf = <G extends FigureGroup>(group: G): readonly CounterKeyOf<G>[] =>
  EVENT_COUNTERS.filter((counter) => counter.group === group && !counter.internal).map(
    (counter) => counter.key as CounterKeyOf<G>,
  );

/** The counted event types whose facet is set, in the list's order (`vastTracked`, `followsStart`...). */
export const eventTypesWith = (facet: 'vastTracked' | 'followsStart' | 'inBreakdowns'): CountedEventType[] =>
  EVENT_COUNTERS.filter((counter) => counter.facets[facet] === true).map((counter) => counter.event);

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
