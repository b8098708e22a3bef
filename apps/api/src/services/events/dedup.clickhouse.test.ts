// Opt-in (npm run test:clickhouse; chdb is large): replays recognised by ClickHouse itself
// (EVENTS_DEDUP=clickhouse; docs/clickhouse.md, "Replays in ClickHouse"). A replayed beacon in a later
// batch and one inside a batch count once in every figure the reports read (totals, 15-minute rollups,
// breakdowns, the report's rows, coded pings), as on the PostgreSQL store, with no row in the main
// database's seen-set; a replay after the window counts again; a refused insert leaves no key; the
// migration copies the window's keys of events stored before it; and what it cannot promise: two inserts
// in flight at once in two processes both count a key.
import { COUNTED_EVENT_TYPES, type EventDimensions } from '@adconsole/domain';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { embeddedClickHouse } from '../../test/chdb';
import { createClickHouseEventStore, prepareClickHouseEventStore } from './clickhouse';
import { clickhouseMigrations, migrateClickHouse } from './clickhouse-migrations';
import { readBreakdown } from './queries/breakdown';
import { readCodes } from './queries/codes';
import { readReportRows } from './queries/report-rows';
import { readRollups } from './queries/rollups';
import { readTotals } from './queries/totals';
import { createPostgresEventStore, type EventStore } from './store';
import type { TrackedEvent } from './tracked-event';

const DAY = { from: new Date('2026-07-01T00:00:00Z'), to: new Date('2026-07-02T00:00:00Z') };
const DIMS: EventDimensions = {
  site: 'news.example',
  device: 'desktop',
  os: 'Linux',
  browser: 'Firefox',
  country: 'DE',
};
const beacon = (
  liveId: string,
  type: TrackedEvent['type'],
  impressionId: string,
  minute = 0,
): TrackedEvent => ({
  liveId,
  type,
  at: new Date(DAY.from.getTime() + (10 * 60 + minute) * 60_000),
  count: 1,
  impressionId,
  dims: DIMS,
});

/** Every figure of one live creative's day the reports read, as plain numbers. */
async function figures(store: EventStore, liveId: string) {
  const totals = (await readTotals(store, [liveId])).get(liveId);
  const rollups = await readRollups(store, [liveId], DAY.from, DAY.to);
  const sites = await readBreakdown(store, [liveId], DAY.from, DAY.to, 'site', [liveId]);
  const report = await readReportRows(store, [liveId], DAY.from, DAY.to, { offset: '+00:00' }, 'day', {
    bannerIds: [liveId],
  });
  const codes = await readCodes(store, [liveId], DAY.from, DAY.to);
  return {
    impressions: totals?.impressions ?? 0,
    clicks: totals?.clicks ?? 0,
    rollupImpressions: rollups.reduce((sum, row) => sum + row.impressions, 0),
    rollupClicks: rollups.reduce((sum, row) => sum + row.clicks, 0),
    siteImpressions: sites.find((row) => row.value === DIMS.site)?.counters.impressions ?? 0,
    siteClicks: sites.find((row) => row.value === DIMS.site)?.counters.clicks ?? 0,
    reportImpressions: report.series.reduce((sum, row) => sum + row.impressions, 0),
    reportClicks: report.totals.get(liveId)?.clicks ?? 0,
    codes: codes.reduce((sum, row) => sum + row.count, 0),
  };
}

const expected = (impressions: number, clicks: number, codes = 0) => ({
  impressions,
  clicks,
  rollupImpressions: impressions,
  rollupClicks: clicks,
  siteImpressions: impressions,
  siteClicks: clicks,
  reportImpressions: impressions,
  reportClicks: clicks,
  codes,
});

