// The event log (EVENTS_BUS, NATS JetStream at 127.0.0.1:4222 or TEST_EVENTS_BUS): a beacon is answered
// once the stream has its event, the fleet's durable consumer writes the store, and a message delivered
// again (its consumer died before or after writing it) counts nothing twice. The serving process here
// reads nothing (EVENTS_BUS_CONSUMER=off, a serving-only node), so what the stream holds is the test's to
// see; other processes of the fleet read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventLogWorld, eventLogWorld } from '../../../test/event-log-world';
import { testStoresLabel } from '../../../test/harness';
import { visit } from '../../../test/helpers';

describe(`the event log on ${testStoresLabel()}`, () => {
  let world: EventLogWorld;

  beforeAll(async () => {
    world = await eventLogWorld({ EVENTS_BUS_CONSUMER: 'off' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('answers a beacon once the stream has its event, before the store does; a consuming process then stores it once', async () => {
    const before = await world.impressions();
    const url = await world.impressionUrl();
    expect((await visit(url, { method: 'POST' })).status).toBe(204);
    // In the log, not in the store: nothing of this process reads the log.
    expect(await world.unacknowledged()).toBe(1);
    expect(await world.impressions()).toBe(before);
    const consumer = await world.consumingProcess();
    try {
      await expect.poll(() => world.impressions(), { timeout: 20_000 }).toBe(before + 1);
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      // The same beacon again (a player's retry): in the log again, never a second impression.
      expect((await visit(url, { method: 'POST' })).status).toBe(204);
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      expect(await world.impressions()).toBe(before + 1);
    } finally {
      await consumer.close();
    }
  });

  it("a message delivered again after a consumer stored its events and died before acknowledging it counts nothing twice (the store's key: the raw rows', ClickHouse's seen-set)", async () => {
    const before = await world.impressions();
    expect(await world.beacons(40)).toEqual(Array(40).fill(204));
    expect(await world.takeAndDie({ writes: true, events: 40 })).toBeGreaterThanOrEqual(40);
    expect(await world.impressions()).toBe(before + 40);
    const consumer = await world.consumingProcess();
    try {
      const stats = consumer.app.adconsole.events.bus?.consumer?.stats;
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      // Delivered again, written again, acknowledged: still counted once.
      expect(stats?.redelivered).toBeGreaterThan(0);
      expect(stats?.events).toBeGreaterThanOrEqual(40);
      expect(await world.impressions()).toBe(before + 40);
    } finally {
      await consumer.close();
    }
  });

  it('a message taken by a consumer that died before it wrote the events (or in the middle of their batch) is delivered again and stored once', async () => {
    const before = await world.impressions();
    expect(await world.beacons(40)).toEqual(Array(40).fill(204));
    expect(await world.takeAndDie({ writes: false, events: 40 })).toBeGreaterThanOrEqual(40);
    expect(await world.impressions()).toBe(before);
    const consumer = await world.consumingProcess();
    try {
      await expect.poll(() => world.impressions(), { timeout: 20_000 }).toBe(before + 40);
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      expect(consumer.app.adconsole.events.bus?.consumer?.stats.redelivered).toBeGreaterThan(0);
    } finally {
      await consumer.close();
    }
  });

  it('a consuming process that stops (SIGTERM) while the log is busy stores and acknowledges what it read; the next one takes the rest: each event once', async () => {
    const before = await world.impressions();
    const first = await world.consumingProcess();
    const sent = world.beacons(300, { parallel: 50 });
    // Stopped while beacons still arrive: the writer's last batch commits and is acknowledged.
    await expect.poll(() => world.impressions(), { timeout: 20_000 }).toBeGreaterThan(before);
    await first.close();
    expect(await sent).toEqual(Array(300).fill(204));
    const second = await world.consumingProcess();
    try {
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      expect(await world.impressions()).toBe(before + 300);
    } finally {
      await second.close();
    }
  });
});
