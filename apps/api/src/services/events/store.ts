// The event store: one small interface (write a batch; read rollups and totals by live creative and UTC
// range) so a deployment that outgrows one PostgreSQL can put ClickHouse behind it without touching the
// tracking routes or the reports. This file holds the interface and the PostgreSQL (and PGlite) store;
// clickhouse.ts holds the ClickHouse one (EVENTS_URL).
import {
  type BreakdownDimension,
  COUNTER_OF_EVENT,
  type CodedEventKind,
  type CountedEventType,
  EVENT_COUNTER_KEYS,
  type EventCounters,
  type InvalidTrafficReason,
  offsetSpans,
  parseCodedEventType,
  UNKNOWN_DIMENSIONS,
  zeroEventCounters,
} from '@adconsole/domain';
import type { Database, SqlValue } from '../../db/database';
import { COLUMNS, counterSumsSql, numberRow } from './counters';
import { type DimensionValueRow, readDimensionValues, writeDimensionRollups } from './dimensions';
import { type GrainSource, grainRowsSql, measurableSql, planGrains, writeGrainRollups } from './grains';
import { judgeBatch, storedHistory, type WriteOptions } from './integrity';
import type { StoredEventType, TrackedEvent } from './tracked-event';

/** Valid coded pings of one live creative in a range: a VAST error or a verification reason, by code. */
export interface CodeRow {
  liveId: string;
  kind: CodedEventKind;
  code: number;
  count: number;
}

export interface RollupRow extends EventCounters {
  liveId: string;
  /** The start of the 15-minute UTC bucket. */
  bucket: Date;
}

/** The zone a grouped read uses: an IANA zone (daylight saving followed) or a fixed offset ('+05:45'). */
export interface StoreZone {
  iana?: string;
  offset: string;
}

/** Counters of one live creative in one local period ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'). */
export interface PeriodRow extends EventCounters {
  liveId: string;
  period: string;
}

/** A series' counters in one local period, over several live creatives, with their measurable impressions. */
export interface SeriesRow extends PeriodRow {
  /** Measurable impressions: each live creative's by its type (the domain's `measurableImpressions`). */
  measurable: number;
}

/** Which live creatives of a series are display ones, and the campaign when they are all of its live creatives. */
export interface SeriesOptions {
  bannerIds: readonly string[];
  campaignId?: string | undefined;
}

/** A read of a report's range by local day or hour over several live creatives. */
export type SeriesRead<T> = (
  liveIds: readonly string[],
  from: Date,
  to: Date,
  zone: StoreZone,
  unit: 'day' | 'hour',
  options: SeriesOptions,
) => Promise<T>;

/** A report's rows of the rollups (EventStore.readReportRows). */
export interface ReportRows {
  series: SeriesRow[];
  totals: Map<string, EventCounters>;
  weekHours: WeekHourRow[];
}

/** Invalid events of one live creative in one local period, for one reason. */
export interface InvalidPeriodRow extends PeriodRow {
  reason: InvalidTrafficReason;
}

/** Impressions and clicks by local weekday (0 Monday ... 6 Sunday) and hour. */
export interface WeekHourRow {
  weekday: number;
  hour: number;
  impressions: number;
  clicks: number;
}

