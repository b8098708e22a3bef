// Breakdown dimensions in the event stores (docs/reports.md, "Breakdowns"): each valid counted event is
// counted once under each dimension (site, device, os, browser, country) with the value its impression
// was served with ('' unknown). The cap (the domain's admitDimensionValues: 1,000 named values per live
// creative, dimension and UTC day) is applied here, in the write's transaction, for both stores; the
// PostgreSQL store's rollups are written here too (ClickHouse's views fill its own); both stores' reads
// are queries/breakdown.ts.
import {
  admitDimensionValues,
  BREAKDOWN_DIMENSIONS,
  type BreakdownDimension,
  DIMENSION_VALUES_PER_DAY,
  EVENT_COUNTERS,
  type EventDimensions,
  OTHER_DIMENSION_VALUE,
  UNKNOWN_DIMENSION_VALUE,
  UNKNOWN_DIMENSIONS,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';

/** Dimensions whose values are open-ended (hosts, OS and browser versions): these are capped. */
const CAPPED: readonly BreakdownDimension[] = ['site', 'os', 'browser'];

/**
 * The counters a dimension rollup keeps, by column (the figures' `inBreakdowns`: the domain's
 * reports/figures.ts): conversions and their value (the minor unit) under the values of the click they
 * came through (docs/conversions.md), so a breakdown's rows add up to them.
 */
const IN_BREAKDOWNS = EVENT_COUNTERS.filter((counter) => counter.facets.inBreakdowns === true);
export const DIMENSION_COLUMNS: readonly string[] = IN_BREAKDOWNS.map((counter) => counter.column);

/** Which column an event type adds to (other types are not in breakdowns). */
export const DIMENSION_COLUMN_OF: Readonly<Record<string, string>> = Object.fromEntries(
  IN_BREAKDOWNS.map((counter) => [counter.event, counter.column]),
);

/** A valid, counted event with the dimensions of its impression. */
export interface DimensionEvent {
  liveId: string;
  type: string;
  at: Date;
  count: number;
  dims: EventDimensions;
}

const DAY_MS = 86_400_000;
const BUCKET_MS = 15 * 60 * 1000;
/**
 * The text of the period an instant falls in, the last one kept: a batch's events share their day and
 * mostly their 15-minute bucket, and each event asks for both several times (one Date and one ISO text
 * each before, per ask).
 */
function periodText(ms: number, text: (start: number) => string): (at: Date) => string {
  let start = Number.NaN;
  let last = '';
  return (at) => {
    const now = Math.floor(at.getTime() / ms) * ms;
    if (now !== start) {
      start = now;
      last = text(now);
    }
    return last;
  };
}
const utcDay = periodText(DAY_MS, (start) => new Date(start).toISOString().slice(0, 10));
const bucketText = periodText(BUCKET_MS, (start) => new Date(start).toISOString());

/** A stored value as it may be kept: at most 260 characters (hosts are at most 253, plus `app:`). */
const storable = (value: string | undefined) =>
  value === undefined || value.length > 260 ? UNKNOWN_DIMENSION_VALUE : value;

/** A capped dimension's value that the cap looks up: none when unknown, too long or already "other". */
function cappedValue(dims: DimensionEvent['dims'], dimension: BreakdownDimension): string | undefined {
  const value = storable(dims[dimension]);
  return value === UNKNOWN_DIMENSION_VALUE || value === OTHER_DIMENSION_VALUE ? undefined : value;
}

/**
 * Whether capDimensions has anything of this event to look up: without a value in any capped dimension it
 * answers the events as they are, without a query, so a writer need not open a transaction for it.
 */
export const hasCappedValue = (event: Pick<DimensionEvent, 'dims'>): boolean =>
  CAPPED.some((dimension) => cappedValue(event.dims, dimension) !== undefined);

/**
 * Applies the cap to a batch's events, in arrival order: answers the events with the values they are
 * stored under. `keptTable` holds the values kept per live creative, dimension and day (the PostgreSQL
 * store's event_dimension_days, which its rollups fill; the ClickHouse store's event_dimension_values,
 * which this fills when `record` is set). Groups that admit new values are locked for the transaction,
 * so two writers never keep more than the cap between them.
 */
export async function capDimensions(
  tx: Queryable,
  events: readonly DimensionEvent[],
  keptTable: 'event_dimension_days' | 'event_dimension_values',
  record: boolean,
): Promise<DimensionEvent[]> {
  const groups = new Map<
    string,
    { liveId: string; dimension: BreakdownDimension; day: string; values: string[] }
  >();
  for (const event of events) {
    const day = utcDay(event.at);
    for (const dimension of CAPPED) {
      const value = cappedValue(event.dims, dimension);
      if (value === undefined) continue;
      const key = `${event.liveId}\n${dimension}\n${day}`;
      const group = groups.get(key) ?? { liveId: event.liveId, dimension, day, values: [] };
      if (!group.values.includes(value)) group.values.push(value);
      groups.set(key, group);
    }
  }
  if (groups.size === 0) return [...events];
  const list = [...groups.values()];
  const flat = list.flatMap((group) => group.values.map((value) => ({ ...group, value })));
  const knownRows = await tx.query<{ live_id: string; dimension: string; day: string; value: string }>(
    `select k.live_id, k.dimension, to_char(k.day, 'YYYY-MM-DD') as day, k.value
       from ${keptTable} k
       join unnest($1::text[], $2::text[], $3::date[], $4::text[]) as b(live_id, dimension, day, value)
         on k.live_id = b.live_id and k.dimension = b.dimension and k.day = b.day and k.value = b.value`,
    [
      flat.map((f) => f.liveId),
      flat.map((f) => f.dimension),
      flat.map((f) => f.day),
      flat.map((f) => f.value),
    ],
  );
  const known = new Set(knownRows.map((row) => `${row.live_id}\n${row.dimension}\n${row.day}\n${row.value}`));
  const fresh = list
    .filter((group) =>
      group.values.some((value) => !known.has(`${group.liveId}\n${group.dimension}\n${group.day}\n${value}`)),
    )
    .sort((a, b) =>
      `${a.liveId}\n${a.dimension}\n${a.day}`.localeCompare(`${b.liveId}\n${b.dimension}\n${b.day}`),
    );
  const admitted = new Map<string, Map<string, string>>();
  if (fresh.length > 0) {
    // Locks in one order, so two batches never wait on each other's locks.
    for (const group of fresh) {
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 25))', [
        `dimension-cap\n${group.liveId}\n${group.dimension}\n${group.day}`,
      ]);
    }
    const counts = await tx.query<{ live_id: string; dimension: string; day: string; kept: string }>(
      `select b.live_id, b.dimension, to_char(b.day, 'YYYY-MM-DD') as day,
              (select count(*) from ${keptTable} k
                where k.live_id = b.live_id and k.dimension = b.dimension and k.day = b.day
                  and k.value <> '' and k.value <> '${OTHER_DIMENSION_VALUE}') as kept
         from unnest($1::text[], $2::text[], $3::date[]) as b(live_id, dimension, day)`,
      [fresh.map((g) => g.liveId), fresh.map((g) => g.dimension), fresh.map((g) => g.day)],
    );
    const keptOf = new Map(
      counts.map((row) => [`${row.live_id}\n${row.dimension}\n${row.day}`, Number(row.kept)]),
    );
    const toRecord: { liveId: string; dimension: string; day: string; value: string }[] = [];
    for (const group of fresh) {
      const key = `${group.liveId}\n${group.dimension}\n${group.day}`;
      const keptValues = new Set(group.values.filter((value) => known.has(`${key}\n${value}`)));
      // The domain's rule sees how many are kept (the batch's known ones among them) and what is new.
      const padding = Math.max(0, (keptOf.get(key) ?? 0) - keptValues.size);
      const decided = admitDimensionValues(
        keptValues,
        group.values,
        Math.max(0, DIMENSION_VALUES_PER_DAY - padding),
      );
      admitted.set(key, decided);
      for (const [value, stored] of decided)
        if (stored === value && !keptValues.has(value)) toRecord.push({ ...group, value });
    }
    if (record && toRecord.length > 0) {
      await tx.query(
        `insert into ${keptTable} (live_id, dimension, day, value)
         select * from unnest($1::text[], $2::text[], $3::date[], $4::text[])
         on conflict do nothing`,
        [
          toRecord.map((r) => r.liveId),
          toRecord.map((r) => r.dimension),
          toRecord.map((r) => r.day),
          toRecord.map((r) => r.value),
        ],
      );
    }
  }
  return events.map((event) => {
    const day = utcDay(event.at);
    const dims = { ...UNKNOWN_DIMENSIONS };
    for (const dimension of BREAKDOWN_DIMENSIONS) {
      const value = storable(event.dims[dimension]);
      dims[dimension] = CAPPED.includes(dimension)
        ? (admitted.get(`${event.liveId}\n${dimension}\n${day}`)?.get(value) ?? value)
        : value;
    }
    return { ...event, dims };
  });
}

