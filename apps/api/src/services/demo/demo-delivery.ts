// The demo campaign's delivery rules and its ad requests by outcome (docs/serving.md, "Delivery rules";
// docs/reports.md, "Requests not served"), so the first look shows them: the campaign page's rules line
// and card, and the report's "Requests not served, by reason" panel. The rules leave every country and
// site of the demo's breakdowns alone (its impressions stay consistent with them) and never refuse a
// visitor of the demo page on this machine (an address in no country, a known desktop browser): they
// exclude two countries and block two sites nobody in the demo comes from, and the refusals counted are
// the requests from those, plus the tags' first requests before the flight began. The requests of the
// demo's invalid traffic are counted served to it, and a few requests carry notes (a site claim its
// Referer contradicts, a placeholder device id), so the panel shows each line.
import { storedDeliveryRules } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { insertAuditRow } from '../../db/queries/audit-log';
import { updateCampaignDeliveryRules } from '../../db/queries/delivery-rules';
import type { FrequencyCountRow, RequestCountRow } from '../events/request-counts';
import type { EventStore } from '../events/store';
import type { TrackedEvent } from '../events/tracked-event';
import { mulberry32 } from './seeded-random';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const DEMO_DELIVERY_RULES = storedDeliveryRules({
  countries: { mode: 'exclude', values: ['CN', 'RU'] },
  sites: { allow: [], block: ['clickfarm.example', 'free-streams.example'] },
});

/** The campaign's rules, set by its owner on the flight's third morning (as the audit log has it). */
export async function seedDemoDeliveryRules(
  db: Queryable,
  input: { campaignId: string; owner: { id: string; email: string }; at: Date },
): Promise<void> {
  await updateCampaignDeliveryRules(db, input.campaignId, DEMO_DELIVERY_RULES);
  await insertAuditRow(db, {
    actorId: input.owner.id,
    actorEmail: input.owner.email,
    entity: 'deliveryRules',
    entityId: input.campaignId,
    campaignId: input.campaignId,
    action: 'update',
    changes: {
      countries: [null, 'exclude CN, RU'],
      sitesBlocked: [null, ['clickfarm.example', 'free-streams.example']],
    },
    route: 'PUT /v1/campaign/deliveryRules',
    requestId: null,
    at: input.at,
  });
}

/** Requests refused per request served: from the two excluded countries, and on the two blocked sites. */
const REFUSED: readonly ['country' | 'site', number][] = [
  ['country', 0.031],
  ['site', 0.012],
];

/**
 * The demo's ad requests by live creative, hour and outcome: served about as many as the valid
 * impressions counted (a few served ads never render), refusals as above once the rules were set (the
 * flight's third morning), and on the flight's first morning the tags' requests before it began.
 */
export function demoRequestCounts(
  events: readonly TrackedEvent[],
  campaignId: string,
  rulesSince: Date,
  flightStart: Date,
): RequestCountRow[] {
  const served = new Map<string, number>();
  const invalid = new Map<string, number>();
  for (const event of events) {
    if (event.type !== 'impression') continue;
    const hour = Math.floor(event.at.getTime() / HOUR_MS) * HOUR_MS;
    const key = `${event.liveId}\t${hour}`;
    const counts = (event.reason ?? null) === null ? served : invalid;
    counts.set(key, (counts.get(key) ?? 0) + event.count);
  }
  const random = mulberry32(4242);
  const rows: RequestCountRow[] = [];
  const row = (liveId: string, hour: number, outcome: string, requests: number) => {
    if (requests > 0)
      rows.push({ campaignId, placementId: '', liveId, bucket: new Date(hour), outcome, requests });
  };
  const lives = new Set<string>();
  for (const [key, impressions] of served) {
    const [liveId = '', at = '0'] = key.split('\t');
    const hour = Number(at);
    lives.add(liveId);
    const answered = Math.round(impressions * (1.02 + random() * 0.04));
    row(liveId, hour, 'served', answered);
    // The invalid traffic the demo's impressions hold was answered too, apart (docs/serving.md, "The gate").
    row(liveId, hour, 'servedInvalid', invalid.get(key) ?? 0);
    // A few requests claim a site their Referer contradicts; a few carry an app's placeholder device id.
    row(liveId, hour, 'siteMismatch', Math.round(answered * 0.004 * random() * 2));
    row(liveId, hour, 'deviceIdUnusable', Math.round(answered * 0.002 * random() * 2));
    if (hour < rulesSince.getTime()) continue;
    for (const [reason, share] of REFUSED)
      row(liveId, hour, reason, Math.round(answered * share * (0.6 + random() * 0.8)));
  }
  // Publishers put the tags live the evening before the flight: their requests then got no ad.
  for (const liveId of lives)
    for (let hour = 1; hour <= 6; hour += 1)
      row(liveId, flightStart.getTime() - hour * HOUR_MS, 'flight', 40 + Math.floor(random() * 60));
  return rows;
}

/** Writes the demo's ad requests into the store, in batches. */
export async function seedDemoRequestCounts(
  store: EventStore,
  rows: readonly RequestCountRow[],
): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += 20_000)
    await store.writeRequestCounts(rows.slice(offset, offset + 20_000));
}

/** The instant the demo's rules were set: the flight's third morning. */
export const demoRulesSince = (flightStart: Date) =>
  new Date(flightStart.getTime() + 2 * DAY_MS + 9 * HOUR_MS);

/** Writes the demo's frequency counts into the store, in batches. */
export async function seedDemoFrequencyCounts(
  store: EventStore,
  rows: readonly FrequencyCountRow[],
): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += 20_000)
    await store.writeFrequencyCounts(rows.slice(offset, offset + 20_000));
}