export interface EventStore {
  /**
   * Writes a batch durably in one transaction: the raw rows (an impression's event of one type once),
   * judged by the integrity rules (integrity.ts); the valid ones into the 15-minute rollups (and, in
   * the PostgreSQL store, their hourly and daily sums) and the totals, the invalid ones into their own rollups by reason. Answers how many events were stored,
   * valid or invalid (replays and held events are not).
   */
  writeBatch(events: readonly TrackedEvent[], options?: WriteOptions): Promise<number>;
  /** Rollup rows of these live creatives with `from <= bucket < to`, by live creative and bucket. */
  readRollups(liveIds: readonly string[], from: Date, to: Date): Promise<RollupRow[]>;
  /** All-time totals of each live creative that has events. */
  readTotals(liveIds: readonly string[]): Promise<Map<string, EventCounters>>;
  /**
   * The rollups of `from <= bucket < to` summed by live creative and local day or hour in `zone`, in
   * the store's own engine (a report reads a few rows per live creative, not every bucket).
   */
  readPeriods(
    liveIds: readonly string[],
    from: Date,
    to: Date,
    zone: StoreZone,
    unit: 'day' | 'hour',
  ): Promise<PeriodRow[]>;
  /**
   * The rollups of `from <= bucket < to` summed over all of `liveIds` by local day or hour in `zone`
   * (`liveId` ''): a report's series. `campaignId` says that `liveIds` are every live creative of that
   * campaign, so a store may read the campaign's own rollups (the PostgreSQL store does).
   */
  readSeries: SeriesRead<SeriesRow[]>;
  /** The rollups of `from <= bucket < to` summed by live creative: each creative's totals in a report. */
  readRangeTotals(liveIds: readonly string[], from: Date, to: Date): Promise<Map<string, EventCounters>>;
  /**
   * What a report reads of the rollups in one call: readSeries, readRangeTotals and readWeekHours of
   * the same range, each store in its engine's best way (PostgreSQL: the three side by side on the
   * pool's connections; ClickHouse: one pass grouped three ways).
   */
  readReportRows: SeriesRead<ReportRows>;
  /** The valid coded pings (errors, verifications not executed) of `from <= bucket < to`, summed by code. */
  readCodes(liveIds: readonly string[], from: Date, to: Date): Promise<CodeRow[]>;
  /**
   * Impressions and clicks of `from <= bucket < to` by local weekday and hour in `zone` (`campaignId` as
   * in readSeries).
   */
  readWeekHours(
    liveIds: readonly string[],
    from: Date,
    to: Date,
    zone: StoreZone,
    campaignId?: string,
  ): Promise<WeekHourRow[]>;
  /**
   * The valid events of `from <= bucket < to` under one dimension, summed by stored value ('' unknown,
   * '~other' past the day's cap); measurable impressions follow each live creative's type (`bannerIds`
   * are the display ones). Rows plus unknown plus other add up to readPeriods' sums over the same range.
   */
  readBreakdown(
    liveIds: readonly string[],
    from: Date,
    to: Date,
    dimension: BreakdownDimension,
    bannerIds: readonly string[],
  ): Promise<DimensionValueRow[]>;
  /** The invalid events' rollups summed by live creative, local day or hour, and reason. */
  readInvalidPeriods(
    liveIds: readonly string[],
    from: Date,
    to: Date,
    zone: StoreZone,
    unit: 'day' | 'hour',
  ): Promise<InvalidPeriodRow[]>;
}

/**
 * A bucket's local time as seconds since the local epoch, by arithmetic: the bucket's UTC seconds plus
 * the offset of the span it falls in (the zone's offsets over the range, daylight-saving changes
 * included, come from the domain). A zone lookup per row (`at time zone`, `to_char`) made a 90-day
 * report of 20 creatives scan 172,800 rows at several times the cost. Parameters from `$first` on.
 */
function localSeconds(zone: StoreZone, from: Date, to: Date, first: number) {
  const spans = offsetSpans(zone.iana ?? zone.offset, from, to);
  const params: SqlValue[] = [];
  const param = (value: SqlValue, type: string) => {
    params.push(value);
    return `$${first + params.length - 1}::${type}`;
  };
  const offsetOf = (index: number) => param((spans[index]?.offsetMinutes ?? 0) * 60, 'int');
  let offset = offsetOf(spans.length - 1);
  for (let index = spans.length - 2; index >= 0; index -= 1) {
    const next = spans[index + 1]?.start as Date;
    offset = `case when bucket < ${param(next, 'timestamptz')} then ${offsetOf(index)} else ${offset} end`;
  }
  return { sql: `(extract(epoch from bucket)::bigint + ${offset})`, params };
}

const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;
/** 1970-01-01 (local day 0) was a Thursday: weekday 3 when Monday is 0. */
const EPOCH_WEEKDAY = 3;

