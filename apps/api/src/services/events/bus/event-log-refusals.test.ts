// The event log when the store or the journal says no (docs/serving.md, "The event log"): a batch the
// store refuses is offered again by the log (`nak`, a second later) and, once the store takes it, each of
// its events counts exactly once; a journal that refuses a write while the log does not answer fails the
// beacon's request, so nothing is answered as kept that neither the log nor the journal holds; a journal
// at its ceiling (EVENTS_JOURNAL_MAX_BYTES) answers the next beacons once the store has committed them.
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnNatsServer, startOwnNatsServer } from '../../../test/bus';
import { type EventLogWorld, eventLogWorld, segmentsIn } from '../../../test/event-log-world';
import { testStoresLabel } from '../../../test/harness';
import type { WriteOptions } from '../integrity';
import type { EventStore } from '../store';
import type { TrackedEvent } from '../tracked-event';
import { EventWriter } from '../writer';
import { BusConsumer } from './consumer';
import { type BusLog, EventBusLink } from './link';

const said = (lines: string[], text: string) => lines.some((line) => line.includes(text));

describe(`the event log's refusals on ${testStoresLabel()}`, () => {
  describe('the store refusing a batch', () => {
    let world: EventLogWorld;

    beforeAll(async () => {
      // Serving only, and a long acknowledgement wait: a message the consumer neither acknowledges nor
      // offers again would come back only after 30 s, far past this test's patience.
      world = await eventLogWorld({ EVENTS_BUS_CONSUMER: 'off', EVENTS_BUS_ACK_WAIT_SECONDS: '30' });
    });
    afterAll(async () => {
      await world?.close();
    });

    it('is offered again by the log (nak) and, once the store takes it, each of its events counts exactly once', async () => {
      const before = await world.impressions();
      expect(await world.beacons(30)).toEqual(Array(30).fill(204));
      expect(await world.unacknowledged()).toBeGreaterThan(0);

      // The fleet's consumer on a store that refuses its first two batches (the database down), then
      // takes them: what it took is kept by impression id.
      const store = world.server.app.adconsole.events.store;
      let refusals = 2;
      let refusedEvents = 0;
      const taken: string[] = [];
      const refusing = Object.assign(Object.create(store) as EventStore, {
        async writeBatch(events: readonly TrackedEvent[], options?: WriteOptions) {
          if (refusals > 0) {
            refusals -= 1;
            refusedEvents += events.length;
            throw new Error('the database is down');
          }
          const written = await store.writeBatch(events, options);
          taken.push(...events.map((event) => event.impressionId ?? ''));
          return written;
        },
      });
      const lines: string[] = [];
      const log: BusLog = { info: () => {}, warn: (line) => lines.push(line) };
      const config = world.server.config.eventsBus;
      if (!config) throw new Error('the test server runs without the event log');
      const link = new EventBusLink({ ...config, consume: true }, log);
      const writer = new EventWriter(refusing, { maxBatch: 1000, lingerMs: 0, durableLingerMs: 50 });
      const consumer = new BusConsumer(link, writer, [world.server.app.adconsole.secret], log);
      link.start();
      consumer.start();
      try {
        // Within seconds, not the 30 s of the acknowledgement wait: the refused messages were offered again.
        await expect.poll(() => world.impressions(), { timeout: 15_000 }).toBe(before + 30);
        await expect.poll(() => world.unacknowledged(), { timeout: 15_000 }).toBe(0);
        expect(refusals).toBe(0);
        expect(refusedEvents).toBeGreaterThan(0);
        expect(consumer.stats.retried).toBeGreaterThan(0);
        expect(said(lines, 'the store refused a batch')).toBe(true);
        // Each event reached the store once after the refusals: 30 writes of 30 impressions, none again.
        expect(taken).toHaveLength(30);
        expect(new Set(taken).size).toBe(30);
        expect(consumer.stats.events).toBe(30);
        expect(await world.impressions()).toBe(before + 30);
      } finally {
        await consumer.stop();
        await writer.flush();
        await link.close();
      }
    });
  });

  describe('the journal refusing a write', () => {
    let nats: OwnNatsServer;
    let world: EventLogWorld;

    beforeAll(async () => {
      nats = await startOwnNatsServer();
      world = await eventLogWorld({}, nats.url);
    });
    afterAll(async () => {
      await world?.close();
      await nats?.close();
    });

    it('while the log does not answer fails the beacon request: never answered and lost', async () => {
      const publisher = world.server.app.adconsole.events.bus?.publisher;
      const journal = world.server.config.eventsJournalDir ?? '';
      const before = await world.impressions();
      expect(await world.beacons(5)).toEqual(Array(5).fill(204));
      await expect.poll(() => world.impressions(), { timeout: 20_000 }).toBe(before + 5);
      expect(await segmentsIn(journal)).toEqual([]);

      // The journal's folder is gone, a file in its place (a disk that refuses): no segment can open.
      await rm(journal, { recursive: true, force: true });
      await writeFile(journal, 'not a folder');
      await nats.stop('SIGKILL');
      const refused = await world.beacons(10, { parallel: 10 });
      expect(refused.filter((status) => status === 204)).toEqual([]);
      expect(refused.every((status) => status >= 500)).toBe(true);
      expect(said(world.logLines, 'the journal refused')).toBe(true);
      expect(publisher?.stats.journalled).toBe(0);

      // The folder back, the log still down: beacons are journalled and answered again; then the log
      // comes back and the journal drains into it. Only the answered beacons count.
      await rm(journal, { force: true });
      await mkdir(journal);
      expect(await world.beacons(5)).toEqual(Array(5).fill(204));
      expect(publisher?.stats.journalled).toBe(5);
      await nats.start();
      await expect.poll(() => world.impressions(), { timeout: 30_000 }).toBe(before + 10);
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      expect(await world.impressions()).toBe(before + 10);
    });
  });

  describe('the journal\'s ceiling reached while the log does not answer (S5: "a long NATS outage under a flood fills the disk")', () => {
    let nats: OwnNatsServer;
    let world: EventLogWorld;

    beforeAll(async () => {
      nats = await startOwnNatsServer();
      world = await eventLogWorld({ EVENTS_JOURNAL_MAX_BYTES: '64K' }, nats.url);
    });
    afterAll(async () => {
      await world?.close();
      await nats?.close();
    });

    it('past EVENTS_JOURNAL_MAX_BYTES a beacon is answered once the store has committed it (a line says so): the journal stays under its ceiling and no acknowledged event is lost', async () => {
      const publisher = world.server.app.adconsole.events.bus?.publisher;
      const journal = world.server.config.eventsJournalDir ?? '';
      const before = await world.impressions();
      await nats.stop('SIGKILL');
      const answers = await world.beacons(600, { parallel: 50 });
      expect(answers).toEqual(Array(600).fill(204));
      expect(publisher?.stats.journalled).toBeGreaterThan(0);
      expect(publisher?.stats.writtenThrough).toBeGreaterThan(0);
      expect((publisher?.stats.journalled ?? 0) + (publisher?.stats.writtenThrough ?? 0)).toBe(600);
      expect(publisher?.stats.refused).toBe(0);
      const onDisk = (
        await Promise.all((await segmentsIn(journal)).map((name) => stat(path.join(journal, name))))
      ).reduce((sum, file) => sum + file.size, 0);
      expect(onDisk).toBeLessThanOrEqual(64 * 1024);
      expect(said(world.logLines, 'the journal holds its ceiling')).toBe(true);
      // Those past the ceiling are in the store already, with the log still down.
      expect(await world.impressions()).toBe(before + (publisher?.stats.writtenThrough ?? 0));
      await nats.start();
      await expect.poll(() => world.impressions(), { timeout: 30_000 }).toBe(before + 600);
      await expect.poll(() => segmentsIn(journal), { timeout: 10_000 }).toEqual([]);
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      expect(await world.impressions()).toBe(before + 600);
    });
  });
});
