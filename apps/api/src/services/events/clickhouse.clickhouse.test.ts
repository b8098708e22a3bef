// Opt-in (npm run test:clickhouse; chdb is large): the ClickHouse event store against the PostgreSQL
// store on the same generated events (every read, every kind of zone, equal), its versioned schema
// (MergeTree by month and live creative, SummingMergeTree rollups fed by materialized views), the raw
// events' TTL, a failed insert that releases its replay keys, and the pruned seen-set.

import { COUNTED_EVENT_TYPES, type ReportZone } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { embeddedClickHouse } from '../../test/chdb';
import { createClickHouseEventStore, prepareClickHouseEventStore } from './clickhouse';
import {
  applyRawEventsTtl,
  clickhouseMigrations,
  migrateClickHouse,
  rawEventsDdl,
} from './clickhouse-migrations';
import { readBreakdown } from './queries/breakdown';
import { readCodes } from './queries/codes';
import { readPeriods } from './queries/periods';
import { readRangeTotals } from './queries/range-totals';
import { readReportRows } from './queries/report-rows';
import { readRollups } from './queries/rollups';
import { readSeries } from './queries/series';
import { readTotals } from './queries/totals';
import { readWeekHours } from './queries/week-hours';
import { createPostgresEventStore, type EventStore } from './store';
import type { TrackedEvent } from './tracked-event';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const ZONES: ReportZone[] = [
  { offset: '+00:00' },
  { offset: '+05:45' },
  { offset: '-03:30' },
  { offset: '+12:45' },
  { offset: '+14:00' },
  { offset: '-12:00' },
  { iana: 'America/New_York', offset: '-05:00' },
  { iana: 'Europe/Berlin', offset: '+01:00' },
  { iana: 'Pacific/Chatham', offset: '+12:45' },
  { iana: 'Australia/Lord_Howe', offset: '+10:30' },
  { iana: 'Asia/Kathmandu', offset: '+05:45' },
];