/** The map under `key` in `map`, made when missing. */
function inner<V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let found = map.get(key);
  if (found === undefined) {
    found = new Map();
    map.set(key, found);
  }
  return found;
}

interface DimensionRow {
  liveId: string;
  dimension: string;
  time: string;
  value: string;
  counts: number[];
}

/**
 * Sums events by live creative, dimension, value and a time key: one map per live creative and time,
 * then per dimension, keyed by the value (no key text built per event and dimension: a batch's events
 * share their creative and time, and each was five concatenations and hashes of about 60 characters).
 */
function tallyDimensions(events: readonly DimensionEvent[], timeKey: (at: Date) => string) {
  const rows: DimensionRow[] = [];
  // live creative -> time -> dimension -> value -> row
  const groups = new Map<string, Map<string, Map<string, Map<string, DimensionRow>>>>();
  for (const event of events) {
    const column = DIMENSION_COLUMN_OF[event.type];
    if (column === undefined) continue;
    const index = DIMENSION_COLUMNS.indexOf(column);
    const time = timeKey(event.at);
    const byDimension = inner(inner(groups, event.liveId), time);
    for (const dimension of BREAKDOWN_DIMENSIONS) {
      const value = event.dims[dimension];
      const byValue = inner(byDimension, dimension);
      let row = byValue.get(value);
      if (row === undefined) {
        row = { liveId: event.liveId, dimension, time, value, counts: DIMENSION_COLUMNS.map(() => 0) };
        byValue.set(value, row);
        rows.push(row);
      }
      row.counts[index] = (row.counts[index] ?? 0) + event.count;
    }
  }
  return rows;
}

