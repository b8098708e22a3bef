// Reach in the store under test (docs/reports.md, "Reach"): a local day of a +05:30 zone is exact (its
// edges cut UTC hours, so the read takes those hours' quarters); three processes merging overlapping
// browsers into the same buckets at once count what one process seeing all of them counts; a creative's
// scope reads its own rows, and ads without an identity count as ads only.

import { REACH_RELATIVE_ERROR, ReachSketch, reachOf } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../../db/database';
import {
  type FreshDatabase,
  freshEventStore,
  freshMigratedDatabase,
  testStoresLabel,
} from '../../test/harness';
import { demoHash as hashOf } from '../demo/demo-reach';
import { reachDays } from '../reports/reach';
import { readReach } from './queries/reach';
import { localDayOf, READ_DAY_ZONES, type ReachKind, type ReachRow } from './reach-sketches';
import { createPostgresEventStore, type EventStore } from './store';

const QUARTER_MS = 900_000;

const row = (
  campaignId: string,
  liveId: string,
  at: string | number,
  ids: readonly number[],
  kind: ReachKind = 'browser',
  zone?: string,
): ReachRow => {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return {
    ...(zone === undefined ? {} : { day: localDayOf(zone, ms) }),
    campaignId,
    liveId,
    kind,
    bucket: new Date(ms - (ms % QUARTER_MS)),
    ads: Math.max(1, ids.length),
    hashes: new Set(kind === 'none' ? [] : ids.map(hashOf)),
  };
};

