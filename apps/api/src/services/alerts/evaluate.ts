// The alert evaluation (issue 50, docs/alerts.md "The evaluation"): every 15 minutes, once across the
// fleet (the job kind's lease), every watched campaign's rules are evaluated at the context's clock, in
// each campaign's own zone, on the rollups. The figures come in one read per rule kind for all campaigns
// at once (services/events/queries/alert-windows.ts, the pacing read), so the cost grows with the
// number of campaigns only as the rows read do, never by a statement per campaign. Each rule's alert
// then steps through the domain's lifecycle (stepAlert): a 'fired' notice opens an alert, a
// 'recovered' one closes it, and each notice queues its mail and its webhooks in the same transaction
// as the alert's row, so a notice is never lost or sent for a change that did not land.

import { hostname } from 'node:os';
import {
  ALERT_RULES,
  type AlertEvaluation,
  type AlertRule,
  type AlertSettings,
  type AlertSettingsLevel,
  type AlertState,
  alertSettingsSchema,
  type CampaignFlight,
  DEFAULT_CAMPAIGN_TIMEZONE,
  evaluateCampaignAlerts,
  idleAlert,
  type LocalHour,
  lastFullLocalHour,
  resolveAlertSettings,
  sameLocalHourBefore,
  stepAlert,
  USUAL_HOUR_WEEKS,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import {
  type AlertRow,
  type EvaluatedCampaignRow,
  insertAlert,
  insertAlertEvaluation,
  listEvaluatedCampaigns,
  listLatestAlerts,
  markAlertClosed,
} from '../../db/queries/alerts';
import { listEnabledEndpointsOf, type WebhookEndpointRow } from '../../db/queries/webhooks';
import { fleetPacings } from '../campaigns/pacing';
import {
  type AlertWindow,
  readLastImpressions,
  readWindowErrors,
  readWindowImpressions,
  readWindowInvalid,
} from '../events/queries/alert-windows';
import { newId } from '../ids';
import type { JobKind } from '../jobs/kinds';
import { queueWebhook } from '../outbound/webhooks';
import { alertWebhookData } from './alert-answers';
import { queueAlertMail } from './alert-mail';

/** How often the rules are evaluated across the fleet. */
const ALERT_EVALUATION_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const QUARTER_MS = 15 * 60_000;
/** How far back the last impression is looked for: past the longest "no delivery" setting (168 h). */
const LAST_IMPRESSION_LOOKBACK_MS = 169 * HOUR_MS;

/** A stored level of settings as the schema reads it (anything it refuses counts as unset). */
const levelOf = (stored: unknown): AlertSettingsLevel => {
  const parsed = alertSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
};

const flightOf = (row: EvaluatedCampaignRow): CampaignFlight => ({
  start: row.body.data?.start ?? null,
  end: row.body.data?.end ?? null,
  timezone: row.body.data?.timezone ?? DEFAULT_CAMPAIGN_TIMEZONE,
});

/** A campaign as the evaluation sees it: its settings, flight and the local hours it compares. */
interface Watched {
  row: EvaluatedCampaignRow;
  settings: AlertSettings;
  flight: CampaignFlight;
  hour: LocalHour;
  past: LocalHour[];
}

/** What one evaluation did: the campaigns it read, the reads it made and the notices it gave. */
export interface EvaluationSummary {
  at: string;
  campaigns: number;
  reads: number;
  fired: number;
  recovered: number;
}

const stateOf = (row: AlertRow | undefined): AlertState =>
  !row
    ? idleAlert
    : row.status === 'open'
      ? { status: 'open', openedAt: new Date(row.opened_at) }
      : { status: 'closed', openedAt: new Date(row.opened_at), closedAt: new Date(row.closed_at as Date) };

const needs = (watched: readonly Watched[], rules: readonly AlertRule[]) =>
  watched.filter((entry) => rules.some((rule) => entry.settings[rule].enabled));

/** Every watched campaign's rules evaluated at the context's clock; the notices queued. */
/** What an evaluation reads: the database, the event store, the clock and the public URL (for links). */
export type EvaluationContext = Pick<Context, 'db' | 'config' | 'events' | 'clock'>;

export async function evaluateAlerts(ctx: EvaluationContext): Promise<EvaluationSummary> {
  const started = Date.now();
  const now = new Date(ctx.clock?.() ?? Date.now());
  const store = ctx.events.store;
  const rows = await listEvaluatedCampaigns(ctx.db);
  let reads = 1;
  const watched: Watched[] = rows.map((row) => {
    const flight = flightOf(row);
    const hour = lastFullLocalHour(flight.timezone, now);
    return {
      row,
      flight,
      settings: resolveAlertSettings(levelOf(row.account_settings), levelOf(row.campaign_settings)),
      hour,
      past: sameLocalHourBefore(flight.timezone, hour, USUAL_HOUR_WEEKS),
    };
  });
  const windowOf = (entry: Watched, hour: LocalHour): AlertWindow => ({
    campaignId: entry.row.id,
    liveIds: entry.row.live_ids,
    from: hour.from,
    to: hour.until,
  });

  // One read per rule kind, each over every campaign that has the rule on.
  const delivery = needs(watched, ['delivery-drop', 'delivery-spike', 'invalid-traffic', 'vast-errors']);
  const deliveryWindows = delivery.flatMap((entry) =>
    [entry.hour, ...entry.past].map((h) => windowOf(entry, h)),
  );
  const quality = needs(watched, ['invalid-traffic']);
  const errorsOf = needs(watched, ['vast-errors']);
  const silent = needs(watched, ['no-delivery']);
  const paced = needs(watched, ['pacing-behind', 'flight-ending']);
  const [impressions, invalid, errors, last, pacings] = await Promise.all([
    deliveryWindows.length ? readWindowImpressions(store, deliveryWindows) : [],
    quality.length
      ? readWindowInvalid(
          store,
          quality.map((entry) => windowOf(entry, entry.hour)),
        )
      : [],
    errorsOf.length
      ? readWindowErrors(
          store,
          errorsOf.map((entry) => windowOf(entry, entry.hour)),
        )
      : [],
    silent.length
      ? readLastImpressions(
          store,
          silent.map((entry) => ({ campaignId: entry.row.id, liveIds: entry.row.live_ids })),
          new Date(now.getTime() - LAST_IMPRESSION_LOOKBACK_MS),
        )
      : new Map<string, Date>(),
    paced.length
      ? fleetPacings(
          ctx,
          paced.map((entry) => entry.row),
        )
      : new Map(),
  ]);
  reads += [deliveryWindows, quality, errorsOf, silent, paced].filter((list) => list.length > 0).length;
  const buckets = new Map<string, { from: Date; count: number }[]>();
  deliveryWindows.forEach((window, index) => {
    const list = buckets.get(window.campaignId) ?? [];
    list.push({ from: window.from, count: impressions[index] ?? 0 });
    buckets.set(window.campaignId, list);
  });
  const position = (list: readonly Watched[]) => new Map(list.map((entry, index) => [entry.row.id, index]));
  const qualityAt = position(quality);
  const errorsAt = position(errorsOf);

  const evaluations = new Map<string, AlertEvaluation[]>();
  for (const entry of watched) {
    const id = entry.row.id;
    const hourImpressions = buckets.get(id)?.[0]?.count ?? 0;
    const invalidCount = invalid[qualityAt.get(id) ?? -1] ?? 0;
    const lastBucket = last.get(id);
    evaluations.set(
      id,
      evaluateCampaignAlerts(
        {
          now,
          flight: entry.flight,
          impressions: buckets.get(id) ?? [],
          // The bucket's end: the latest the last impression can have been (never after now).
          lastImpressionAt: lastBucket
            ? new Date(Math.min(lastBucket.getTime() + QUARTER_MS, now.getTime()))
            : null,
          lastHour: {
            adRequests: hourImpressions + invalidCount,
            invalidRequests: invalidCount,
            impressions: hourImpressions,
            vastErrors: errors[errorsAt.get(id) ?? -1] ?? [],
          },
          pacing: pacings.get(id) ?? null,
        },
        entry.settings,
      ),
    );
  }

  const latest = await listLatestAlerts(
    ctx.db,
    watched.map((entry) => entry.row.id),
  );
  reads += 1;
  const latestByCampaign = new Map<string, Map<AlertRule, AlertRow>>();
  for (const alert of latest) {
    const byRule = latestByCampaign.get(alert.campaign_id) ?? new Map<AlertRule, AlertRow>();
    byRule.set(alert.rule, alert);
    latestByCampaign.set(alert.campaign_id, byRule);
  }
  const endpoints = await listEnabledEndpointsOf(ctx.db, [...new Set(rows.map((row) => row.owner_id))]);
  reads += 1;
  const summary: EvaluationSummary = {
    at: now.toISOString(),
    campaigns: watched.length,
    reads,
    fired: 0,
    recovered: 0,
  };
  await ctx.db.transaction(async (tx) => {
    for (const entry of watched) {
      const latestOf = latestByCampaign.get(entry.row.id) ?? new Map<AlertRule, AlertRow>();
      const byRule = new Map(
        (evaluations.get(entry.row.id) ?? []).map((evaluation) => [evaluation.rule, evaluation]),
      );
      for (const rule of ALERT_RULES) {
        const previous = latestOf.get(rule);
        const evaluation = byRule.get(rule);
        if (!evaluation) {
          // A rule switched off while its alert was open: the alert closes, with nothing sent.
          if (previous?.status === 'open')
            await markAlertClosed(tx, previous.id, now, 'Closed: this rule was switched off.');
          continue;
        }
        const step = stepAlert({
          previous: stateOf(previous),
          firing: evaluation.firing,
          now,
          quietHours: entry.settings.quietHours,
        });
        if (step.notice === 'none') continue;
        const mutedUntil =
          previous?.muted_until && new Date(previous.muted_until) > now
            ? new Date(previous.muted_until)
            : null;
        let alertId: string;
        if (step.notice === 'fired') {
          alertId = newId();
          await insertAlert(tx, {
            id: alertId,
            campaign_id: entry.row.id,
            rule,
            opened_at: now,
            value: evaluation.value,
            threshold: evaluation.threshold,
            message: evaluation.message,
            muted_until: mutedUntil,
          });
          summary.fired += 1;
        } else {
          alertId = (previous as AlertRow).id;
          await markAlertClosed(tx, alertId, now, evaluation.message);
          summary.recovered += 1;
        }
        if (!mutedUntil)
          await queueNotices(tx, {
            alertId,
            notice: step.notice,
            endpoints: endpoints.filter((endpoint) => endpoint.user_id === entry.row.owner_id),
            data: alertWebhookData(ctx, {
              alertId,
              campaign: entry.row,
              evaluation,
              notice: step.notice,
              openedAt: step.notice === 'fired' ? now : new Date((previous as AlertRow).opened_at),
              now,
            }),
            now,
          });
      }
    }
    await insertAlertEvaluation(tx, {
      id: newId(),
      worker: `${hostname()}:${process.pid}`,
      evaluatedAt: now,
      campaigns: summary.campaigns,
      reads: summary.reads,
      fired: summary.fired,
      recovered: summary.recovered,
      durationMs: Date.now() - started,
    });
  });
  return summary;
}

/** A notice's mail job and one webhook message per enabled endpoint of the campaign's owner. */
async function queueNotices(
  tx: Queryable,
  notice: {
    alertId: string;
    notice: 'fired' | 'recovered';
    endpoints: readonly WebhookEndpointRow[];
    data: unknown;
    now: Date;
  },
) {
  await queueAlertMail(tx, notice.alertId, notice.notice);
  for (const endpoint of notice.endpoints)
    await queueWebhook(tx, endpoint.id, {
      event: `alert.${notice.notice}`,
      data: notice.data,
      alertId: notice.alertId,
      at: notice.now,
    });
}

/** The evaluation as a job kind: its periodic task runs once per 15 minutes across the fleet. */
export const alertEvaluation: JobKind = {
  kind: 'alert-evaluation',
  onceEveryMs: ALERT_EVALUATION_MS,
  queueDue: (ctx) => evaluateAlerts(ctx),
};
