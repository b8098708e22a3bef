// The ad request counter against a real store (PGlite or PostgreSQL, and ClickHouse in its opt-in run):
// what it gathers reaches the store whole, even past a write the store refused.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FreshDatabase, freshEventStore, freshMigratedDatabase } from '../../test/harness';
import { readFrequencyCounts } from './queries/frequency-counts';
import { readReach } from './queries/reach';
import { readRequestPeriods } from './queries/request-periods';
import { REACH_WAITING_LIMIT, RequestCounter, requestCountKey } from './request-counter';
import type { EventStore } from './store';

const at = Date.parse('2026-11-26T10:05:00Z');
const tag = requestCountKey('campaign-1', '', 'live-1');

describe('ad request counter', () => {
  let database: FreshDatabase;
  let events: { store: EventStore; close(): Promise<void> };
  beforeEach(async () => {
    database = await freshMigratedDatabase();
    events = await freshEventStore(database.db);
  });
  afterEach(async () => {
    await events.close();
    await database.drop();
  });

  const counted = async () =>
    (
      await readRequestPeriods(
        events.store,
        { campaignId: 'campaign-1' },
        new Date('2026-11-26T00:00:00Z'),
        new Date('2026-11-27T00:00:00Z'),
        { offset: '+00:00' },
        'day',
      )
    )
      .map((row) => `${row.outcome} ${row.requests}`)
      .sort();

  it('a batch the store refuses goes with the next write, added to what the same bucket gathered since (each row once)', async () => {
    let refuse = 1;
    const store: EventStore = {
      ...events.store,
      async writeRequestCounts(rows) {
        if (refuse-- > 0) throw new Error('the store is away');
        await events.store.writeRequestCounts(rows);
      },
    };
    const counter = new RequestCounter(() => store, 60_000);
    counter.add(tag, 'served', at);
    counter.add(tag, 'country', at);
    await expect(counter.flush()).rejects.toThrow('the store is away');
    // The same tag, bucket and outcomes again: one row each in the next statement, their sums.
    counter.add(tag, 'served', at + 1000);
    counter.add(tag, 'served', at + 2000);
    counter.add(tag, 'country', at + 3000);
    await counter.flush();
    expect(await counted()).toEqual(['country 2', 'served 3']);
    await counter.close();
  });

  it('closing writes what it holds', async () => {
    const counter = new RequestCounter(() => events.store, 60_000);
    counter.add(tag, 'daypart', at);
    await counter.close();
    expect(await counted()).toEqual(['daypart 1']);
  });

  it("ads by their rank in a browser's window reach the store summed by window kind and rank, 11th and later together, even past a refused write", async () => {
    let refuse = 1;
    const store: EventStore = {
      ...events.store,
      async writeFrequencyCounts(rows) {
        if (refuse-- > 0) throw new Error('the store is away');
        await events.store.writeFrequencyCounts(rows);
      },
    };
    const counter = new RequestCounter(() => store, 60_000);
    // One browser's day: its 1st, 2nd ... 12th ad; another's 1st, in the next bucket.
    for (let rank = 1; rank <= 12; rank += 1) counter.addRank('campaign-1', 'day', rank, at);
    counter.addRank('campaign-1', 'day', 1, at + 15 * 60_000);
    counter.addRank('campaign-2', 'week', 1, at);
    await expect(counter.flush()).rejects.toThrow('the store is away');
    await counter.close();
    const read = await readFrequencyCounts(
      events.store,
      'campaign-1',
      new Date('2026-11-26T00:00:00Z'),
      new Date('2026-11-27T00:00:00Z'),
    );
    // Ranks 1 (twice) to 10 once, and 11 for the 11th and 12th.
    expect(read.map((row) => `${row.period} ${row.rank} ${row.ads}`)).toEqual([
      'day 1 2',
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((rank) => `day ${rank} 1`),
      'day 11 2',
    ]);
  });

  it('the identities served an ad reach the store per live creative and for the whole campaign, ads without one counted, even past a refused write', async () => {
    let refuse = 1;
    const store: EventStore = {
      ...events.store,
      async writeReach(rows) {
        if (refuse-- > 0) throw new Error('the store is away');
        await events.store.writeReach(rows);
      },
    };
    const counter = new RequestCounter(() => store, 60_000);
    // Browser a twice on live-1, then on live-2 in the next bucket; device d once; an ad without identity.
    counter.addReach('campaign-1', 'live-1', { kind: 'browser', hash: '00000000000000a1' }, at);
    counter.addReach('campaign-1', 'live-1', { kind: 'browser', hash: '00000000000000a1' }, at);
    counter.addReach('campaign-1', 'live-2', { kind: 'browser', hash: '00000000000000a1' }, at + 15 * 60_000);
    counter.addReach('campaign-1', 'live-2', { kind: 'device', hash: 'd0000000000000d1' }, at);
    counter.addReach('campaign-1', 'live-1', undefined, at);
    await expect(counter.flush()).rejects.toThrow('the store is away');
    counter.addReach('campaign-1', 'live-1', { kind: 'browser', hash: '00000000000000b2' }, at);
    await counter.close();
    const day = [
      { date: '2026-11-26', from: new Date('2026-11-26T00:00:00Z'), to: new Date('2026-11-27T00:00:00Z') },
    ];
    const whole = await readReach(events.store, { campaignId: 'campaign-1' }, day);
    expect(whole).toMatchObject({ identifiedAds: 5, ads: 6 });
    expect(Math.round(whole.browsers)).toBe(2);
    expect(Math.round(whole.devices)).toBe(1);
    const first = await readReach(events.store, { campaignId: 'campaign-1', liveIds: ['live-1'] }, day);
    expect(first).toMatchObject({ identifiedAds: 3, ads: 4 });
    expect(Math.round(first.browsers)).toBe(2);
  });

  it("the timer's writes carry reach only every REACH_EVERY_MS (or once REACH_WAITING_LIMIT identities wait); a flush asked for writes it at once", async () => {
    const reachWrites: number[] = [];
    const countWrites: number[] = [];
    const store: EventStore = {
      ...events.store,
      async writeRequestCounts(rows) {
        countWrites.push(rows.length);
        await events.store.writeRequestCounts(rows);
      },
      async writeReach(rows) {
        reachWrites.push(rows.reduce((sum, row) => sum + row.hashes.size, 0));
        await events.store.writeReach(rows);
      },
    };
    // The timer every 20 ms, reach every 1.5 s.
    const counter = new RequestCounter(() => store, 20, 1_500);
    counter.add(tag, 'served', at);
    counter.addReach('campaign-1', 'live-1', { kind: 'browser', hash: '00000000000000a1' }, at);
    await vi.waitFor(() => expect(countWrites.length).toBeGreaterThanOrEqual(1));
    // The counts went, reach waits for its time.
    expect(reachWrites).toEqual([]);
    // Then the timer writes it (the live creative's row and the campaign's: 2 hashes).
    await vi.waitFor(() => expect(reachWrites).toEqual([2]), { timeout: 5_000 });
    // A report's flush writes what waits at once.
    counter.addReach('campaign-1', 'live-1', { kind: 'browser', hash: '00000000000000b2' }, at);
    await counter.flush();
    expect(reachWrites).toEqual([2, 2]);
    await counter.close();

    // Past the waiting limit the timer writes reach long before its time (a minute here).
    const hurried = new RequestCounter(() => store, 20, 60_000);
    for (let index = 0; index < REACH_WAITING_LIMIT / 2; index += 1)
      hurried.addReach(
        'campaign-1',
        'live-1',
        { kind: 'browser', hash: index.toString(16).padStart(16, '0') },
        at,
      );
    await vi.waitFor(() => expect(reachWrites).toEqual([2, 2, REACH_WAITING_LIMIT]), { timeout: 5_000 });
    await hurried.close();
  });
});