const upsert = (table: string) =>
  DIMENSION_COLUMNS.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ');

/** The PostgreSQL store's dimension rollups of a batch's valid events (capped), in its transaction. */
export async function writeDimensionRollups(tx: Queryable, events: readonly DimensionEvent[]): Promise<void> {
  const counted = events.filter((event) => DIMENSION_COLUMN_OF[event.type] !== undefined);
  if (counted.length === 0) return;
  const capped = await capDimensions(tx, counted, 'event_dimension_days', false);
  for (const [table, timeColumn, timeType, timeKey] of [
    ['event_dimension_rollups', 'bucket', 'timestamptz', bucketText],
    ['event_dimension_days', 'day', 'date', utcDay],
  ] as const) {
    const rows = tallyDimensions(capped, timeKey);
    await tx.query(
      `insert into ${table} (live_id, dimension, ${timeColumn}, value, ${DIMENSION_COLUMNS.join(', ')})
       select * from unnest($1::text[], $2::text[], $3::${timeType}[], $4::text[], ${DIMENSION_COLUMNS.map((_, i) => `$${i + 5}::bigint[]`).join(', ')})
       on conflict (live_id, dimension, ${timeColumn}, value) do update set ${upsert(table)}`,
      [
        rows.map((r) => r.liveId),
        rows.map((r) => r.dimension),
        rows.map((r) => r.time),
        rows.map((r) => r.value),
        ...DIMENSION_COLUMNS.map((_, i) => rows.map((r) => r.counts[i] ?? 0)),
      ],
    );
  }
}