describe('the ClickHouse event store', () => {
  let db: Database;
  let postgres: EventStore;
  let clickhouse: EventStore;
  const { client, database } = embeddedClickHouse();
  const count = async (sql: string) =>
    Number(
      (await (await client.query({ query: sql, format: 'JSONEachRow' })).json<{ n: string }>())[0]?.n ?? 0,
    );

  beforeAll(async () => {
    db = await createPgliteDatabase();
    await migrate(db);
    postgres = createPostgresEventStore(db);
    clickhouse = await prepareClickHouseEventStore({ db, client, database });
  });
  afterAll(async () => {
    await client.command({ query: `drop database if exists ${database}` });
    await client.close();
    await db.close();
  });

  it('answers exactly what the PostgreSQL store answers: rollups, totals, periods and weekday-hours in every kind of zone', async () => {
    const next = random(16);
    const lives = ['live-a', 'live-b', 'Live-C', 'live_d'];
    // A year around both daylight-saving changes, tracked events with replays, and imports with counts.
    const start = Date.UTC(2026, 0, 1);
    const span = 365 * 86_400_000;
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    const batches: TrackedEvent[][] = [];
    for (let batch = 0; batch < 12; batch += 1) {
      batches.push(
        Array.from({ length: 400 }, () => {
          const imported = next() < 0.3;
          return {
            liveId: pick(lives),
            // Every counted type, and coded pings (VAST errors, verifications not executed) beside them.
            type: pick<TrackedEvent['type']>([
              ...COUNTED_EVENT_TYPES,
              'error:401',
              'error:900',
              'verificationNotExecuted:2',
            ]),
            at: new Date(start + Math.floor(next() * span)),
            count: imported ? 1 + Math.floor(next() * 50) : 1,
            // Few impression ids, so replays (in a batch and across batches) are common.
            impressionId: imported ? null : `imp.${Math.floor(next() * 600)}`,
          };
        }).concat(batch > 0 ? (batches[batch - 1]?.slice(0, 20) ?? []) : []),
      );
    }
    for (const events of batches) {
      expect(await clickhouse.writeBatch(events)).toBe(await postgres.writeBatch(events));
    }
    const ranges: [Date, Date][] = [
      [new Date(start), new Date(start + span)],
      [new Date('2026-03-07T05:15:00Z'), new Date('2026-03-09T04:00:00Z')],
      [new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z')],
    ];
    const byKey = <T extends { liveId: string }>(rows: T[], key: (row: T) => string) =>
      [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const compare = async () => {
      expect(await readTotals(clickhouse, [...lives, 'none'])).toEqual(
        await readTotals(postgres, [...lives, 'none']),
      );
      for (const [from, to] of ranges) {
        expect(await readCodes(clickhouse, lives, from, to)).toEqual(
          await readCodes(postgres, lives, from, to),
        );
        const bucketKey = (row: { liveId: string; bucket: Date }) =>
          `${row.liveId}|${row.bucket.toISOString()}`;
        expect(byKey(await readRollups(clickhouse, lives, from, to), bucketKey)).toEqual(
          byKey(await readRollups(postgres, lives, from, to), bucketKey),
        );
        expect(await readRangeTotals(clickhouse, lives, from, to)).toEqual(
          await readRangeTotals(postgres, lives, from, to),
        );
        // Breakdowns: whole UTC days from the daily rows, edges from the 15-minute ones, on both.
        for (const dimension of ['site', 'country'] as const) {
          const valueKey = (row: { value: string }) => row.value;
          const sortValues = <T extends { value: string }>(rows: T[]) =>
            [...rows].sort((a, b) => (valueKey(a) < valueKey(b) ? -1 : 1));
          expect(sortValues(await readBreakdown(clickhouse, lives, from, to, dimension, ['live-a']))).toEqual(
            sortValues(await readBreakdown(postgres, lives, from, to, dimension, ['live-a'])),
          );
        }
        for (const zone of ZONES) {
          for (const unit of ['day', 'hour'] as const) {
            const periodKey = (row: { liveId: string; period: string }) => `${row.liveId}|${row.period}`;
            const expected = byKey(await readPeriods(postgres, lives, from, to, zone, unit), periodKey);
            expect(
              byKey(await readPeriods(clickhouse, lives, from, to, zone, unit), periodKey),
              `${zone.iana ?? zone.offset} ${unit}`,
            ).toEqual(expected);
            // A series (summed over the live creatives, two of them display ones): the same on both.
            const series = { bannerIds: ['live-a', 'Live-C'] };
            const seriesKey = (row: { period: string }) => row.period;
            expect(
              byKey(await readSeries(clickhouse, lives, from, to, zone, unit, series), seriesKey),
              `series ${zone.iana ?? zone.offset} ${unit}`,
            ).toEqual(byKey(await readSeries(postgres, lives, from, to, zone, unit, series), seriesKey));
            // The report's rows in one call (ClickHouse: one pass grouped three ways): the same too.
            const [fromClickHouse, fromPostgres] = await Promise.all([
              readReportRows(clickhouse, lives, from, to, zone, unit, series),
              readReportRows(postgres, lives, from, to, zone, unit, series),
            ]);
            expect(byKey(fromClickHouse.series, seriesKey)).toEqual(byKey(fromPostgres.series, seriesKey));
            expect(fromClickHouse.totals).toEqual(fromPostgres.totals);
            const cellOf = (row: { weekday: number; hour: number }) => row.weekday * 24 + row.hour;
            expect([...fromClickHouse.weekHours].sort((a, b) => cellOf(a) - cellOf(b))).toEqual(
              [...fromPostgres.weekHours].sort((a, b) => cellOf(a) - cellOf(b)),
            );
          }
          const cell = (row: { weekday: number; hour: number }) => row.weekday * 24 + row.hour;
          const sortCells = <T extends { weekday: number; hour: number }>(rows: T[]) =>
            [...rows].sort((a, b) => cell(a) - cell(b));
          expect(sortCells(await readWeekHours(clickhouse, lives, from, to, zone))).toEqual(
            sortCells(await readWeekHours(postgres, lives, from, to, zone)),
          );
        }
      }
    };
    await compare();
    // The same after the background merges have summed the rollups' rows.
    await client.command({ query: `optimize table ${database}.event_rollups final` });
    await client.command({ query: `optimize table ${database}.event_totals final` });
    await compare();
  });

  it('creates its schema by versioned migrations: events by month and live creative, rollups summed by materialized views', async () => {
    expect(await migrateClickHouse(client, database)).toEqual([]);
    expect(await count(`select count() as n from ${database}.schema_migrations final`)).toBe(
      clickhouseMigrations.length,
    );
    const tables = await (
      await client.query({
        query: `select name, engine, partition_key, sorting_key, as_select from system.tables
                 where database = {db:String} order by name`,
        query_params: { db: database },
        format: 'JSONEachRow',
      })
    ).json<{ name: string; engine: string; partition_key: string; sorting_key: string; as_select: string }>();
    const table = (name: string) => tables.find((row) => row.name === name);
    expect(table('events')).toMatchObject({
      engine: 'MergeTree',
      partition_key: 'toYYYYMM(at)',
      sorting_key: 'live_id, at',
    });
    expect(table('event_rollups')).toMatchObject({
      engine: 'SummingMergeTree',
      sorting_key: 'live_id, bucket',
    });
    expect(table('event_totals')).toMatchObject({ engine: 'SummingMergeTree', sorting_key: 'live_id' });
    expect(table('event_rollups_mv')?.engine).toBe('MaterializedView');
    expect(table('event_rollups_mv')?.as_select).toMatch(/toStartOfFifteenMinutes/);
    expect(table('event_totals_mv')?.engine).toBe('MaterializedView');
    expect(table('event_dimension_days')).toMatchObject({
      engine: 'SummingMergeTree',
      partition_key: 'toYYYYMM(day)',
      sorting_key: 'live_id, dimension, day, value',
    });
    expect(table('event_dimension_days_mv')?.as_select).toMatch(/toDate\(at, 'UTC'\)/);
    expect(table('event_dimension_hours')).toMatchObject({
      engine: 'SummingMergeTree',
      sorting_key: 'live_id, dimension, bucket, value',
    });
  });

  it('0005 and 0006 sum the breakdowns stored before them by UTC day and hour once, a run cut short and run again included; new events reach all three, conversions too (0008)', async () => {
    const older = `${database}_0005`;
    const rowsOf = async (sql: string) =>
      (await client.query({ query: sql, format: 'JSONEachRow' })).json<Record<string, string>>();
    try {
      await migrateClickHouse(
        client,
        older,
        clickhouseMigrations.filter((migration) => migration.name < '0005'),
      );
      await client.command({
        query: `insert into ${older}.event_dimension_rollups (live_id, bucket, dimension, value, impressions, clicks) values
                ('d1', '2026-06-01 09:45:00', 'site', 'a.example', 1, 0),
                ('d1', '2026-06-01 23:45:00', 'site', 'a.example', 2, 1),
                ('d1', '2026-06-02 00:00:00', 'site', 'a.example', 4, 0),
                ('d1', '2026-06-01 10:00:00', 'country', 'DE', 8, 0)`,
      });
      const backfill = clickhouseMigrations.find((migration) => migration.name === '0005_breakdown_days');
      // A run cut short after its backfill, then the whole migration: the sums are added once.
      await client.command({ query: (backfill?.statements[0] ?? '').replaceAll('{db}', older) });
      await client.command({ query: (backfill?.statements[1] ?? '').replaceAll('{db}', older) });
      // Every migration from 0005 on runs now, those added since included (the list is the store's own,
      // so a new migration cannot leave this expectation behind).
      const applied = await migrateClickHouse(client, older);
      expect(applied).toEqual(
        clickhouseMigrations.map((migration) => migration.name).filter((name) => name >= '0005'),
      );
      expect(applied.slice(0, 4)).toEqual([
        '0005_breakdown_days',
        '0006_breakdown_hours',
        '0007_conversions',
        '0008_conversion_breakdowns',
      ]);
      const days = async () =>
        rowsOf(
          `select dimension, toString(day) as day, value, toString(sum(impressions)) as impressions, toString(sum(clicks)) as clicks
             from ${older}.event_dimension_days group by dimension, day, value order by dimension, day, value`,
        );
      expect(await days()).toEqual([
        { dimension: 'country', day: '2026-06-01', value: 'DE', impressions: '8', clicks: '0' },
        { dimension: 'site', day: '2026-06-01', value: 'a.example', impressions: '3', clicks: '1' },
        { dimension: 'site', day: '2026-06-02', value: 'a.example', impressions: '4', clicks: '0' },
      ]);
      const hours = async () =>
        rowsOf(
          `select dimension, toString(bucket) as hour, value, toString(sum(impressions)) as impressions
             from ${older}.event_dimension_hours group by dimension, hour, value order by dimension, hour, value`,
        );
      expect(await hours()).toEqual([
        { dimension: 'country', hour: '2026-06-01 10:00:00', value: 'DE', impressions: '8' },
        { dimension: 'site', hour: '2026-06-01 09:00:00', value: 'a.example', impressions: '1' },
        { dimension: 'site', hour: '2026-06-01 23:00:00', value: 'a.example', impressions: '2' },
        { dimension: 'site', hour: '2026-06-02 00:00:00', value: 'a.example', impressions: '4' },
      ]);
      // A new raw event reaches the 15-minute rows, the hour and the day through their views.
      await client.command({
        query: `insert into ${older}.events (live_id, type, at, count, site) values ('d1', 'impression', '2026-06-02 10:05:00', 16, 'a.example')`,
      });
      expect((await days()).at(-1)).toMatchObject({ day: '2026-06-02', impressions: '20' });
      expect((await hours()).at(-1)).toMatchObject({ hour: '2026-06-02 10:00:00', impressions: '16' });
      // 0008: a conversion and its value (USD 49.99) reach every grain under the click's values.
      await client.command({
        query: `insert into ${older}.events (live_id, type, at, count, site) values
                ('d1', 'conversion', '2026-06-02 10:10:00', 1, 'a.example'),
                ('d1', 'conversionValue', '2026-06-02 10:10:00', 4999, 'a.example')`,
      });
      for (const table of ['event_dimension_rollups', 'event_dimension_hours', 'event_dimension_days'])
        expect(
          await rowsOf(
            `select toString(sum(conversions)) as conversions, toString(sum(conversion_value)) as amount
               from ${older}.${table} where dimension = 'site' and value = 'a.example'`,
          ),
          table,
        ).toEqual([{ conversions: '1', amount: '4999' }]);
    } finally {
      await client.command({ query: `drop database if exists ${older}` });
    }
  });

  it('drops raw events past EVENTS_TTL_DAYS; the rollups, and so the reports, keep them', async () => {
    const old: TrackedEvent = {
      liveId: 'ttl',
      type: 'impression',
      at: new Date('2020-01-01T00:00:00Z'),
      count: 3,
      impressionId: null,
    };
    await clickhouse.writeBatch([old, { ...old, at: new Date(Date.now() - 60_000) }]);
    await applyRawEventsTtl(client, database, 30);
    await client.command({ query: `optimize table ${database}.events final` });
    expect(await count(`select count() as n from ${database}.events where live_id = 'ttl'`)).toBe(1);
    expect((await readTotals(clickhouse, ['ttl'])).get('ttl')?.impressions).toBe(6);
    const [rollup] = await readRollups(clickhouse, ['ttl'], new Date('2020-01-01'), new Date('2020-01-02'));
    expect(rollup?.impressions).toBe(3);
    expect(await rawEventsDdl(client, database)).toMatch(/ TTL toDateTime\(at\) \+ toIntervalDay\(30\)/);
    await applyRawEventsTtl(client, database, undefined);
    expect(await rawEventsDdl(client, database)).not.toMatch(/ TTL /);
  });

  it('a batch ClickHouse refuses fails whole and releases its replay keys, so the retried beacon counts', async () => {
    // An impression: a lone click would be stored invalid (no impression before it), never counted.
    const event: TrackedEvent = {
      liveId: 'retry',
      type: 'impression',
      at: new Date('2026-06-01T12:00:00Z'),
      count: 1,
      impressionId: 'imp.retry',
    };
    // A store whose database has no tables: its insert fails.
    const broken = createClickHouseEventStore({ db, client, database: `${database}_missing` });
    await expect(broken.writeBatch([event])).rejects.toThrow();
    expect(await db.query("select * from event_seen where impression_id = 'imp.retry'")).toEqual([]);
    expect(await clickhouse.writeBatch([event])).toBe(1);
    expect(await clickhouse.writeBatch([event])).toBe(0);
    expect((await readTotals(clickhouse, ['retry'])).get('retry')?.impressions).toBe(1);
  });

  it('refuses, by index, a time outside the years ClickHouse keeps (1970 to 2105) instead of clamping it', async () => {
    const event: TrackedEvent = {
      liveId: 'years',
      type: 'impression',
      at: new Date('2026-01-01'),
      count: 1,
      impressionId: null,
    };
    await expect(
      clickhouse.writeBatch([event, { ...event, at: new Date('1969-12-31T23:59:59Z') }]),
    ).rejects.toThrow('events.1.at: the ClickHouse event store keeps times from 1970 to 2105');
    await expect(clickhouse.writeBatch([{ ...event, at: new Date('2106-01-01T00:00:00Z') }])).rejects.toThrow(
      /events\.0\.at/,
    );
    expect((await readTotals(clickhouse, ['years'])).size).toBe(0);
  });

  it('keeps the seen-set short: rows older than an impression can verify (48 hours) are pruned', async () => {
    await db.query(
      "insert into event_seen (impression_id, type, seen_at) values ('imp.old', 'impression', now() - interval '3 days'), ('imp.recent', 'impression', now() - interval '47 hours')",
    );
    // A new store prunes with its first batch (then at most hourly).
    const store = createClickHouseEventStore({ db, client, database });
    await store.writeBatch([
      { liveId: 'prune', type: 'impression', at: new Date(), count: 1, impressionId: 'imp.new' },
    ]);
    const left = (await db.query<{ impression_id: string }>('select impression_id from event_seen')).map(
      (row) => row.impression_id,
    );
    expect(left).not.toContain('imp.old');
    expect(left).toEqual(expect.arrayContaining(['imp.recent', 'imp.new']));
  });
});
