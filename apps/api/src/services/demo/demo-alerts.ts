// The demo's alerts (docs/alerts.md), so the first look shows one open and one recovered: the pre-roll's media
// file fails in the last two hours (VAST error 405 pinged for two in five of its impressions, so the
// campaign's errors are about 8 % of its impressions at any hour, over the 5 % the alert allows, and
// never more than the impressions they are a share of), and the real evaluation, run once at the seed's
// time, opens the "VAST errors" alert from it; and a delivery drop three days ago, recovered two hours
// later, is written as the evaluation writes one, dated after the fact. With no new traffic the open
// alert recovers an hour later, as it would.
import type { Queryable } from '../../db/database';
import { insertAlert, markAlertClosed } from '../../db/queries/alerts';
import { type EvaluationContext, evaluateAlerts } from '../alerts/evaluate';
import type { TrackedEvent } from '../events/tracked-event';
import { newId } from '../ids';

const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
/** The share of the pre-roll's impressions whose player cannot display its media file (error 405). */
const FAILING_SHARE = 0.4;

/**
 * The burst of VAST errors of the pre-roll in the 8 quarter hours before `now`: error 405 for
 * FAILING_SHARE of its valid impressions of each quarter hour (`events`, the demo's traffic), so the
 * errors follow its traffic, quiet at night, as a failing file's would; exported for its test.
 */
export const demoErrorBurst = (
  events: readonly TrackedEvent[],
  liveId: string,
  now: Date,
): TrackedEvent[] => {
  const end = Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS;
  const impressions = new Map<number, number>();
  for (const event of events)
    if (event.liveId === liveId && event.type === 'impression' && !event.reason)
      impressions.set(event.at.getTime(), (impressions.get(event.at.getTime()) ?? 0) + event.count);
  return Array.from({ length: 8 }, (_, index) => {
    const at = end - (index + 1) * QUARTER_MS;
    return {
      liveId,
      type: 'error:405' as const,
      at: new Date(at),
      count: Math.round((impressions.get(at) ?? 0) * FAILING_SHARE),
      impressionId: null,
      reason: null,
    };
  }).filter((burst) => burst.count > 0);
};

/** A delivery drop three days before `now` (at 03:05 UTC), recovered at 05:20. */
async function seedRecoveredDrop(db: Queryable, campaignId: string, now: Date) {
  const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000 - 3 * 86_400_000);
  const openedAt = new Date(day.getTime() + 3 * HOUR_MS + 5 * 60_000);
  const id = newId();
  await insertAlert(db, {
    id,
    campaign_id: campaignId,
    rule: 'delivery-drop',
    opened_at: openedAt,
    value: 212,
    threshold: 295.5,
    message: `Impressions dropped to 212 in the hour from 02:00 on ${day.toISOString().slice(0, 10)} (UTC): 35.9 % of the usual 591 for that hour of the week, under the 50 % this alert allows.`,
    muted_until: null,
  });
  await markAlertClosed(
    db,
    id,
    new Date(openedAt.getTime() + 2 * HOUR_MS + 15 * 60_000),
    `Delivery holds: 604 impressions in the hour from 04:00 on ${day.toISOString().slice(0, 10)} (UTC), 102.2 % of the usual 591 (the alert is under 50 %).`,
  );
}

export async function seedDemoAlerts(
  ctx: EvaluationContext,
  input: { campaignId: string; preRollLiveId: string; now: Date; events: readonly TrackedEvent[] },
): Promise<void> {
  await ctx.events.store.writeBatch(demoErrorBurst(input.events, input.preRollLiveId, input.now));
  await seedRecoveredDrop(ctx.db, input.campaignId, input.now);
  await evaluateAlerts({ ...ctx, clock: () => input.now.getTime() });
}
