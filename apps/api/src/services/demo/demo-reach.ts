// The demo campaign's reach (docs/reports.md, "Reach"), so the report's Reach card shows a curve at first
// look: each valid impression of the demo's history goes to an identity, as the serving path would count
// it. A visitor returns with a chance of 55 % (one of those already reached, drawn evenly) or is new, so
// the cumulative curve climbs fast and flattens and the average frequency settles near 2.2; 8 % of the
// identities are devices (apps), and 7 % of the ads had none (no consent, no cookies). Written through
// the store's own merge (`writeReach`), one row per hour and kind for the whole campaign (with its local
// day in the campaign's zone, as the serving path writes it): a creative's
// report of the demo has no reach (only the campaign's is seeded, to keep the first start fast).
import { localDayOf, type ReachKind, type ReachRow } from '../events/reach-sketches';
import type { EventStore } from '../events/store';
import type { TrackedEvent } from '../events/tracked-event';
import { mulberry32 } from './seeded-random';

const HOUR_MS = 3_600_000;
const RETURNING = 0.55;
const DEVICE_SHARE = 0.08;
const WITHOUT_IDENTITY = 0.07;

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

/** The demo's reach rows: per hour of valid impressions, their identities by kind. */
export function demoReachRows(events: readonly TrackedEvent[], campaignId: string, zone: string): ReachRow[] {
  const byHour = new Map<number, number>();
  for (const event of events) {
    if (event.type !== 'impression' || (event.reason ?? null) !== null) continue;
    const hour = Math.floor(event.at.getTime() / HOUR_MS) * HOUR_MS;
    byHour.set(hour, (byHour.get(hour) ?? 0) + event.count);
  }
  const random = mulberry32(4242);
  let reached = 0;
  const rows: ReachRow[] = [];
  for (const hour of [...byHour.keys()].sort((a, b) => a - b)) {
    const bucket = new Date(hour);
    const day = localDayOf(zone, hour);
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
    for (let ad = 0; ad < (byHour.get(hour) ?? 0); ad += 1) {
      if (random() < WITHOUT_IDENTITY) {
        kinds.none.ads += 1;
        continue;
      }
      const identity = reached > 0 && random() < RETURNING ? Math.floor(random() * reached) : reached++;
      const kind = fmix32(identity) / 4_294_967_296 < DEVICE_SHARE ? kinds.device : kinds.browser;
      kind.ads += 1;
      (kind.hashes as Set<string>).add(demoHash(identity));
    }
    for (const kind of Object.values(kinds)) if (kind.ads > 0) rows.push(kind);
  }
  return rows;
}

/** Writes the demo's reach into the store, a day's rows at a time. */
export async function seedDemoReach(store: EventStore, rows: readonly ReachRow[]): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += 72)
    await store.writeReach(rows.slice(offset, offset + 72));
}
