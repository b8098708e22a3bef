// The event store's contract, run against every store: the main database's (api-pglite, api-postgres)
// and ClickHouse's (`npm run test:clickhouse`, TEST_EVENTS=clickhouse, embedded chdb). A replayed
// beacon counts once per impression and type; imports always count; rollups are 15-minute UTC buckets;
// local periods and weekday-hours follow daylight saving in IANA zones and fixed quarter-hour offsets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import {
  type FreshDatabase,
  freshDatabase,
  freshEventStore,
  testDatabaseKind,
  testEventsKind,
} from '../../test/harness';
import type { EventStore, TrackedEvent } from './store';

const at = (iso: string) => new Date(iso);
const tracked = (
  liveId: string,
  type: TrackedEvent['type'],
  iso: string,
  impressionId: string,
): TrackedEvent => ({
  liveId,
  type,
  at: at(iso),
  count: 1,
  impressionId,
});
const imported = (liveId: string, type: TrackedEvent['type'], iso: string, count: number): TrackedEvent => ({
  liveId,
  type,
  at: at(iso),
  count,
  impressionId: null,
});

describe(`the event store (${testEventsKind()}, main database on ${testDatabaseKind()})`, () => {
  let fresh: FreshDatabase;
  let store: EventStore;
  let closeStore: () => Promise<void>;
  beforeAll(async () => {
    fresh = await freshDatabase();
    await migrate(fresh.db);
    const events = await freshEventStore(fresh.db);
    store = events.store;
    closeStore = events.close;
  });
  afterAll(async () => {
    await closeStore();
    await fresh.drop();
  });

  it('counts each event type of an impression once: replays in the same batch and in later ones do not count', async () => {
    expect(
      await store.writeBatch([
        tracked('replay', 'impression', '2026-05-01T10:00:00Z', 'imp.1'),
        tracked('replay', 'impression', '2026-05-01T10:00:01Z', 'imp.1'),
        tracked('replay', 'click', '2026-05-01T10:00:02Z', 'imp.1'),
        tracked('replay', 'impression', '2026-05-01T10:00:03Z', 'imp.2'),
      ]),
    ).toBe(3);
    expect(
      await store.writeBatch([
        tracked('replay', 'impression', '2026-05-01T10:05:00Z', 'imp.1'),
        tracked('replay', 'click', '2026-05-01T10:05:00Z', 'imp.2'),
      ]),
    ).toBe(1);
    expect(await store.writeBatch([tracked('replay', 'click', '2026-05-01T10:06:00Z', 'imp.2')])).toBe(0);
    expect(await store.writeBatch([])).toBe(0);
    const totals = (await store.readTotals(['replay', 'nothing'])).get('replay');
    expect(totals).toMatchObject({ impressions: 2, clicks: 2, viewable: 0 });
    expect((await store.readTotals(['nothing'])).size).toBe(0);
  });

  it('imports count every time, with their counts, into 15-minute UTC buckets', async () => {
    await store.writeBatch([
      imported('import', 'impression', '2026-05-02T09:14:59.999Z', 100),
      imported('import', 'impression', '2026-05-02T09:15:00Z', 50),
      imported('import', 'complete', '2026-05-02T09:29:00Z', 7),
    ]);
    await store.writeBatch([imported('import', 'impression', '2026-05-02T09:15:00Z', 50)]);
    const rollups = await store.readRollups(
      ['import'],
      at('2026-05-02T09:00:00Z'),
      at('2026-05-02T09:30:00Z'),
    );
    expect(rollups.map((row) => [row.bucket.toISOString(), row.impressions, row.videoCompletes])).toEqual([
      ['2026-05-02T09:00:00.000Z', 100, 0],
      ['2026-05-02T09:15:00.000Z', 100, 7],
    ]);
    expect(
      await store.readRollups(['import'], at('2026-05-02T09:15:00Z'), at('2026-05-02T09:15:00Z')),
    ).toEqual([]);
    expect((await store.readTotals(['import'])).get('import')).toMatchObject({
      impressions: 200,
      videoCompletes: 7,
    });
  });

  describe('local periods', () => {
    beforeAll(async () => {
      await store.writeBatch([
        // Berlin's 25-hour day, 25 October 2026: 00:30 and 01:30 UTC are both 02:xx local.
        imported('zones', 'impression', '2026-10-24T22:30:00Z', 1),
        imported('zones', 'impression', '2026-10-25T00:30:00Z', 2),
        imported('zones', 'impression', '2026-10-25T01:30:00Z', 4),
        imported('zones', 'click', '2026-10-25T22:59:00Z', 8),
        // 18:20 UTC: the next day in +05:45, the same day in -03:30.
        imported('zones', 'impression', '2026-03-01T18:20:00Z', 16),
        imported('zones2', 'impression', '2026-03-01T18:20:00Z', 32),
      ]);
    });
    const sorted = <T extends { liveId: string; period: string }>(rows: T[]) =>
      [...rows].sort((a, b) => `${a.liveId}|${a.period}`.localeCompare(`${b.liveId}|${b.period}`));

    it('days and hours in an IANA zone follow daylight saving (Europe/Berlin, 25 October 2026)', async () => {
      const zone = { iana: 'Europe/Berlin', offset: '+02:00' };
      const from = at('2026-10-24T22:00:00Z');
      const to = at('2026-10-25T23:00:00Z');
      const days = await store.readPeriods(['zones'], from, to, zone, 'day');
      expect(days.map((row) => [row.period, row.impressions, row.clicks])).toEqual([['2026-10-25', 7, 8]]);
      const hours = sorted(await store.readPeriods(['zones'], from, to, zone, 'hour'));
      expect(hours.map((row) => [row.period, row.impressions, row.clicks])).toEqual([
        ['2026-10-25T00:00', 1, 0],
        ['2026-10-25T02:00', 6, 0],
        ['2026-10-25T23:00', 0, 8],
      ]);
      const cells = await store.readWeekHours(['zones'], from, to, zone);
      // Sunday is weekday 6.
      expect(cells.sort((a, b) => a.hour - b.hour)).toEqual([
        { weekday: 6, hour: 0, impressions: 1, clicks: 0 },
        { weekday: 6, hour: 2, impressions: 6, clicks: 0 },
        { weekday: 6, hour: 23, impressions: 0, clicks: 8 },
      ]);
    });

    it('fixed quarter-hour offsets: 18:20 UTC is the next day in +05:45 and the same day in -03:30', async () => {
      const from = at('2026-02-28T00:00:00Z');
      const to = at('2026-03-03T00:00:00Z');
      const kathmandu = sorted(
        await store.readPeriods(['zones', 'zones2'], from, to, { offset: '+05:45' }, 'day'),
      );
      expect(kathmandu.map((row) => [row.liveId, row.period, row.impressions])).toEqual([
        ['zones', '2026-03-02', 16],
        ['zones2', '2026-03-02', 32],
      ]);
      const newfoundland = await store.readPeriods(['zones2'], from, to, { offset: '-03:30' }, 'hour');
      expect(newfoundland.map((row) => [row.period, row.impressions])).toEqual([['2026-03-01T14:00', 32]]);
      expect(await store.readWeekHours(['zones2'], from, to, { offset: '+05:45' })).toEqual([
        // Monday 2 March, 00:05 local.
        { weekday: 0, hour: 0, impressions: 32, clicks: 0 },
      ]);
      expect(await store.readPeriods([], from, to, { offset: '+00:00' }, 'day')).toEqual([]);
      expect(await store.readWeekHours([], from, to, { offset: '+00:00' })).toEqual([]);
    });
  });
});
