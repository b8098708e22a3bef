// The demo campaign's audience (docs/reports.md, "Reach and frequency agree"), so the report's Frequency
// and Reach cards are full at first look and say the same thing as served traffic would: each valid
// impression of the demo's history goes to one simulated browser or device, and both cards are counted
// from those same identities. Within a day a visitor comes back with a chance of 50 % (one already
// reached that day), from an earlier day with 20 % (one reached before), or is new; so a browser-day
// sees about 2 ads, the cumulative reach climbs and flattens, and the distinct browsers over a range
// stay below the browser-days the frequency card counts. 8 % of the identities are devices (apps), 7 %
// of the ads had none (no consent, no cookies): neither card counts those. The frequency counts are each
// ad's rank in its identity's UTC day (the demo campaign's zone), the reach rows its identity's hash per
// hour and kind, written through the store's own merge (`writeReach`, one row per hour and kind for the
// whole campaign, with its local day): a creative's report of the demo has no reach (only the
// campaign's is seeded, to keep the first start fast).
import { localDayOf, type ReachKind, type ReachRow } from '../events/reach-sketches';
import type { FrequencyCountRow } from '../events/request-counts';
import type { EventStore } from '../events/store';
import type { TrackedEvent } from '../events/tracked-event';
import { mulberry32 } from './seeded-random';

const HOUR_MS = 3_600_000;
const SAME_DAY = 0.5;
const EARLIER_DAY = 0.2;
const DEVICE_SHARE = 0.08;
const WITHOUT_IDENTITY = 0.07;
/** The rank the frequency counts keep apart last: the 11th and later ads of a day count together. */
const LAST_RANK = 11;

/** murmur3's finaliser: 32 well-mixed bits of a number. */
const fmix32 = (value: number) => {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};
const hex8 = (value: number) => value.toString(16).padStart(8, '0');
/**
 * Identity n's 64-bit hash, as the serving path writes one (16 hex digits): the demo's made-up
 * identities, and the store's tests and bench/reach.ts, which need many distinct ones fast.
 */
export const demoHash = (n: number) => `${hex8(fmix32(n ^ 0x5bd1e995))}${hex8(fmix32(n + 0x9e3779b9))}`;

/** The demo's reach rows and frequency counts, from one simulated audience of its valid impressions. */
export function demoAudience(
  events: readonly TrackedEvent[],
  campaignId: string,
  zone: string,
): { reach: ReachRow[]; frequency: FrequencyCountRow[] } {
  const byHour = new Map<number, number>();
  for (const event of events) {
    if (event.type !== 'impression' || (event.reason ?? null) !== null) continue;
    const hour = Math.floor(event.at.getTime() / HOUR_MS) * HOUR_MS;
    byHour.set(hour, (byHour.get(hour) ?? 0) + event.count);
  }
  const random = mulberry32(4242);
  let reached = 0;
  let today = '';
  /** Today's identities in the order first seen, and each one's ads today. */
  let seenToday: number[] = [];
  let adsToday = new Map<number, number>();
  const reach: ReachRow[] = [];
  const frequency: FrequencyCountRow[] = [];
  for (const hour of [...byHour.keys()].sort((a, b) => a - b)) {
    const bucket = new Date(hour);
    const day = localDayOf(zone, hour);
    const dayText = day.start.toISOString();
    if (dayText !== today) {
      today = dayText;
      seenToday = [];
      adsToday = new Map();
    }
    const row = (kind: ReachKind): ReachRow => ({
      campaignId,
      liveId: '',
      kind,
      bucket,
      ads: 0,
      hashes: new Set(),
      day,
    });
    const kinds = { browser: row('browser'), device: row('device'), none: row('none') };
    const ranks = new Array<number>(LAST_RANK + 1).fill(0);
    for (let ad = 0; ad < (byHour.get(hour) ?? 0); ad += 1) {
      if (random() < WITHOUT_IDENTITY) {
        kinds.none.ads += 1;
        continue;
      }
      const draw = random();
      let identity: number;
      if (draw < SAME_DAY && seenToday.length > 0)
        identity = seenToday[Math.floor(random() * seenToday.length)] as number;
      else if (draw < SAME_DAY + EARLIER_DAY && reached > 0) identity = Math.floor(random() * reached);
      else identity = reached++;
      const count = (adsToday.get(identity) ?? 0) + 1;
      if (count === 1) seenToday.push(identity);
      adsToday.set(identity, count);
      const rank = Math.min(count, LAST_RANK);
      ranks[rank] = (ranks[rank] as number) + 1;
      const kind = fmix32(identity) / 4_294_967_296 < DEVICE_SHARE ? kinds.device : kinds.browser;
      kind.ads += 1;
      (kind.hashes as Set<string>).add(demoHash(identity));
    }
    for (const kind of Object.values(kinds)) if (kind.ads > 0) reach.push(kind);
    ranks.forEach((ads, rank) => {
      if (ads > 0) frequency.push({ campaignId, bucket, period: 'day', rank, ads });
    });
  }
  return { reach, frequency };
}

/** Writes the demo's reach into the store, a day's rows at a time. */
export async function seedDemoReach(store: EventStore, rows: readonly ReachRow[]): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += 72)
    await store.writeReach(rows.slice(offset, offset + 72));
}