/** A local period's key from its index since the local epoch: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'. */
const periodKey = (index: number, unit: 'day' | 'hour'): string => {
  const iso = new Date(index * (unit === 'day' ? DAY_SECONDS : HOUR_SECONDS) * 1000).toISOString();
  return unit === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 13)}:00`;
};

/**
 * The parameters of a read by local time: whose rows it sums ($1: the live creatives, or the campaign
 * when one is named and the read is not `finest`), the zone's offsets, and `param` to add one more and
 * answer its placeholder.
 */
function localQuery(
  liveIds: readonly string[],
  zone: StoreZone,
  from: Date,
  to: Date,
  options: { finest: boolean; campaignId?: string | undefined } = { finest: true },
) {
  const local = localSeconds(zone, from, to, 2);
  const campaign = options.campaignId !== undefined && !options.finest;
  const params: SqlValue[] = [campaign ? (options.campaignId as string) : [...liveIds], ...local.params];
  const param = (value: SqlValue, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const source: GrainSource = campaign ? { campaignIdParam: '$1::text' } : { liveIdsParam: '$1::text[]' };
  return { local, params, param, source };
}

export const BUCKET_MS = 15 * 60 * 1000;
export const bucketOf = (at: Date): number => Math.floor(at.getTime() / BUCKET_MS) * BUCKET_MS;

type TrackedEventLike = {
  liveId: string;
  type: StoredEventType;
  count: number;
  at: Date;
  reason: string | null;
};

/** Whether an event adds to a counter (coded pings have their own rollups). */
const isCounted = (type: StoredEventType): type is CountedEventType => type in COUNTER_OF_EVENT;

/** Sums what counted into rows keyed by `key(event)` (coded pings are left out). */
function tally<K>(events: readonly TrackedEventLike[], key: (event: TrackedEventLike) => K) {
  const rows = new Map<string, { key: K; counters: EventCounters }>();
  for (const event of events) {
    if (!isCounted(event.type)) continue;
    const k = key(event);
    const id = JSON.stringify(k);
    const row = rows.get(id) ?? { key: k, counters: zeroEventCounters() };
    row.counters[COUNTER_OF_EVENT[event.type]] += event.count;
    rows.set(id, row);
  }
  return [...rows.values()];
}

/** Valid coded pings summed by live creative, bucket, kind and code. */
export function tallyCodes(events: readonly TrackedEventLike[]) {
  const rows = new Map<
    string,
    { liveId: string; bucket: number; kind: CodedEventKind; code: number; count: number }
  >();
  for (const event of events) {
    const coded = parseCodedEventType(event.type);
    if (coded === undefined || event.reason !== null) continue;
    const bucket = bucketOf(event.at);
    const id = `${event.liveId}|${bucket}|${event.type}`;
    const row = rows.get(id) ?? { liveId: event.liveId, bucket, ...coded, count: 0 };
    row.count += event.count;
    rows.set(id, row);
  }
  return [...rows.values()];
}

/** Column arrays of the counters, for `unnest`. */
const counterArrays = (rows: readonly { counters: EventCounters }[]) =>
  EVENT_COUNTER_KEYS.map((key) => rows.map((row) => row.counters[key]));

/** A weekday-hour row whose numbers may come as text (64-bit sums). */
export const numberWeekHourRow = (row: Record<keyof WeekHourRow, unknown>): WeekHourRow => ({
  weekday: Number(row.weekday),
  hour: Number(row.hour),
  impressions: Number(row.impressions),
  clicks: Number(row.clicks),
});

const upsertSet = COLUMNS.map((column) => `${column} = %T.${column} + excluded.${column}`).join(', ');

/** How a read by local period groups its rows, and which rows it reads. */
interface PeriodReadOptions {
  /** Read every figure from the 15-minute rollups (the reference the grains must equal). */
  finest: boolean;
  /** Group by live creative too (else the rows are summed over all of them, `liveId` ''). */
  byLive: boolean;
  /** Every live creative of this campaign is read: its campaign rollups hold the same sums. */
  campaignId?: string | undefined;
  /** One more column to group by. */
  extraColumn?: 'reason';
  /** The display live creatives: the rows then carry their measurable impressions (`measurable`). */
  bannerIds?: readonly string[] | undefined;
}

/**
 * A rollup table summed by local period (and live creative, and one more column, when asked). The
 * figures' rollups are read from the coarsest exact grain (grains.ts), by quarter hour when `finest`,
 * and from the campaign's rollups when the read sums all of a campaign's live creatives.
 */
async function readPeriodRows(
  db: Database,
  table: 'event_rollups' | 'event_invalid_rollups',
  liveIds: readonly string[],
  from: Date,
  to: Date,
  zone: StoreZone,
  unit: 'day' | 'hour',
  options: PeriodReadOptions,
): Promise<(PeriodRow & { extra?: string; measurable?: number })[]> {
  if (liveIds.length === 0 || from.getTime() >= to.getTime()) return [];
  const { extraColumn, byLive } = options;
  const {
    local,
    params,
    param,
    source: whose,
  } = localQuery(liveIds, zone, from, to, table === 'event_rollups' ? options : { finest: true });
  const groups = [...(byLive ? ['live_id'] : []), 'period', ...(extraColumn ? [extraColumn] : [])].join(', ');
  const campaignRows = 'campaignIdParam' in whose;
  const source =
    table === 'event_rollups'
      ? `(${grainRowsSql(planGrains(zone, from, to, unit, options.finest), campaignRows ? [...COLUMNS, 'measurable'] : COLUMNS, whose, param)}) as grains`
      : `${table} where live_id = any($1::text[]) and bucket >= ${param(from, 'timestamptz')} and bucket < ${param(to, 'timestamptz')}`;
  const measurable =
    options.bannerIds === undefined
      ? ''
      : campaignRows
        ? ', sum(measurable)::bigint as measurable'
        : `, sum(${measurableSql(`live_id = any(${param([...options.bannerIds], 'text[]')})`)})::bigint as measurable`;
  const found = await db.query<
    Record<string, unknown> & { live_id?: string; period: string; extra?: string; measurable?: string }
  >(
    `select ${byLive ? 'live_id, ' : ''}${local.sql} / ${unit === 'day' ? DAY_SECONDS : HOUR_SECONDS} as period${extraColumn ? `, ${extraColumn} as extra` : ''},
            ${counterSumsSql('::bigint')}${measurable}
       from ${source}
      group by ${groups}
      order by ${groups}`,
    params,
  );
  return found.map((row) => ({
    liveId: row.live_id ?? '',
    period: periodKey(Number(row.period), unit),
    ...numberRow(row),
    ...(row.extra === undefined ? {} : { extra: row.extra }),
    ...(row.measurable === undefined ? {} : { measurable: Number(row.measurable) }),
  }));
}

/** Options of the PostgreSQL store: `grains: 'quarter'` reads every figure from the 15-minute rollups. */
export interface PostgresStoreOptions {
  grains?: 'coarsest' | 'quarter';
}

export function createPostgresEventStore(db: Database, options: PostgresStoreOptions = {}): EventStore {
  const finest = options.grains === 'quarter';
  const store: EventStore = {
    async writeBatch(events, options) {
      if (events.length === 0) return 0;
      return db.transaction(async (tx) => {
        const judged = judgeBatch(events, await storedHistory(tx, 'events', events), options);
        if (judged.length === 0) return 0;
        const stored = await tx.query<{
          live_id: string;
          impression_id: string | null;
          type: StoredEventType;
          at: Date;
          count: number;
          reason: string | null;
        }>(
          `insert into events (live_id, type, at, count, impression_id, reason)
           select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::text[])
           on conflict (impression_id, type) where impression_id is not null do nothing
           returning live_id, impression_id, type, at, count, reason`,
          [
            judged.map((e) => e.liveId),
            judged.map((e) => e.type),
            judged.map((e) => e.at.toISOString()),
            judged.map((e) => e.count),
            judged.map((e) => e.impressionId),
            judged.map((e) => e.reason ?? null),
          ],
        );
        // Imported history (no impression id) never conflicts: every row of it is stored as given. A
        // signed event is stored unless it replays one; it keeps the breakdown values it came with.
        const dimsOf = new Map(
          judged.flatMap((e) =>
            e.impressionId !== null && e.dims ? [[`${e.impressionId}|${e.type}`, e.dims] as const] : [],
          ),
        );
        const all = [
          ...judged
            .filter((e) => e.impressionId === null)
            .map((e) => ({
              liveId: e.liveId,
              type: e.type,
              at: e.at,
              count: e.count,
              reason: e.reason ?? null,
              dims: e.dims ?? UNKNOWN_DIMENSIONS,
            })),
          ...stored
            .filter((row) => row.impression_id !== null)
            .map((row) => ({
              liveId: row.live_id,
              type: row.type,
              at: new Date(row.at),
              count: Number(row.count),
              reason: row.reason,
              dims: dimsOf.get(`${row.impression_id}|${row.type}`) ?? UNKNOWN_DIMENSIONS,
            })),
        ];
        const invalid = all.filter((row) => row.reason !== null);
        if (invalid.length > 0) {
          const byReason = tally(invalid, (e) => [e.liveId, bucketOf(e.at), e.reason] as const);
          await tx.query(
            `insert into event_invalid_rollups (live_id, bucket, reason, ${COLUMNS.join(', ')})
             select * from unnest($1::text[], $2::timestamptz[], $3::text[], ${COLUMNS.map((_, i) => `$${i + 4}::bigint[]`).join(', ')})
             on conflict (live_id, bucket, reason) do update set ${upsertSet.replaceAll('%T', 'event_invalid_rollups')}`,
            [
              byReason.map((b) => b.key[0]),
              byReason.map((b) => new Date(b.key[1]).toISOString()),
              byReason.map((b) => b.key[2]),
              ...counterArrays(byReason),
            ],
          );
        }
        const codes = tallyCodes(all);
        if (codes.length > 0) {
          await tx.query(
            `insert into event_code_rollups (live_id, bucket, kind, code, count)
             select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::int[], $5::bigint[])
             on conflict (live_id, bucket, kind, code) do update set count = event_code_rollups.count + excluded.count`,
            [
              codes.map((c) => c.liveId),
              codes.map((c) => new Date(c.bucket).toISOString()),
              codes.map((c) => c.kind),
              codes.map((c) => c.code),
              codes.map((c) => c.count),
            ],
          );
        }
        // Only valid events reach the figures' rollups and totals.
        const rows = all.filter((row) => row.reason === null && isCounted(row.type));
        if (rows.length === 0) return all.length;
        // The 15-minute, hourly and daily rollups, in one statement (grains.ts).
        const buckets = tally(rows, (e) => [e.liveId, bucketOf(e.at)] as const);
        await writeGrainRollups(
          tx,
          buckets.map((b) => ({ liveId: b.key[0], at: new Date(b.key[1]), counters: b.counters })),
          EVENT_COUNTER_KEYS,
          COLUMNS,
        );
        await writeDimensionRollups(tx, rows);
        const totals = tally(rows, (e) => e.liveId);
        await tx.query(
          `insert into event_totals (live_id, ${COLUMNS.join(', ')})
           select * from unnest($1::text[], ${COLUMNS.map((_, i) => `$${i + 2}::bigint[]`).join(', ')})
           on conflict (live_id) do update set ${upsertSet.replaceAll('%T', 'event_totals')}`,
          [totals.map((t) => t.key), ...counterArrays(totals)],
        );
        return all.length;
      });
    },

    async readRollups(liveIds, from, to) {
      if (liveIds.length === 0) return [];
      const rows = await db.query<Record<string, unknown> & { live_id: string; bucket: Date }>(
        `select live_id, bucket, ${COLUMNS.join(', ')} from event_rollups
          where live_id = any($1::text[]) and bucket >= $2 and bucket < $3
          order by live_id, bucket`,
        [[...liveIds], from, to],
      );
      return rows.map((row) => ({ liveId: row.live_id, bucket: new Date(row.bucket), ...numberRow(row) }));
    },

    readPeriods: (liveIds, from, to, zone, unit) =>
      readPeriodRows(db, 'event_rollups', liveIds, from, to, zone, unit, { finest, byLive: true }),

    async readSeries(liveIds, from, to, zone, unit, { bannerIds, campaignId }) {
      const rows = await readPeriodRows(db, 'event_rollups', liveIds, from, to, zone, unit, {
        finest,
        byLive: false,
        campaignId,
        bannerIds,
      });
      return rows.map((row) => ({ ...row, measurable: row.measurable ?? 0 }));
    },

    async readReportRows(liveIds, from, to, zone, unit, options) {
      const [series, totals, weekHours] = await Promise.all([
        store.readSeries(liveIds, from, to, zone, unit, options),
        store.readRangeTotals(liveIds, from, to),
        store.readWeekHours(liveIds, from, to, zone, options.campaignId),
      ]);
      return { series, totals, weekHours };
    },

    async readRangeTotals(liveIds, from, to) {
      if (liveIds.length === 0 || from.getTime() >= to.getTime()) return new Map();
      const params: SqlValue[] = [[...liveIds]];
      const param = (value: SqlValue, type: string) => {
        params.push(value);
        return `$${params.length}::${type}`;
      };
      // The coarsest rows that cover the range exactly: UTC days, their edges by hour and quarter hour.
      const parts = planGrains({ offset: '+00:00' }, from, to, 'day', finest);
      const rows = await db.query<Record<string, unknown> & { live_id: string }>(
        `select live_id, ${counterSumsSql('::bigint')}
           from (${grainRowsSql(parts, COLUMNS, { liveIdsParam: '$1::text[]' }, param)}) as grains
          group by live_id`,
        params,
      );
      return new Map(rows.map((row) => [row.live_id, numberRow(row)]));
    },

    readBreakdown: (liveIds, from, to, dimension, bannerIds) =>
      readDimensionValues(db, liveIds, from, to, dimension, bannerIds),

    async readInvalidPeriods(liveIds, from, to, zone, unit) {
      const rows = await readPeriodRows(db, 'event_invalid_rollups', liveIds, from, to, zone, unit, {
        finest: true,
        byLive: true,
        extraColumn: 'reason',
      });
      return rows.map(({ extra, ...row }) => ({ ...row, reason: extra as InvalidTrafficReason }));
    },

    async readCodes(liveIds, from, to) {
      if (liveIds.length === 0) return [];
      const rows = await db.query<{ live_id: string; kind: CodedEventKind; code: number; count: string }>(
        `select live_id, kind, code, sum(count)::bigint as count from event_code_rollups
          where live_id = any($1::text[]) and bucket >= $2 and bucket < $3
          group by live_id, kind, code
          order by live_id, kind, code`,
        [[...liveIds], from, to],
      );
      return rows.map((row) => ({
        liveId: row.live_id,
        kind: row.kind,
        code: Number(row.code),
        count: Number(row.count),
      }));
    },

    async readWeekHours(liveIds, from, to, zone, campaignId) {
      if (liveIds.length === 0 || from.getTime() >= to.getTime()) return [];
      const { local, params, param, source } = localQuery(liveIds, zone, from, to, { finest, campaignId });
      const parts = planGrains(zone, from, to, 'hour', finest);
      const rows = await db.query<{ weekday: number; hour: number; impressions: string; clicks: string }>(
        `select (${local.sql} / ${DAY_SECONDS} + ${EPOCH_WEEKDAY}) % 7 as weekday,
                ${local.sql} / ${HOUR_SECONDS} % 24 as hour,
                sum(impressions)::bigint as impressions, sum(clicks)::bigint as clicks
           from (${grainRowsSql(parts, ['impressions', 'clicks'], source, param)}) as grains
          group by weekday, hour`,
        params,
      );
      return rows.map(numberWeekHourRow);
    },

    async readTotals(liveIds) {
      if (liveIds.length === 0) return new Map();
      const rows = await db.query<Record<string, unknown> & { live_id: string }>(
        `select live_id, ${COLUMNS.join(', ')} from event_totals where live_id = any($1::text[])`,
        [[...liveIds]],
      );
      return new Map(rows.map((row) => [row.live_id, numberRow(row)]));
    },
  };
  return store;
}
