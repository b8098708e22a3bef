// A SERVER_SECRET rotation with the event log (docs/deploy.md section 8, "Rotating SERVER_SECRET"): the
// processes of the new key carry the old one as SERVER_SECRET_PREVIOUS, and then the messages the old
// processes signed and the log still holds are stored, and the beacons of ads they served still count,
// while the load goes on: nothing acknowledged is lost. Without SERVER_SECRET_PREVIOUS those messages
// are refused, counted (messages and events) and said in the log, never silently dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventLogWorld, eventLogWorld } from '../../../test/event-log-world';
import { testStoresLabel } from '../../../test/harness';

const OLD = 'the-old-server-secret-of-this-fleet-0001';
const NEW = 'the-new-server-secret-of-this-fleet-0002';
const said = (lines: string[], text: string) => lines.some((line) => line.includes(text));

describe(`a SERVER_SECRET rotation on the event log (S5: "a rotation rejects every message signed before it") on ${testStoresLabel()}`, () => {
  let world: EventLogWorld;

  beforeAll(async () => {
    // The old key's process serves only: what it publishes stays in the log for the new processes.
    world = await eventLogWorld({ EVENTS_BUS_CONSUMER: 'off', SERVER_SECRET: OLD });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('under load, a process with the new SERVER_SECRET and SERVER_SECRET_PREVIOUS stores every message the old key signed and counts the beacons of ads it served: nothing acknowledged lost', async () => {
    const before = await world.impressions();
    let rotatedUrl: string | undefined;
    let sending = true;
    let acknowledged = 0;
    const load = (async () => {
      while (sending) {
        // Half to the old process, half (once it is up) to the new one: the ads were served with the old key.
        const old = await world.beacons(10, { parallel: 10 });
        const rotated = rotatedUrl ? await world.beacons(10, { parallel: 10, origin: rotatedUrl }) : [];
        acknowledged += [...old, ...rotated].filter((status) => status === 204).length;
      }
    })();
    let rotated: Awaited<ReturnType<EventLogWorld['consumingProcess']>> | undefined;
    try {
      await expect.poll(() => acknowledged, { timeout: 20_000 }).toBeGreaterThanOrEqual(60);
      // Messages signed with the old key wait in the log: nothing of the fleet reads it yet.
      expect(await world.unacknowledged()).toBeGreaterThan(0);
      rotated = await world.consumingProcess({ SERVER_SECRET: NEW, SERVER_SECRET_PREVIOUS: OLD });
      rotatedUrl = rotated.url;
      const stats = rotated.app.adconsole.events.bus?.consumer?.stats;
      await expect.poll(() => stats?.previousKey ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
      const published = rotated.app.adconsole.events.bus?.publisher.stats.published ?? 0;
      await expect
        .poll(() => rotated?.app.adconsole.events.bus?.publisher.stats.published ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(published + 20);
      sending = false;
      await load;
      await expect.poll(() => world.impressions(), { timeout: 30_000 }).toBe(before + acknowledged);
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      expect(stats?.badSignature).toBe(0);
      // Its own messages, signed with the new key, stored too.
      expect(stats?.messages).toBeGreaterThan(stats?.previousKey ?? 0);
    } finally {
      sending = false;
      await load;
      await rotated?.close();
    }
  });

  it('without SERVER_SECRET_PREVIOUS, the messages the old key signed are refused and counted (messages and events) with a line naming SERVER_SECRET_PREVIOUS; an old beacon counts nothing', async () => {
    const before = await world.impressions();
    expect(await world.beacons(40)).toEqual(Array(40).fill(204));
    const unrotated = await world.consumingProcess({ SERVER_SECRET: NEW });
    try {
      const stats = unrotated.app.adconsole.events.bus?.consumer?.stats;
      await expect.poll(() => stats?.badSignatureEvents ?? 0, { timeout: 20_000 }).toBe(40);
      expect(stats?.badSignature).toBeGreaterThan(0);
      expect(stats?.terminated).toBe(stats?.badSignature);
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      expect(said(world.logLines, 'set SERVER_SECRET_PREVIOUS')).toBe(true);
      // A beacon of an ad the old key served, at the process of the new key alone: not counted either.
      expect(await world.beacons(1, { origin: unrotated.url })).toEqual([204]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await world.impressions()).toBe(before);
    } finally {
      await unrotated.close();
    }
  });

  it('the two steps of a rolling rotation side by side (first every process accepts the new key, then signs with it): every message and beacon of either key accepted by either process, none refused', async () => {
    const before = await world.impressions();
    // Step one: signs with the old key, already accepts the new one.
    const first = await world.consumingProcess({ SERVER_SECRET: OLD, SERVER_SECRET_PREVIOUS: NEW });
    // Step two: signs with the new key, still accepts the old one.
    const second = await world.consumingProcess({ SERVER_SECRET: NEW, SERVER_SECRET_PREVIOUS: OLD });
    try {
      let acknowledged = 0;
      for (let round = 0; round < 6; round += 1) {
        // Ads served by one step's process, their beacons sent to the other's: both keys cross both ways.
        const answers = await Promise.all([
          world.beacons(10, { parallel: 10, adFrom: first.url, origin: second.url }),
          world.beacons(10, { parallel: 10, adFrom: second.url, origin: first.url }),
          world.beacons(10, { parallel: 10, origin: first.url }),
          world.beacons(10, { parallel: 10, adFrom: second.url, origin: second.url }),
        ]);
        acknowledged += answers.flat().filter((status) => status === 204).length;
      }
      expect(acknowledged).toBe(240);
      await expect.poll(() => world.impressions(), { timeout: 30_000 }).toBe(before + 240);
      await expect.poll(() => world.unacknowledged(), { timeout: 20_000 }).toBe(0);
      const stats = [first, second].map((each) => each.app.adconsole.events.bus?.consumer?.stats);
      expect(stats.map((each) => each?.badSignature)).toEqual([0, 0]);
      expect(stats.reduce((sum, each) => sum + (each?.messages ?? 0), 0)).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
