// The event log when things go wrong (docs/serving.md, "The event log"): no NATS server answering (a
// storm of beacons meanwhile), a process starting while none answers, messages that are not events
// published to the stream's subject, the stream deleted underneath. In each, every acknowledged event
// is counted once, none twice, a line in the log says what happened, and the server keeps serving.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteStream, type OwnNatsServer, startOwnNatsServer, withNats } from '../../../test/bus';
import {
  type EventLogWorld,
  eventLogWorld,
  segmentsIn,
  strangersSecret,
} from '../../../test/event-log-world';
import { testStoresLabel } from '../../../test/harness';
import { eventLine } from '../journal';
import { encodeMessage, signedMessage } from './message';

const said = (lines: string[], text: string) => lines.some((line) => line.includes(text));

describe(`the event log's faults on ${testStoresLabel()}`, () => {
  describe('no NATS server answers', () => {
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

    it('a storm of beacons while the log is down is answered from the journal (a line says so) and reaches the store once the log answers, each once', async () => {
      const before = await world.impressions();
      expect(await world.beacons(20)).toEqual(Array(20).fill(204));
      await expect.poll(() => world.impressions(), { timeout: 20_000 }).toBe(before + 20);
      await nats.stop('SIGKILL');
      const journal = world.server.config.eventsJournalDir ?? '';
      expect(await world.beacons(1500, { parallel: 100 })).toEqual(Array(1500).fill(204));
      expect((await segmentsIn(journal)).length).toBeGreaterThan(0);
      expect(said(world.logLines, 'the event log is unreachable')).toBe(true);
      expect(await world.impressions()).toBe(before + 20);
      // The machine's journal holds them; the log comes back and the journal drains into it.
      await nats.start();
      await expect.poll(() => world.impressions(), { timeout: 30_000 }).toBe(before + 1520);
      await expect.poll(() => segmentsIn(journal), { timeout: 10_000 }).toEqual([]);
      expect(said(world.logLines, 'journalled events written from this machine into the log')).toBe(true);
      expect(world.server.app.adconsole.events.bus?.publisher.stats.journalled).toBeGreaterThanOrEqual(1500);
    });

    it('with beacons arriving all the time, the journal of an outage still drains and the next beacons go to the log again', async () => {
      const publisher = world.server.app.adconsole.events.bus?.publisher;
      const journal = world.server.config.eventsJournalDir ?? '';
      const before = await world.impressions();
      await nats.stop('SIGKILL');
      let sending = true;
      let sent = 0;
      const load = (async () => {
        while (sending) {
          const answers = await world.beacons(20, { parallel: 20 });
          sent += answers.filter((status) => status === 204).length;
        }
      })();
      try {
        await expect
          .poll(async () => (await segmentsIn(journal)).length, { timeout: 20_000 })
          .toBeGreaterThan(0);
        const published = publisher?.stats.published ?? 0;
        await nats.start();
        // Published straight to the log (not drained from the journal) while the load goes on.
        await expect
          .poll(() => publisher?.stats.published ?? 0, { timeout: 30_000 })
          .toBeGreaterThan(published + 200);
      } finally {
        sending = false;
        await load;
      }
      await expect.poll(() => world.impressions(), { timeout: 30_000 }).toBe(before + sent);
      await expect.poll(() => segmentsIn(journal), { timeout: 10_000 }).toEqual([]);
    });

    it('a process started while no NATS server answers serves at once, journalling its beacons; a fleet process drains its journal into the log once it answers', async () => {
      await nats.stop('SIGKILL');
      const before = await world.impressions();
      const started = await world.consumingProcess();
      expect(await world.beacons(1, { origin: started.url })).toEqual([204]);
      await nats.start();
      try {
        await expect.poll(() => world.impressions(), { timeout: 30_000 }).toBe(before + 1);
      } finally {
        await started.close();
      }
    });
  });

  describe('on the shared NATS server', () => {
    let world: EventLogWorld;

    beforeAll(async () => {
      // Serving only: what is in the stream stays there until a process of the test reads it.
      world = await eventLogWorld({ EVENTS_BUS_CONSUMER: 'off' });
    });
    afterAll(async () => {
      await world?.close();
    });

    it('a message that is not an event of this fleet (junk, or signed with another secret) is terminated with a line in the log and stores nothing; a signed message keeps its good lines; the next beacons count', async () => {
      const before = await world.impressions();
      const event = (id: string) => ({
        liveId: world.live,
        type: 'impression' as const,
        at: new Date(),
        count: 1,
        impressionId: id,
        reason: null,
      });
      const subject = `${world.stream}.events`;
      await withNats(world.servers, async (nc) => {
        nc.publish(subject, 'not an event at all');
        nc.publish(subject, encodeMessage(strangersSecret(), [event('forged.aaaaaaaaaaaaaaaa')]));
        const lines = `${eventLine(event('good.bbbbbbbbbbbbbbbb'))}{"liveId":5,"type":"impression"}\nnot json\n`;
        nc.publish(subject, signedMessage(world.server.app.adconsole.secret, lines));
        await nc.flush();
      });
      expect(await world.beacons(5)).toEqual(Array(5).fill(204));
      const reader = await world.consumingProcess();
      try {
        await expect.poll(() => world.impressions(), { timeout: 20_000 }).toBe(before + 6);
        await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
        // Each junk message terminated (once, or again if it was delivered again before its turn came:
        // the tests' acknowledgement wait is one second).
        expect(reader.app.adconsole.events.bus?.consumer?.stats.terminated).toBeGreaterThanOrEqual(2);
        expect(said(world.logLines, 'is not an event of this fleet')).toBe(true);
        expect(said(world.logLines, 'lines that are not events: left out')).toBe(true);
      } finally {
        await reader.close();
      }
    });

    it('a stream deleted underneath: the events it held are published again by the process that sent them, those sent meanwhile wait in the journal, and every acknowledged one counts once', async () => {
      const before = await world.impressions();
      expect(await world.beacons(30)).toEqual(Array(30).fill(204));
      await deleteStream(world.servers, world.stream);
      expect(await world.beacons(10)).toEqual(Array(10).fill(204));
      // Its copies of what the store had not acknowledged (the 30, and earlier ones if the consumer's
      // floor had not been read since: stored once whatever is published again).
      const publisher = world.server.app.adconsole.events.bus?.publisher;
      await expect.poll(() => publisher?.stats.republished, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
      expect(said(world.logLines, 'the stream was made anew')).toBe(true);
      const reader = await world.consumingProcess();
      try {
        await expect.poll(() => world.impressions(), { timeout: 30_000 }).toBe(before + 40);
        await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      } finally {
        await reader.close();
      }
    });
  });
});
