// The event store's contract, run against every store: the main database's (api-pglite, api-postgres)
// and ClickHouse's (`npm run test:clickhouse`, TEST_EVENTS=clickhouse, embedded chdb). A replayed
// beacon counts once per impression and type; imports always count; rollups are 15-minute UTC buckets;
// local periods and weekday-hours follow daylight saving in IANA zones and fixed quarter-hour offsets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FreshDatabase,
  freshEventStore,
  freshMigratedDatabase,
  testDatabaseKind,
  testEventsKind,
} from '../../test/harness';
import { readCodes } from './queries/codes';
import { readInvalidPeriods } from './queries/invalid-periods';
import { readPeriods } from './queries/periods';
import { readRollups } from './queries/rollups';
import { readTotals } from './queries/totals';
import { readWeekHours } from './queries/week-hours';
import type { EventStore } from './store';
import type { TrackedEvent } from './tracked-event';
import { EventWriter } from './writer';

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
    fresh = await freshMigratedDatabase();
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
    const totals = (await readTotals(store, ['replay', 'nothing'])).get('replay');
    expect(totals).toMatchObject({ impressions: 2, clicks: 2, viewable: 0 });
    expect((await readTotals(store, ['nothing'])).size).toBe(0);
  });

  it('imports count every time, with their counts, into 15-minute UTC buckets', async () => {
    await store.writeBatch([
      imported('import', 'impression', '2026-05-02T09:14:59.999Z', 100),
      imported('import', 'impression', '2026-05-02T09:15:00Z', 50),
      imported('import', 'complete', '2026-05-02T09:29:00Z', 7),
    ]);
    await store.writeBatch([imported('import', 'impression', '2026-05-02T09:15:00Z', 50)]);
    const rollups = await readRollups(
      store,
      ['import'],
      at('2026-05-02T09:00:00Z'),
      at('2026-05-02T09:30:00Z'),
    );
    expect(rollups.map((row) => [row.bucket.toISOString(), row.impressions, row.videoCompletes])).toEqual([
      ['2026-05-02T09:00:00.000Z', 100, 0],
      ['2026-05-02T09:15:00.000Z', 100, 7],
    ]);
    expect(
      await readRollups(store, ['import'], at('2026-05-02T09:15:00Z'), at('2026-05-02T09:15:00Z')),
    ).toEqual([]);
    expect((await readTotals(store, ['import'])).get('import')).toMatchObject({
      impressions: 200,
      videoCompletes: 7,
    });
  });

  describe('invalid traffic', () => {
    const utc = { offset: '+00:00' };
    const day = [at('2026-06-01T00:00:00Z'), at('2026-06-02T00:00:00Z')] as const;
    const invalidOf = async (liveId: string) =>
      (await readInvalidPeriods(store, [liveId], ...day, utc, 'day')).map((row) => [
        row.reason,
        row.impressions,
        row.clicks,
        row.videoCompletes,
      ]);

    it('an invalid event is stored with its reason in its own rollups, never in the rollups or totals the figures read', async () => {
      expect(
        await store.writeBatch([
          { ...tracked('bots', 'impression', '2026-06-01T10:00:00Z', 'bot.1'), reason: 'bot' },
          { ...tracked('bots', 'impression', '2026-06-01T10:01:00Z', 'dc.1'), reason: 'data-centre' },
          tracked('bots', 'impression', '2026-06-01T10:02:00Z', 'ok.1'),
        ]),
      ).toBe(3);
      expect((await readTotals(store, ['bots'])).get('bots')).toMatchObject({ impressions: 1 });
      expect((await readPeriods(store, ['bots'], ...day, utc, 'day'))[0]).toMatchObject({ impressions: 1 });
      expect(await invalidOf('bots')).toEqual([
        ['bot', 1, 0, 0],
        ['data-centre', 1, 0, 0],
      ]);
      expect(await readInvalidPeriods(store, [], ...day, utc, 'day')).toEqual([]);
    });

    it('integrity: an impression and its click in one batch count whichever came first; an event of an invalid impression takes its reason; one without any is `sequence`', async () => {
      await store.writeBatch([
        tracked('order', 'click', '2026-06-01T11:00:01Z', 'ord.1'),
        tracked('order', 'impression', '2026-06-01T11:00:00Z', 'ord.1'),
        { ...tracked('order', 'impression', '2026-06-01T11:00:00Z', 'ord.2'), reason: 'rate' },
        tracked('order', 'click', '2026-06-01T11:00:02Z', 'ord.2'),
        tracked('order', 'click', '2026-06-01T11:00:03Z', 'ord.never'),
        tracked('order', 'complete', '2026-06-01T11:00:04Z', 'ord.1'),
      ]);
      expect((await readTotals(store, ['order'])).get('order')).toMatchObject({
        impressions: 1,
        clicks: 1,
        videoCompletes: 0,
      });
      expect(await invalidOf('order')).toEqual([
        ['rate', 1, 1, 0],
        ['sequence', 0, 1, 1],
      ]);
      // Later batches read what is stored: the replay of a stored invalid click is still one click.
      expect(await store.writeBatch([tracked('order', 'click', '2026-06-01T11:05:00Z', 'ord.2')])).toBe(0);
    });

    it('the writer holds an event that arrives before its impression, and counts it once the impression arrives', async () => {
      const writer = new EventWriter(store, { maxBatch: 1000, lingerMs: 0, holdMs: 60_000, holdRetryMs: 20 });
      const batches = writer.stats.batches;
      const click = writer.record(tracked('held', 'click', '2026-06-01T12:00:01Z', 'held.1'));
      // Wait (with a deadline) until the click's batch has been written without it.
      const deadline = Date.now() + 10_000;
      while (writer.stats.batches === batches) {
        if (Date.now() > deadline) throw new Error('the click was never offered to the store');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await readTotals(store, ['held'])).get('held')).toBeUndefined();
      await writer.record(tracked('held', 'impression', '2026-06-01T12:00:00Z', 'held.1'));
      await click;
      expect((await readTotals(store, ['held'])).get('held')).toMatchObject({ impressions: 1, clicks: 1 });
      // An orphan is stored as `sequence` when its wait is over (here: the writer is flushed).
      const orphan = writer.record(tracked('held', 'click', '2026-06-01T12:00:02Z', 'held.orphan'));
      await writer.flush();
      await orphan;
      expect(await invalidOf('held')).toEqual([['sequence', 0, 1, 0]]);
      await writer.close();
    });

    it('events already durable elsewhere (the journal, the log) wait for a full batch or a request that waits for its commit; that request goes at once and takes them along', async () => {
      const writer = new EventWriter(store, { maxBatch: 100, lingerMs: 0, durableLingerMs: 600_000 });
      const impressions = (prefix: string, count: number) =>
        Array.from({ length: count }, (_, index) =>
          tracked('linger', 'impression', '2026-06-02T10:00:00Z', `${prefix}.${index}`),
        );
      // Forty events of the log in four messages: nobody waits for them, so they wait for more. A
      // request's event would go once a timer of `lingerMs` (0) fires: they are still waiting after it.
      const logged = Promise.all(['a', 'b', 'c', 'd'].map((part) => writer.recordAll(impressions(part, 10))));
      await new Promise((fired) => setTimeout(fired, 0));
      expect(writer.queued).toBe(40);
      // A request waiting for its commit is written at once, in one batch with them.
      await writer.record(tracked('linger', 'impression', '2026-06-02T10:00:00Z', 'request.1'));
      await logged;
      expect(writer.stats).toEqual({ batches: 1, events: 41, overCeiling: 0 });
      // A full batch of them goes without waiting for anything.
      await writer.recordAll(impressions('full', 100));
      expect(writer.stats).toEqual({ batches: 2, events: 141, overCeiling: 0 });
      expect((await readTotals(store, ['linger'])).get('linger')).toMatchObject({ impressions: 141 });
      await writer.close();
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
      const days = await readPeriods(store, ['zones'], from, to, zone, 'day');
      expect(days.map((row) => [row.period, row.impressions, row.clicks])).toEqual([['2026-10-25', 7, 8]]);
      const hours = sorted(await readPeriods(store, ['zones'], from, to, zone, 'hour'));
      expect(hours.map((row) => [row.period, row.impressions, row.clicks])).toEqual([
        ['2026-10-25T00:00', 1, 0],
        ['2026-10-25T02:00', 6, 0],
        ['2026-10-25T23:00', 0, 8],
      ]);
      const cells = await readWeekHours(store, ['zones'], from, to, zone);
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
        await readPeriods(store, ['zones', 'zones2'], from, to, { offset: '+05:45' }, 'day'),
      );
      expect(kathmandu.map((row) => [row.liveId, row.period, row.impressions])).toEqual([
        ['zones', '2026-03-02', 16],
        ['zones2', '2026-03-02', 32],
      ]);
      const newfoundland = await readPeriods(store, ['zones2'], from, to, { offset: '-03:30' }, 'hour');
      expect(newfoundland.map((row) => [row.period, row.impressions])).toEqual([['2026-03-01T14:00', 32]]);
      expect(await readWeekHours(store, ['zones2'], from, to, { offset: '+05:45' })).toEqual([
        // Monday 2 March, 00:05 local.
        { weekday: 0, hour: 0, impressions: 32, clicks: 0 },
      ]);
      expect(await readPeriods(store, [], from, to, { offset: '+00:00' }, 'day')).toEqual([]);
      expect(await readWeekHours(store, [], from, to, { offset: '+00:00' })).toEqual([]);
    });
  });

  describe('VAST measurement', () => {
    const from = at('2026-06-01T00:00:00Z');
    const to = at('2026-06-02T00:00:00Z');

    it("counts a VAST error once per impression and code, with no impression before it, in the codes' own rollups", async () => {
      expect(
        await store.writeBatch([
          tracked('errors', 'error:401', '2026-06-01T10:00:00Z', 'err.1'),
          tracked('errors', 'error:401', '2026-06-01T10:00:01Z', 'err.1'),
          tracked('errors', 'error:402', '2026-06-01T10:00:02Z', 'err.1'),
          tracked('errors', 'error:401', '2026-06-01T10:20:00Z', 'err.2'),
          tracked('errors', 'verificationNotExecuted:2', '2026-06-01T10:20:00Z', 'err.2'),
        ]),
      ).toBe(4);
      // A later replay of the same code of the same impression is not a second error.
      expect(await store.writeBatch([tracked('errors', 'error:401', '2026-06-01T11:00:00Z', 'err.1')])).toBe(
        0,
      );
      expect(await readCodes(store, ['errors'], from, to)).toEqual([
        { liveId: 'errors', kind: 'error', code: 401, count: 2 },
        { liveId: 'errors', kind: 'error', code: 402, count: 1 },
        { liveId: 'errors', kind: 'verificationNotExecuted', code: 2, count: 1 },
      ]);
      // Errors are not impressions or any other counter.
      const [row] = await readPeriods(store, ['errors'], from, to, { offset: '+00:00' }, 'day');
      expect(row).toBeUndefined();
      expect(await readCodes(store, [], from, to)).toEqual([]);
    });

    it('an invalid error ping (its ad request was a bot) is stored but never counted', async () => {
      await store.writeBatch([
        { ...tracked('bot-errors', 'error:900', '2026-06-01T10:00:00Z', 'err.bot'), reason: 'bot' },
      ]);
      expect(await readCodes(store, ['bot-errors'], from, to)).toEqual([]);
    });

    it("counts the player's own events once per impression: creativeView, loaded, skip, closeLinear, NotViewable, ViewUndetermined", async () => {
      await store.writeBatch([
        tracked('linear', 'loaded', '2026-06-01T09:00:00Z', 'lin.1'),
        tracked('linear', 'impression', '2026-06-01T09:00:01Z', 'lin.1'),
        tracked('linear', 'creativeView', '2026-06-01T09:00:01Z', 'lin.1'),
        tracked('linear', 'creativeView', '2026-06-01T09:00:02Z', 'lin.1'),
        tracked('linear', 'start', '2026-06-01T09:00:02Z', 'lin.1'),
        tracked('linear', 'skip', '2026-06-01T09:00:07Z', 'lin.1'),
        tracked('linear', 'closeLinear', '2026-06-01T09:00:08Z', 'lin.1'),
        tracked('linear', 'notViewable', '2026-06-01T09:00:09Z', 'lin.1'),
        tracked('linear', 'impression', '2026-06-01T09:00:01Z', 'lin.2'),
        tracked('linear', 'viewUndetermined', '2026-06-01T09:00:09Z', 'lin.2'),
      ]);
      const [row] = await readPeriods(store, ['linear'], from, to, { offset: '+00:00' }, 'day');
      expect(row).toMatchObject({
        impressions: 2,
        loads: 1,
        creativeViews: 1,
        videoStarts: 1,
        skips: 1,
        closes: 1,
        notViewable: 1,
        viewUndetermined: 1,
      });
      expect((await readTotals(store, ['linear'])).get('linear')).toMatchObject({ skips: 1, notViewable: 1 });
    });
  });
});
