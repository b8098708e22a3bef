// Opt-in (npm run test:clickhouse; chdb is large): reach in the ClickHouse store (docs/clickhouse.md,
// "Reach"). ReachRows written through `writeReach` in several batches (reach_input, a Null table whose
// view keeps uniqCombined64 states in reach_states) and read by `readReach` (local days merged in
// ClickHouse, the cumulative curve a window over the days) then made the report's figure by the
// domain's `reachOf`. The PostgreSQL store (sketches per quarter and hour, merged by the domain's
// HyperLogLog) gets the same rows and must answer the same.
//   - A small campaign whose every figure is counted by hand below, in UTC and in +05:30 (a browser
//     served at 18:40 UTC belongs to the next local day there), whole and for one live creative.
//   - 200,000 distinct identities over 30 days, with known returns, within 2 % over the whole range
//     and over a 7-day sub-range.
import { createHash } from 'node:crypto';
import { type Reach, type ReportZone, reachOf } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { embeddedClickHouse } from '../../test/chdb';
import { reachDays } from '../reports/reach';
import { prepareClickHouseEventStore } from './clickhouse';
import { type ReachScope, readReach } from './queries/reach';
import type { ReachRow } from './reach-sketches';
import { createPostgresEventStore, type EventStore } from './store';

const UTC: ReportZone = { offset: '+00:00' };
const INDIA: ReportZone = { offset: '+05:30' };
const QUARTER_MS = 15 * 60 * 1000;

/** An identity's 64-bit hash, 16 hex digits (the server's keyed hash in production). */
const hashOf = (name: string) => createHash('sha256').update(name).digest('hex').slice(0, 16);

/**
 * One ad served at `at` as the serving process counts it (RequestCounter.addReach): a row for its live
 * creative and one for the whole campaign (''), of kind 'browser' for an identity b…, 'device' for d…,
 * 'none' without one.
 */
function ad(campaignId: string, liveId: string, at: string, identity?: string): ReachRow[] {
  const time = Date.parse(at);
  const bucket = new Date(time - (time % QUARTER_MS));
  const kind = identity === undefined ? 'none' : identity.startsWith('d') ? 'device' : 'browser';
  const hashes = new Set(identity === undefined ? [] : [hashOf(identity)]);
  return [liveId, ''].map((live) => ({ campaignId, liveId: live, kind, bucket, ads: 1, hashes }));
}

/** A report's reach over local days in a zone, as services/reports/reach.ts reads it. */
async function reachOver(
  store: EventStore,
  scope: ReachScope,
  days: { start: string; end: string },
  zone: ReportZone,
): Promise<Reach> {
  return reachOf(await readReach(store, scope, reachDays(days, zone)));
}

/** The days as [date, reach, new, returning, cumulative]. */
const dayRows = (reach: Reach) =>
  reach.days.map((day) => [day.date, day.reach, day.new, day.returning, day.cumulative]);

const within = (value: number, expected: number, share: number) =>
  Math.abs(value - expected) <= expected * share;