describe(`reach in the store (${testStoresLabel()})`, () => {
  let fresh: FreshDatabase;
  let store: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    fresh = await freshMigratedDatabase();
    ({ store, close } = await freshEventStore(fresh.db));
  });
  afterAll(async () => {
    await close();
    await fresh.drop();
  });

  it('a local day of a +05:30 zone is exact: a browser at 18:40 UTC belongs to the next day there', async () => {
    // A at 18:20 UTC on the 20th (23:50 there), B at 18:40 (00:10 on the 21st there), C on the 21st at
    // 10:00 UTC, A again at 12:00 UTC. In +05:30: the 20th has A; the 21st B, C and A (2 new, 1
    // returning); 3 in all. In UTC: the 20th A and B; the 21st C and A (1 new, 1 returning); 3 in all.
    await store.writeReach([
      row('zones', '', '2026-11-20T18:20:00Z', [1]),
      row('zones', '', '2026-11-20T18:40:00Z', [2]),
      row('zones', '', '2026-11-21T10:00:00Z', [3]),
    ]);
    await store.writeReach([row('zones', '', '2026-11-21T12:00:00Z', [1])]);
    const days = { start: '2026-11-20', end: '2026-11-21' };
    const india = reachOf(
      await readReach(store, { campaignId: 'zones' }, reachDays(days, { offset: '+05:30' })),
    );
    expect(india.days).toEqual([
      { date: '2026-11-20', reach: 1, new: 1, returning: 0, cumulative: 1 },
      { date: '2026-11-21', reach: 3, new: 2, returning: 1, cumulative: 3 },
    ]);
    const utc = reachOf(
      await readReach(store, { campaignId: 'zones' }, reachDays(days, { offset: '+00:00' })),
    );
    expect(utc.days).toEqual([
      { date: '2026-11-20', reach: 2, new: 2, returning: 0, cumulative: 2 },
      { date: '2026-11-21', reach: 2, new: 1, returning: 1, cumulative: 3 },
    ]);
    expect(utc).toMatchObject({ reach: 3, browsers: 3, identifiedAds: 4, ads: 4 });
  });

  it('three processes merging overlapping browsers at once count what one process seeing all counts', async () => {
    // Process k sees browsers 10,000k to 10,000k + 14,999 (k = 0, 1, 2): 35,000 distinct, 45,000 ads,
    // each process in 15 batches over the same four quarter hours, all three at once.
    const at = Date.parse('2026-11-22T09:00:00Z');
    const processes: EventStore[] = [store];
    const extra: Database[] = [];
    if (fresh.url !== undefined && store.kind === 'postgres')
      for (let index = 0; index < 2; index += 1) {
        const db = await createPostgresDatabase(fresh.url);
        extra.push(db);
        processes.push(createPostgresEventStore(db));
      }
    try {
      await Promise.all(
        [0, 1, 2].map(async (k) => {
          const mine = processes[k % processes.length] as EventStore;
          for (let batch = 0; batch < 15; batch += 1) {
            const ids = Array.from({ length: 1_000 }, (_, n) => 10_000 * k + batch * 1_000 + n);
            const quarter = at + (batch % 4) * QUARTER_MS;
            await mine.writeReach([row('fleet', 'l1', quarter, ids), row('fleet', '', quarter, ids)]);
          }
        }),
      );
    } finally {
      for (const db of extra) await db.close();
    }
    const one = new ReachSketch();
    for (let id = 0; id < 35_000; id += 1) one.addHash(Buffer.from(hashOf(id), 'hex'));
    const read = await readReach(
      store,
      { campaignId: 'fleet' },
      reachDays({ start: '2026-11-22', end: '2026-11-22' }, { offset: '+00:00' }),
    );
    expect(read.identifiedAds).toBe(45_000);
    if (store.kind === 'postgres') expect(read.browsers).toBe(one.estimate());
    expect(Math.abs(read.browsers - 35_000) / 35_000).toBeLessThan(3 * REACH_RELATIVE_ERROR);
    const creative = await readReach(
      store,
      { campaignId: 'fleet', liveIds: ['l1'] },
      reachDays({ start: '2026-11-22', end: '2026-11-22' }, { offset: '+00:00' }),
    );
    expect(creative.browsers).toBe(read.browsers);
  });

  it("a creative's scope reads its own rows; ads without an identity are ads, not reach; devices apart from browsers", async () => {
    await store.writeReach([
      row('scopes', 'l1', '2026-11-23T08:00:00Z', [1, 2, 3]),
      row('scopes', '', '2026-11-23T08:00:00Z', [1, 2, 3]),
      row('scopes', 'l2', '2026-11-23T09:00:00Z', [3, 4]),
      row('scopes', '', '2026-11-23T09:00:00Z', [3, 4]),
      row('scopes', 'l2', '2026-11-23T09:00:00Z', [900], 'device'),
      row('scopes', '', '2026-11-23T09:00:00Z', [900], 'device'),
      row('scopes', 'l2', '2026-11-23T10:00:00Z', [], 'none'),
      row('scopes', '', '2026-11-23T10:00:00Z', [], 'none'),
    ]);
    const days = reachDays({ start: '2026-11-23', end: '2026-11-23' }, { offset: '+00:00' });
    expect(reachOf(await readReach(store, { campaignId: 'scopes' }, days))).toMatchObject({
      reach: 5,
      browsers: 4,
      devices: 1,
      identifiedAds: 6,
      ads: 7,
    });
    expect(reachOf(await readReach(store, { campaignId: 'scopes', liveIds: ['l2'] }, days))).toMatchObject({
      reach: 3,
      browsers: 2,
      devices: 1,
      identifiedAds: 3,
      ads: 4,
    });
    expect(
      reachOf(await readReach(store, { campaignId: 'scopes', liveIds: ['l1', 'l2'] }, days)).browsers,
    ).toBe(4);
  });

  it('a day row stands for its day only when it is exactly that day and holds all its ads; a day whose campaign changed zone reads its hours', async () => {
    const utcDay = reachDays({ start: '2026-11-24', end: '2026-11-24' }, { offset: '+00:00' });
    const berlinDay = reachDays(
      { start: '2026-11-24', end: '2026-11-24' },
      { iana: 'Europe/Berlin', offset: '+01:00' },
    );
    // A UTC campaign: its day row is the UTC day. The fine rows' sketches are then emptied: a read
    // that still finds the three browsers read the day row (in the main database; ClickHouse has none).
    await store.writeReach([row('clean', '', '2026-11-24T08:00:00Z', [1, 2, 3], 'browser', 'UTC')]);
    if (store.kind === 'postgres') {
      await fresh.db.query(
        `update reach_sketches set sketch = '\\x01'::bytea where campaign_id = 'clean' and grain <> 'day'`,
      );
      expect(Math.round((await readReach(store, { campaignId: 'clean' }, utcDay)).browsers)).toBe(3);
      // Read in Berlin, the day is another one: its hours, emptied, say none.
      expect(Math.round((await readReach(store, { campaignId: 'clean' }, berlinDay)).browsers)).toBe(0);
    }
    // The campaign's zone changed from UTC to Berlin at noon: two partial day rows, neither the whole day.
    await store.writeReach([row('moved', '', '2026-11-24T08:00:00Z', [1, 2, 3], 'browser', 'UTC')]);
    await store.writeReach([row('moved', '', '2026-11-24T20:00:00Z', [4, 5], 'browser', 'Europe/Berlin')]);
    const utc = await readReach(store, { campaignId: 'moved' }, utcDay);
    expect(Math.round(utc.browsers)).toBe(5);
    expect(utc.identifiedAds).toBe(5);
    expect(Math.round((await readReach(store, { campaignId: 'moved' }, berlinDay)).browsers)).toBe(5);
  });

  it('a read in another zone keeps the days it merged as read-day rows: the next read takes one sketch a day, a late ad makes it merge again, a running day is not kept, at most READ_DAY_ZONES zones', async () => {
    if (store.kind !== 'postgres') return expect(store.kind).toBe('clickhouse');
    const newYork = { iana: 'America/New_York', offset: '-05:00' };
    const days = reachDays({ start: '2026-11-20', end: '2026-11-21' }, newYork);
    // Berlin's campaign: its own day rows are Berlin's days, so New York's days read hours.
    await store.writeReach([
      row('zoned', '', '2026-11-20T15:00:00Z', [1, 2, 3], 'browser', 'Europe/Berlin'),
      row('zoned', '', '2026-11-21T15:00:00Z', [3, 4], 'browser', 'Europe/Berlin'),
      row('zoned', '', '2026-11-21T16:00:00Z', [900], 'device', 'Europe/Berlin'),
      row('zoned', '', '2026-11-21T16:30:00Z', [], 'none', 'Europe/Berlin'),
    ]);
    const kept = () =>
      fresh.db.query<{ kind: string; bucket: Date; bucket_end: Date; ads: string }>(
        `select kind, bucket, bucket_end, ads from reach_sketches
          where campaign_id = 'zoned' and grain = 'read-day' order by bucket, kind`,
      );
    const first = await readReach(store, { campaignId: 'zoned' }, days);
    expect(reachOf(first)).toMatchObject({ browsers: 4, devices: 1, identifiedAds: 6, ads: 7 });
    expect(
      (await kept()).map((r) => [
        new Date(r.bucket).toISOString(),
        new Date(r.bucket_end).toISOString(),
        r.kind,
        Number(r.ads),
      ]),
    ).toEqual([
      ['2026-11-20T05:00:00.000Z', '2026-11-21T05:00:00.000Z', 'browser', 3],
      ['2026-11-21T05:00:00.000Z', '2026-11-22T05:00:00.000Z', 'browser', 2],
      ['2026-11-21T05:00:00.000Z', '2026-11-22T05:00:00.000Z', 'device', 1],
      ['2026-11-21T05:00:00.000Z', '2026-11-22T05:00:00.000Z', 'none', 1],
    ]);
    // The hours emptied: the next read still counts every browser, from the read-day rows alone.
    await fresh.db.query(
      `update reach_sketches set sketch = '\\x01'::bytea where campaign_id = 'zoned' and grain in ('quarter', 'hour')`,
    );
    expect(await readReach(store, { campaignId: 'zoned' }, days)).toEqual(first);
    // A late ad on the 21st: that day's read-day rows no longer hold all its ads, so its hours are merged
    // again (emptied: the 21st now says only the late browser) and the rows written anew; the 20th's stand.
    await store.writeReach([row('zoned', '', '2026-11-21T20:00:00Z', [7], 'browser', 'Europe/Berlin')]);
    const late = await readReach(store, { campaignId: 'zoned' }, days);
    expect(late.days.map((day) => Math.round(day.reach))).toEqual([3, 1]);
    const lateDay = (await kept()).find(
      (r) => r.kind === 'browser' && new Date(r.bucket).toISOString() === '2026-11-21T05:00:00.000Z',
    );
    expect(Number(lateDay?.ads)).toBe(3);
    // A day still running is not kept: tomorrow's ads change it.
    const today = new Date().toISOString().slice(0, 10);
    await store.writeReach([row('zoned', '', Date.now() - 60_000, [8], 'browser', 'Europe/Berlin')]);
    await readReach(
      store,
      { campaignId: 'zoned' },
      reachDays({ start: today, end: today }, { offset: '+00:00' }),
    );
    expect((await kept()).filter((r) => new Date(r.bucket).toISOString().startsWith(today))).toEqual([]);
    // Reads in six more zones of the 20th: at most READ_DAY_ZONES day starts near it are kept.
    for (const offset of ['+00:00', '+01:00', '+03:00', '+09:00', '-08:00', '+05:30'])
      await readReach(
        store,
        { campaignId: 'zoned' },
        reachDays({ start: '2026-11-20', end: '2026-11-20' }, { offset }),
      );
    const starts = new Set(
      (await kept())
        .map((r) => new Date(r.bucket).getTime())
        .filter((at) => Math.abs(at - Date.parse('2026-11-20T05:00:00Z')) < 86_400_000),
    );
    expect(starts.size).toBe(READ_DAY_ZONES);
  });
});