describe('replays recognised by ClickHouse itself (EVENTS_DEDUP=clickhouse)', () => {
  let db: Database;
  let reference: EventStore;
  let store: EventStore;
  const { client, database } = embeddedClickHouse();
  const rows = async <T>(query: string) => (await client.query({ query, format: 'JSONEachRow' })).json<T>();
  const seenSetRows = async () =>
    Number((await db.query<{ n: string }>('select count(*) as n from event_seen'))[0]?.n);

  beforeAll(async () => {
    db = await createPgliteDatabase();
    await migrate(db);
    reference = createPostgresEventStore(db);
    store = await prepareClickHouseEventStore({ db, client, database, dedup: 'clickhouse' });
  });
  afterAll(async () => {
    await client.command({ query: `drop database if exists ${database}` });
    await client.close();
    await db.close();
  });

  it('a replayed beacon in a later batch counts once in every figure, with no row in the main database', async () => {
    const first = [beacon('later', 'impression', 'later.1'), beacon('later', 'click', 'later.1', 1)];
    const second = [
      beacon('later', 'impression', 'later.1', 5),
      beacon('later', 'click', 'later.1', 6),
      beacon('later', 'impression', 'later.2', 7),
    ];
    expect(await store.writeBatch(first)).toBe(2);
    expect(await store.writeBatch(second)).toBe(1);
    // A third time, alone: still nothing.
    expect(await store.writeBatch([beacon('later', 'click', 'later.1', 20)])).toBe(0);
    for (const events of [first, second, [beacon('later', 'click', 'later.1', 20)]])
      await reference.writeBatch(events);
    expect(await figures(store, 'later')).toEqual(expected(2, 1));
    expect(await figures(reference, 'later')).toEqual(expected(2, 1));
    // ClickHouse holds three raw rows and their three keys; the main database's seen-set nothing.
    expect(
      await rows<{ n: string }>(
        `select toString(count()) as n from ${database}.events where live_id = 'later'`,
      ),
    ).toEqual([{ n: '3' }]);
    expect(
      await rows<{ key: string; reason: string }>(
        `select key, reason from ${database}.event_keys where key like '%|later.%' order by key`,
      ),
    ).toEqual([
      { key: 'click|later.1', reason: '' },
      { key: 'impression|later.1', reason: '' },
      { key: 'impression|later.2', reason: '' },
    ]);
    expect(await seenSetRows()).toBe(0);
  });

  it('a replay inside one batch counts once; the integrity rules still judge by what the impression has', async () => {
    const batch = [
      // The click before its impression in the batch: judged in the impression's natural order.
      beacon('inside', 'click', 'inside.1', 2),
      beacon('inside', 'impression', 'inside.1'),
      beacon('inside', 'impression', 'inside.1', 1),
      beacon('inside', 'click', 'inside.1', 3),
      beacon('inside', 'error:401', 'inside.1', 4),
      beacon('inside', 'error:401', 'inside.1', 4),
      // A click whose impression never came: stored invalid (sequence), never counted.
      beacon('inside', 'click', 'inside.2', 5),
    ];
    expect(await store.writeBatch(batch)).toBe(4);
    expect(await reference.writeBatch(batch)).toBe(4);
    expect(await figures(store, 'inside')).toEqual(expected(1, 1, 1));
    expect(await figures(reference, 'inside')).toEqual(expected(1, 1, 1));
    // The invalid click's key keeps its reason: its impression arriving later does not make it count.
    expect(await store.writeBatch([beacon('inside', 'impression', 'inside.2', 9)])).toBe(1);
    expect(await store.writeBatch([beacon('inside', 'click', 'inside.2', 10)])).toBe(0);
    expect(await figures(store, 'inside')).toEqual(expected(2, 1, 1));
    expect(await seenSetRows()).toBe(0);
  });

  it("the store's history, which the conversions' ledger reads, gives a click's verdict from ClickHouse's keys", async () => {
    // inside.2's click was stored invalid (sequence) above, inside.1's valid: a conversion through the
    // first must be refused as 'invalid-click', with the seen-set empty (conversion-ledger.ts).
    const clicks = ['inside.1', 'inside.2', 'never'].map((id) => beacon('inside', 'click', id, 30));
    const history = await store.history(clicks);
    expect(history.get('inside.1')?.get('click')).toBeNull();
    expect(history.get('inside.2')?.get('click')).toBe('sequence');
    expect(history.get('never')).toBeUndefined();
    expect(await seenSetRows()).toBe(0);
  });

  it('a replay after the window counts again (a beacon that old no longer verifies at the tracking route)', async () => {
    const short = createClickHouseEventStore({
      db,
      client,
      database,
      dedup: 'clickhouse',
      dedupWindowMs: 1500,
    });
    expect(await short.writeBatch([beacon('window', 'impression', 'window.1')])).toBe(1);
    expect(await short.writeBatch([beacon('window', 'impression', 'window.1', 1)])).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // Past the 1.5 s window the key is not read: the replay counts. The store's 48 hours still know it.
    expect(await store.writeBatch([beacon('window', 'impression', 'window.1', 2)])).toBe(0);
    expect(await short.writeBatch([beacon('window', 'impression', 'window.1', 3)])).toBe(1);
    expect(await figures(store, 'window')).toEqual(expected(2, 0));
  });

  it('a batch ClickHouse refuses leaves no key, so the retried beacon counts once', async () => {
    const refusing = {
      query: client.query.bind(client),
      insert: async () => {
        throw new Error('ClickHouse refused the insert');
      },
    } as unknown as ClickHouseClient;
    const broken = createClickHouseEventStore({ db, client: refusing, database, dedup: 'clickhouse' });
    await expect(broken.writeBatch([beacon('refused', 'impression', 'refused.1')])).rejects.toThrow(
      'refused',
    );
    expect(await store.writeBatch([beacon('refused', 'impression', 'refused.1', 1)])).toBe(1);
    expect(await store.writeBatch([beacon('refused', 'impression', 'refused.1', 2)])).toBe(0);
    expect(await figures(store, 'refused')).toEqual(expected(1, 0));
  });

  it('one store writes its batches one at a time: the same replay in two batches at once counts once', async () => {
    const counted = await Promise.all([
      store.writeBatch([beacon('serial', 'impression', 'serial.1')]),
      store.writeBatch([beacon('serial', 'impression', 'serial.1', 1)]),
      store.writeBatch([beacon('serial', 'impression', 'serial.1', 2)]),
    ]);
    expect(counted).toEqual([1, 0, 0]);
    expect(await figures(store, 'serial')).toEqual(expected(1, 0));
  });

  it('what it cannot promise: two processes whose inserts are in flight at once both count the key', async () => {
    // Each insert waits until both stores have read their keys and sent their inserts: the race
    // docs/clickhouse.md names (two API processes, the same replay in both their batches at once).
    let arrived = 0;
    let release = () => {};
    const both = new Promise<void>((resolve) => (release = resolve));
    const racing = {
      query: client.query.bind(client),
      insert: async (params: Parameters<ClickHouseClient['insert']>[0]) => {
        arrived += 1;
        if (arrived === 2) release();
        await both;
        return client.insert(params);
      },
    } as unknown as ClickHouseClient;
    const processA = createClickHouseEventStore({ db, client: racing, database, dedup: 'clickhouse' });
    const processB = createClickHouseEventStore({ db, client: racing, database, dedup: 'clickhouse' });
    const counted = await Promise.all([
      processA.writeBatch([beacon('race', 'impression', 'race.1')]),
      processB.writeBatch([beacon('race', 'impression', 'race.1', 1)]),
    ]);
    expect(counted).toEqual([1, 1]);
    expect(await figures(store, 'race')).toEqual(expected(2, 0));
    // Once both are written, every later replay is recognised.
    expect(await store.writeBatch([beacon('race', 'impression', 'race.1', 2)])).toBe(0);
  });

  it('0048 copies the keys of the signed events stored in the window before it, so switching loses none', async () => {
    const older = `${database}_0048`;
    try {
      await migrateClickHouse(
        client,
        older,
        clickhouseMigrations.filter((migration) => migration.name < '0048'),
      );
      await client.command({
        query: `insert into ${older}.events (live_id, type, at, count, impression_id, received_at) values
                ('switch', 'impression', now64(3) - toIntervalHour(1), 1, 'switch.recent', now64(3) - toIntervalHour(1)),
                ('switch', 'impression', now64(3) - toIntervalHour(49), 1, 'switch.old', now64(3) - toIntervalHour(49)),
                ('switch', 'impression', now64(3) - toIntervalHour(1), 5, null, now64(3) - toIntervalHour(1))`,
      });
      expect(await migrateClickHouse(client, older)).toEqual(['0048_event_keys']);
      expect(
        await rows<{ key: string }>(`select key from ${older}.event_keys where key like '%switch%'`),
      ).toEqual([{ key: 'impression|switch.recent' }]);
      const switched = createClickHouseEventStore({ db, client, database: older, dedup: 'clickhouse' });
      const now = Date.now();
      const event = (id: string): TrackedEvent => ({
        liveId: 'switch',
        type: 'impression',
        at: new Date(now),
        count: 1,
        impressionId: id,
      });
      expect(await switched.writeBatch([event('switch.recent')])).toBe(0);
      // Past the window: not copied, so it counts (its beacon would no longer verify).
      expect(await switched.writeBatch([event('switch.old')])).toBe(1);
    } finally {
      await client.command({ query: `drop database if exists ${older}` });
    }
  });

  it('answers what the PostgreSQL store answers over generated beacons with replays in and across batches', async () => {
    let state = 48;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const lives = ['gen-a', 'gen-b', 'gen-c'];
    const types = [...COUNTED_EVENT_TYPES, 'error:401', 'error:900'] as TrackedEvent['type'][];
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    const batches: TrackedEvent[][] = [];
    for (let batch = 0; batch < 8; batch += 1) {
      const events: TrackedEvent[] = Array.from({ length: 300 }, () => ({
        ...beacon(pick(lives), pick(types), `gen.${Math.floor(next() * 400)}`, Math.floor(next() * 600)),
        dims: { ...DIMS, site: pick(['a.example', 'b.example', 'c.example']) },
      }));
      batches.push(events.concat(batch > 0 ? (batches[batch - 1]?.slice(0, 30) ?? []) : []));
    }
    for (const events of batches)
      expect(await store.writeBatch(events)).toBe(await reference.writeBatch(events));
    expect(await readTotals(store, lives)).toEqual(await readTotals(reference, lives));
    const byKey = <T>(items: T[]) =>
      [...items].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    expect(byKey(await readRollups(store, lives, DAY.from, DAY.to))).toEqual(
      byKey(await readRollups(reference, lives, DAY.from, DAY.to)),
    );
    expect(byKey(await readBreakdown(store, lives, DAY.from, DAY.to, 'site', lives))).toEqual(
      byKey(await readBreakdown(reference, lives, DAY.from, DAY.to, 'site', lives)),
    );
    expect(byKey(await readCodes(store, lives, DAY.from, DAY.to))).toEqual(
      byKey(await readCodes(reference, lives, DAY.from, DAY.to)),
    );
    expect(await seenSetRows()).toBe(0);
  });
});