describe('reach in the ClickHouse store', () => {
  let db: Database;
  const { client, database } = embeddedClickHouse();
  const stores: Record<'clickhouse' | 'postgres', EventStore> = {} as never;
  const STORES = ['clickhouse', 'postgres'] as const;
  /** Writes the same batch through both stores. */
  const write = async (rows: ReachRow[]) => {
    for (const name of STORES) await stores[name].writeReach(rows);
  };

  beforeAll(async () => {
    db = await createPgliteDatabase();
    await migrate(db);
    stores.postgres = createPostgresEventStore(db);
    stores.clickhouse = await prepareClickHouseEventStore({ db, client, database });
  });
  afterAll(async () => {
    await client.command({ query: `drop database if exists ${database}` });
    await client.close();
    await db.close();
  });

  it('keeps one uniqCombined64 state per campaign, live creative, bucket and kind, fed by a view of a Null input table', async () => {
    const rows = await (
      await client.query({
        query: `select name, engine, partition_key, sorting_key, as_select from system.tables
                 where database = {db:String} and name like 'reach%' order by name`,
        query_params: { db: database },
        format: 'JSONEachRow',
      })
    ).json<{ name: string; engine: string; partition_key: string; sorting_key: string; as_select: string }>();
    expect(rows.map((row) => [row.name, row.engine])).toEqual([
      ['reach_input', 'Null'],
      ['reach_states', 'AggregatingMergeTree'],
      ['reach_states_mv', 'MaterializedView'],
    ]);
    expect(rows[1]).toMatchObject({
      partition_key: 'toYYYYMM(bucket)',
      sorting_key: 'campaign_id, live_id, bucket, kind',
    });
    expect(rows[2]?.as_select).toMatch(/uniqCombined64State/);
  });

  // Browsers b1-b5, devices d1-d2; live-a and live-b of campaign camp-small; four batches, the second
  // and third serving the same quarter (10:00 on 3 March) so their states merge in reach_states.
  const small = 'camp-small';
  const batches: ReachRow[][] = [
    [
      ...ad(small, 'live-a', '2026-03-02T09:00:00Z', 'b1'),
      ...ad(small, 'live-a', '2026-03-02T09:00:00Z', 'b2'),
      ...ad(small, 'live-a', '2026-03-02T09:05:00Z', 'd1'),
      ...ad(small, 'live-b', '2026-03-02T09:10:00Z', 'b1'),
      ...ad(small, 'live-b', '2026-03-02T09:10:00Z', 'b3'),
      ...ad(small, 'live-a', '2026-03-02T11:00:00Z'),
      ...ad(small, 'live-a', '2026-03-02T11:00:00Z'),
    ],
    [
      ...ad(small, 'live-b', '2026-03-03T10:00:00Z', 'b2'),
      ...ad(small, 'live-b', '2026-03-03T10:00:00Z', 'b4'),
      ...ad(small, 'live-a', '2026-03-03T10:00:00Z', 'd1'),
      ...ad(small, 'live-a', '2026-03-03T10:00:00Z', 'd2'),
    ],
    [
      ...ad(small, 'live-b', '2026-03-03T10:05:00Z', 'b2'),
      ...ad(small, 'live-a', '2026-03-03T12:00:00Z', 'b1'),
      ...ad(small, 'live-a', '2026-03-03T12:00:00Z', 'b1'),
      // 18:40 UTC is 00:10 on 4 March at +05:30.
      ...ad(small, 'live-a', '2026-03-03T18:40:00Z', 'b5'),
      ...ad(small, 'live-b', '2026-03-03T18:40:00Z'),
    ],
    [
      ...ad(small, 'live-a', '2026-03-04T08:00:00Z', 'b5'),
      ...ad(small, 'live-a', '2026-03-04T08:00:00Z', 'b3'),
      ...ad(small, 'live-b', '2026-03-04T08:00:00Z', 'd2'),
      // Another campaign's ads to the same browsers, and ads outside the range: never counted.
      ...ad('camp-other', 'live-o', '2026-03-03T10:00:00Z', 'b1'),
      ...ad('camp-other', 'live-o', '2026-03-03T10:00:00Z', 'b9'),
      ...ad(small, 'live-a', '2026-03-01T17:00:00Z', 'b8'),
      ...ad(small, 'live-a', '2026-03-05T19:00:00Z', 'b8'),
    ],
  ];
  const MARCH = { start: '2026-03-02', end: '2026-03-04' };

  it('answers the campaign reach by UTC day: per day, cumulative, new and returning, ads with and without an identity', async () => {
    for (const batch of batches) await write(batch);
    for (const name of STORES) {
      const reach = await reachOver(stores[name], { campaignId: small }, MARCH, UTC);
      // 2 Mar: browsers b1 b2 b3, device d1: 4, all new.
      // 3 Mar: browsers b2 b4 b1 b5, devices d1 d2: 6; to date b1-b5 and d1 d2: 7, so 3 new (b4 b5 d2)
      //        and 3 returning (b1 b2 d1).
      // 4 Mar: browsers b5 b3, device d2: 3, all returning; to date still 7.
      expect(dayRows(reach), name).toEqual([
        ['2026-03-02', 4, 4, 0, 4],
        ['2026-03-03', 6, 3, 3, 7],
        ['2026-03-04', 3, 0, 3, 7],
      ]);
      // 19 ads in range (7 + 4 + 5 + 3), of which 3 without an identity (two at 11:00, one at 18:40):
      // 16 identified; 7 reached (5 browsers, 2 devices), 16 / 7 ads each; coverage 16 / 19.
      expect(reach, name).toMatchObject({
        reach: 7,
        browsers: 5,
        devices: 2,
        ads: 19,
        identifiedAds: 16,
        averageFrequency: 16 / 7,
        coverage: 16 / 19,
      });
    }
  });

  it('moves a browser served at 18:40 UTC into the next local day at +05:30', async () => {
    for (const name of STORES) {
      const reach = await reachOver(stores[name], { campaignId: small }, MARCH, INDIA);
      // Local 2 Mar is [1 Mar 18:30, 2 Mar 18:30) UTC: the first batch, as in UTC (the ad to b8 at
      // 17:00 UTC on 1 Mar is before it). Local 3 Mar is [2 Mar 18:30, 3 Mar 18:30): b2 b4 b1 and
      // d1 d2: 5; to date b1-b4 and d1 d2: 6, so 2 new (b4 d2). Local 4 Mar is [3 Mar 18:30,
      // 4 Mar 18:30): b5 (18:40 UTC) and b3, d2: 3; to date 7, 1 new (b5), 2 returning (b3 d2).
      expect(dayRows(reach), name).toEqual([
        ['2026-03-02', 4, 4, 0, 4],
        ['2026-03-03', 5, 2, 3, 6],
        ['2026-03-04', 3, 1, 2, 7],
      ]);
      // The same ads in range (b8's 19:00 UTC on 5 Mar is 00:30 on 6 Mar there).
      expect(reach, name).toMatchObject({ reach: 7, browsers: 5, devices: 2, ads: 19, identifiedAds: 16 });
    }
  });

  it('answers one live creative its own reach, and several live creatives a browser once', async () => {
    for (const name of STORES) {
      const liveA = await reachOver(stores[name], { campaignId: small, liveIds: ['live-a'] }, MARCH, UTC);
      // live-a: 2 Mar b1 b2 d1 (and two ads without identity): 3 new. 3 Mar d1 d2 b1 (twice) b5: 4;
      // to date b1 b2 b5 d1 d2: 5, so 2 new (b5 d2). 4 Mar b5 b3: 2; to date 6, 1 new (b3).
      expect(dayRows(liveA), name).toEqual([
        ['2026-03-02', 3, 3, 0, 3],
        ['2026-03-03', 4, 2, 2, 5],
        ['2026-03-04', 2, 1, 1, 6],
      ]);
      // 12 ads (5 + 5 + 2), 2 without identity: 10 identified; 4 browsers (b1 b2 b3 b5), 2 devices.
      expect(liveA, name).toMatchObject({ reach: 6, browsers: 4, devices: 2, ads: 12, identifiedAds: 10 });
      const liveB = await reachOver(stores[name], { campaignId: small, liveIds: ['live-b'] }, MARCH, UTC);
      // live-b: b1 b3 b2 b4 (b2 twice in one quarter, two batches) and d2; 7 ads, 1 without identity.
      expect(liveB, name).toMatchObject({ reach: 5, browsers: 4, devices: 1, ads: 7, identifiedAds: 6 });
      // Both: b1-b5 and d1 d2 once each, as the whole campaign.
      const both = await reachOver(
        stores[name],
        { campaignId: small, liveIds: ['live-a', 'live-b'] },
        MARCH,
        UTC,
      );
      expect(both, name).toMatchObject({ reach: 7, browsers: 5, devices: 2, ads: 19, identifiedAds: 16 });
      expect(dayRows(both), name).toEqual([
        ['2026-03-02', 4, 4, 0, 4],
        ['2026-03-03', 6, 3, 3, 7],
        ['2026-03-04', 3, 0, 3, 7],
      ]);
      // A range with no ad: nothing, and each day there at 0.
      const empty = await reachOver(
        stores[name],
        { campaignId: small },
        { start: '2026-02-01', end: '2026-02-02' },
        UTC,
      );
      expect(empty, name).toMatchObject({ reach: 0, ads: 0, averageFrequency: null, coverage: null });
      expect(dayRows(empty), name).toEqual([
        ['2026-02-01', 0, 0, 0, 0],
        ['2026-02-02', 0, 0, 0, 0],
      ]);
    }
  });

  it('keeps merged states equal after the background merges (optimize final)', async () => {
    const before = await reachOver(stores.clickhouse, { campaignId: small }, MARCH, INDIA);
    await client.command({ query: `optimize table ${database}.reach_states final` });
    const parts = await (
      await client.query({
        query: `select count() as n from ${database}.reach_states
                 where campaign_id = {c:String} and live_id = 'live-b' and bucket = '2026-03-03 10:00:00'`,
        query_params: { c: small },
        format: 'JSONEachRow',
      })
    ).json<{ n: string | number }>();
    // The second and third batches' states of live-b at 10:00 on 3 March are one row now.
    expect(Number(parts[0]?.n)).toBe(1);
    expect(await reachOver(stores.clickhouse, { campaignId: small }, MARCH, INDIA)).toEqual(before);
  });

  // 200,000 identities over April 2026 (30 days, UTC): identity i is a browser below 180,000, a device
  // from there; it is first served on day r = i mod 30 (2 ads) and, when r is even and r + 7 <= 29, once
  // more on day r + 7 (1 ad). Each day also has 100 ads without an identity.
  //   n(r), the identities of residue r: 200,000 = 30 * 6,666 + 20, so 6,667 for r < 20, 6,666 from 20
  //   (browsers 6,000 each; devices 20,000 = 30 * 666 + 20: 667 for r < 20, 666 from 20).
  //   Whole month: 200,000 (180,000 browsers, 20,000 devices); cumulative to day d: n(0) + ... + n(d).
  //   Returns: r = 0, 2, ..., 22: ten residues below 20 (66,670) and 20, 22 (13,332): 80,002.
  //   Ads: 2 * 200,000 + 80,002 = 480,002 identified, plus 30 * 100 without: 483,002.
  //   11-17 April (days 10-16): first served r = 10..16: 7 * 6,667 = 46,669; back from r = 4, 6, 8:
  //   3 * 6,667 = 20,001; 66,670 in all (browsers 60,000, devices 7 * 667 + 3 * 667 = 6,670).
  //   Its ads: 2 * 46,669 + 20,001 = 113,339 identified, plus 700 without: 114,039.
  const big = 'camp-big';
  const n = (r: number) => (r < 20 ? 6_667 : 6_666);
  const returns = (r: number) => r % 2 === 0 && r + 7 <= 29;
  const day = (d: number) => Date.UTC(2026, 3, 1 + d);

  it('counts 200,000 identities over 30 days within 2 %, the month and a week of it', async () => {
    const rows = new Map<string, ReachRow & { hashes: Set<string> }>();
    const serve = (i: number, d: number, quarter: number, ads: number) => {
      const kind = i < 180_000 ? 'browser' : 'device';
      const bucket = new Date(day(d) + quarter * QUARTER_MS);
      const key = `${kind}|${bucket.getTime()}`;
      let row = rows.get(key);
      if (row === undefined) {
        row = { campaignId: big, liveId: '', kind, bucket, ads: 0, hashes: new Set() };
        rows.set(key, row);
      }
      row.ads += ads;
      row.hashes.add(hashOf(`identity-${i}`));
    };
    for (let i = 0; i < 200_000; i += 1) {
      const r = i % 30;
      serve(i, r, (i * 7) % 96, 2);
      if (returns(r)) serve(i, r + 7, (i * 11) % 96, 1);
    }
    const anonymous = Array.from({ length: 30 }, (_, d) => ({
      campaignId: big,
      liveId: '',
      kind: 'none' as const,
      bucket: new Date(day(d) + 12 * 60 * 60 * 1000),
      ads: 100,
      hashes: new Set<string>(),
    }));
    // In three batches of ten days each, as a process would flush them.
    const all = [...rows.values(), ...anonymous];
    for (let batch = 0; batch < 3; batch += 1) {
      const first = day(batch * 10);
      const last = day(batch * 10 + 10);
      await write(all.filter((row) => row.bucket.getTime() >= first && row.bucket.getTime() < last));
    }

    for (const name of STORES) {
      const month = await reachOver(
        stores[name],
        { campaignId: big },
        { start: '2026-04-01', end: '2026-04-30' },
        UTC,
      );
      expect(month.ads, name).toBe(483_002);
      expect(month.identifiedAds, name).toBe(480_002);
      const off = (value: number, expected: number) => `${name}: ${value} against ${expected}`;
      expect(within(month.reach, 200_000, 0.02), off(month.reach, 200_000)).toBe(true);
      expect(within(month.browsers, 180_000, 0.02), off(month.browsers, 180_000)).toBe(true);
      expect(within(month.devices, 20_000, 0.02), off(month.devices, 20_000)).toBe(true);
      let cumulative = 0;
      let worst = 0;
      month.days.forEach((reachDay, d) => {
        // Day d: the identities first served on it and those back from d - 7.
        const expected = n(d) + (d >= 7 && returns(d - 7) ? n(d - 7) : 0);
        cumulative += n(d);
        worst = Math.max(
          worst,
          Math.abs(reachDay.reach / expected - 1),
          Math.abs(reachDay.cumulative / cumulative - 1),
        );
        expect(within(reachDay.reach, expected, 0.02), off(reachDay.reach, expected)).toBe(true);
        expect(within(reachDay.cumulative, cumulative, 0.02), off(reachDay.cumulative, cumulative)).toBe(
          true,
        );
      });
      expect(cumulative).toBe(200_000);
      // The curve ends at the month's reach (each store's day curve rounds each kind as the reach does).
      const end = month.days.at(-1)?.cumulative ?? 0;
      expect(end, name).toBe(month.reach);

      const week = await reachOver(
        stores[name],
        { campaignId: big },
        { start: '2026-04-11', end: '2026-04-17' },
        UTC,
      );
      expect(week.ads, name).toBe(114_039);
      expect(week.identifiedAds, name).toBe(113_339);
      expect(within(week.reach, 66_670, 0.02), off(week.reach, 66_670)).toBe(true);
      expect(within(week.browsers, 60_000, 0.02), off(week.browsers, 60_000)).toBe(true);
      expect(within(week.devices, 6_670, 0.02), off(week.devices, 6_670)).toBe(true);
      // The week's first day counts everyone new: r = 10 (6,667) and the returns of r = 3 (none).
      expect(within(week.days[0]?.new ?? 0, 6_667, 0.02), name).toBe(true);
      console.log(
        `reach of ${name}: month ${month.reach} (${month.browsers} browsers, ${month.devices} devices) for 200,000; ` +
          `week ${week.reach} (${week.browsers}, ${week.devices}) for 66,670; ` +
          `a day's reach or cumulative off by ${(worst * 100).toFixed(2)} % at most`,
      );
    }
  });
});
