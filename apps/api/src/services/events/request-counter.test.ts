// The ad request counter against a real store (PGlite or PostgreSQL, and ClickHouse in its opt-in run):
// what it gathers reaches the store whole, even past a write the store refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FreshDatabase, freshEventStore, freshMigratedDatabase } from '../../test/harness';
import { readRequestPeriods } from './queries/request-periods';
import { RequestCounter, requestCountKey } from './request-counter';
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
});
