// The demo's alerts (docs/alerts.md), so the first look shows one open and one recovered: the pre-roll's media
// file fails in the last two hours (40 VAST error 405 pings a quarter hour, far over 5 % of the
// campaign's impressions), and the real evaluation, run once at the seed's time, opens the "VAST
// errors" alert from it; and a delivery drop three days ago, recovered two hours later, is written as
// the evaluation writes one, dated after the fact. With no new traffic the open alert recovers an hour
// later, as it would.
import type { Queryable } from '../../db/database';
import { insertAlert, markAlertClosed } from '../../db/queries/alerts';
import { type EvaluationContext, evaluateAlerts } from '../alerts/evaluate';
import { newId } from '../ids';

const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/** The burst of VAST errors of the pre-roll in the 8 quarter hours before `now`. */
const demoErrorBurst = (liveId: string, now: Date) => {
  const end = Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS;
  return Array.from({ length: 8 }, (_, index) => ({
    liveId,
    type: 'error:405' as const,
    at: new Date(end - (index + 1) * QUARTER_MS),
    count: 40,
    impressionId: null,
    reason: null,
  }));
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
  input: { campaignId: string; preRollLiveId: string; now: Date },
): Promise<void> {
  await ctx.events.store.writeBatch(demoErrorBurst(input.preRollLiveId, input.now));
  await seedRecoveredDrop(ctx.db, input.campaignId, input.now);
  await evaluateAlerts({ ...ctx, clock: () => input.now.getTime() });
}
