// The alert evaluation (docs/alerts.md "The evaluation"): every 15 minutes, once across the
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
  type BudgetFigures,
  type CampaignFlight,
  campaignFlight,
  evaluateCampaignAlerts,
  idleAlert,
  type LocalHour,
  lastFullLocalHour,
  MESSAGES,
  type Pacing,
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
import { campaignBudgets } from '../campaigns/budget-status';
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

/** A campaign that serves nothing on purpose (archived or paused): it judges no rule. */
const stopped = (entry: Watched) => entry.row.archived || entry.row.paused;

/** The campaigns a read is for: those with one of its rules on (an archived or paused campaign judges none). */
const needs = (watched: readonly Watched[], rules: readonly AlertRule[]) =>
  watched.filter((entry) => !stopped(entry) && rules.some((rule) => entry.settings[rule].enabled));

/** What an evaluation reads: the database, the event store, the clock and the public URL (for links). */
export type EvaluationContext = Pick<Context, 'db' | 'config' | 'events' | 'clock'>;

/** Each campaign as the evaluation sees it at `now`: its settings, flight and the local hours it compares. */
function watchedAt(rows: readonly EvaluatedCampaignRow[], now: Date): Watched[] {
  return rows.map((row) => {
    const flight = campaignFlight(row.body.data);
    const hour = lastFullLocalHour(flight.timezone, now);
    return {
      row,
      flight,
      settings: resolveAlertSettings(levelOf(row.account_settings), levelOf(row.campaign_settings)),
      hour,
      past: sameLocalHourBefore(flight.timezone, hour, USUAL_HOUR_WEEKS),
    };
  });
}

const windowOf = (entry: Watched, hour: LocalHour): AlertWindow => ({
  campaignId: entry.row.id,
  liveIds: entry.row.live_ids,
  from: hour.from,
  to: hour.until,
});

/** What the rules read, each figure by campaign id, and how many reads it took. */
interface WatchedFigures {
  /** The last full local hour first, then the same hour of the weeks before. */
  buckets: Map<string, { from: Date; count: number }[]>;
  invalid: Map<string, number>;
  errors: Map<string, { code: number; count: number }[]>;
  last: Map<string, Date>;
  pacings: Map<string, Pacing | null>;
  /** Spent and left of each budget (campaigns with the budget rule on and a budget). */
  budgets: Map<string, BudgetFigures | null>;
  reads: number;
}

/** One read per rule kind, each over every campaign that has the rule on. */
async function readWatchedFigures(
  ctx: EvaluationContext,
  watched: readonly Watched[],
  now: Date,
): Promise<WatchedFigures> {
  const store = ctx.events.store;
  const delivery = needs(watched, ['delivery-drop', 'delivery-spike', 'invalid-traffic', 'vast-errors']);
  const deliveryWindows = delivery.flatMap((entry) =>
    [entry.hour, ...entry.past].map((h) => windowOf(entry, h)),
  );
  const quality = needs(watched, ['invalid-traffic']);
  const errorsOf = needs(watched, ['vast-errors']);
  const silent = needs(watched, ['no-delivery']);
  const paced = needs(watched, ['pacing-behind', 'flight-ending']);
  const budgeted = needs(watched, ['budget']).filter(
    (entry) => entry.row.body.data?.budget && entry.row.body.data.rate,
  );
  const lastHours = (list: readonly Watched[]) => list.map((entry) => windowOf(entry, entry.hour));
  const [impressions, invalid, errors, last, pacings, budgets] = await Promise.all([
    deliveryWindows.length ? readWindowImpressions(store, deliveryWindows) : [],
    quality.length ? readWindowInvalid(store, lastHours(quality)) : [],
    errorsOf.length ? readWindowErrors(store, lastHours(errorsOf)) : [],
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
      : new Map<string, Pacing | null>(),
    budgeted.length
      ? campaignBudgets(
          ctx,
          budgeted.map((entry) => entry.row),
        )
      : new Map<string, BudgetFigures | null>(),
  ]);
  const buckets = new Map<string, { from: Date; count: number }[]>();
  deliveryWindows.forEach((window, index) => {
    const list = buckets.get(window.campaignId) ?? [];
    list.push({ from: window.from, count: impressions[index] ?? 0 });
    buckets.set(window.campaignId, list);
  });
  const byId = <T>(list: readonly Watched[], values: readonly T[]) =>
    new Map(
      list.flatMap((entry, index) => (index < values.length ? [[entry.row.id, values[index] as T]] : [])),
    );
  return {
    buckets,
    invalid: byId(quality, invalid),
    errors: byId(errorsOf, errors),
    last,
    pacings,
    budgets,
    reads: [deliveryWindows, quality, errorsOf, silent, paced, budgeted].filter((list) => list.length > 0)
      .length,
  };
}

/** One campaign's rules judged on the figures read. */
function evaluateWatched(entry: Watched, figures: WatchedFigures, now: Date): AlertEvaluation[] {
  const id = entry.row.id;
  const hourImpressions = figures.buckets.get(id)?.[0]?.count ?? 0;
  const invalidCount = figures.invalid.get(id) ?? 0;
  const lastBucket = figures.last.get(id);
  return evaluateCampaignAlerts(
    {
      now,
      flight: entry.flight,
      impressions: figures.buckets.get(id) ?? [],
      // The bucket's end: the latest the last impression can have been (never after now).
      lastImpressionAt: lastBucket
        ? new Date(Math.min(lastBucket.getTime() + QUARTER_MS, now.getTime()))
        : null,
      createdAt: new Date(entry.row.created_at),
      firstLiveAt: entry.row.first_live_at ? new Date(entry.row.first_live_at) : null,
      lastHour: {
        adRequests: hourImpressions + invalidCount,
        invalidRequests: invalidCount,
        impressions: hourImpressions,
        vastErrors: figures.errors.get(id) ?? [],
      },
      pacing: figures.pacings.get(id) ?? null,
      budget: figures.budgets.get(id) ?? null,
    },
    entry.settings,
  );
}

/** The latest alert of each rule, by campaign. */
function latestByCampaign(latest: readonly AlertRow[]) {
  const found = new Map<string, Map<AlertRule, AlertRow>>();
  for (const alert of latest) {
    const byRule = found.get(alert.campaign_id) ?? new Map<AlertRule, AlertRow>();
    byRule.set(alert.rule, alert);
    found.set(alert.campaign_id, byRule);
  }
  return found;
}

/** What stepping one campaign's alerts needs beside the transaction. */
interface StepInput {
  ctx: EvaluationContext;
  entry: Watched;
  evaluations: readonly AlertEvaluation[];
  latest: Map<AlertRule, AlertRow>;
  endpoints: readonly WebhookEndpointRow[];
  now: Date;
  summary: EvaluationSummary;
}

/**
 * One campaign's alerts stepped through the lifecycle, rule by rule: an alert opened or closed, its
 * notices queued (unless muted), and a rule switched off (or a campaign archived) closing its open alert
 * with nothing sent.
 */
async function stepCampaignAlerts(tx: Queryable, input: StepInput): Promise<void> {
  const { ctx, entry, latest, now, summary } = input;
  const byRule = new Map(input.evaluations.map((evaluation) => [evaluation.rule, evaluation]));
  for (const rule of ALERT_RULES) {
    const previous = latest.get(rule);
    const evaluation = byRule.get(rule);
    if (!evaluation) {
      if (previous?.status === 'open')
        await markAlertClosed(
          tx,
          previous.id,
          now,
          entry.row.archived
            ? MESSAGES.alertClosedCampaignArchived
            : entry.row.paused
              ? MESSAGES.alertClosedCampaignPaused
              : MESSAGES.alertClosedRuleOff,
        );
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
      previous?.muted_until && new Date(previous.muted_until) > now ? new Date(previous.muted_until) : null;
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
        ownerId: entry.row.owner_id,
        endpoints: input.endpoints,
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

/** Every watched campaign's rules evaluated at the context's clock; the notices queued. */
export async function evaluateAlerts(ctx: EvaluationContext): Promise<EvaluationSummary> {
  const started = Date.now();
  const now = new Date(ctx.clock?.() ?? Date.now());
  const rows = await listEvaluatedCampaigns(ctx.db);
  const watched = watchedAt(rows, now);
  const figures = await readWatchedFigures(ctx, watched, now);
  // An archived or paused campaign serves nothing: it would break every delivery rule (a paused one's pacing
  // falls behind on purpose). Its open alerts close; resumed, it is judged again.
  const evaluations = new Map(
    watched
      .filter((entry) => !stopped(entry))
      .map((entry) => [entry.row.id, evaluateWatched(entry, figures, now)] as const),
  );
  const latest = latestByCampaign(
    await listLatestAlerts(
      ctx.db,
      watched.map((entry) => entry.row.id),
    ),
  );
  const endpoints = await listEnabledEndpointsOf(ctx.db, [...new Set(rows.map((row) => row.owner_id))]);
  const summary: EvaluationSummary = {
    at: now.toISOString(),
    campaigns: watched.length,
    // The campaigns, each rule kind's read, the latest alerts and the endpoints.
    reads: 1 + figures.reads + 2,
    fired: 0,
    recovered: 0,
  };
  await ctx.db.transaction(async (tx) => {
    for (const entry of watched)
      await stepCampaignAlerts(tx, {
        ctx,
        entry,
        evaluations: evaluations.get(entry.row.id) ?? [],
        latest: latest.get(entry.row.id) ?? new Map<AlertRule, AlertRow>(),
        endpoints: endpoints.filter((endpoint) => endpoint.user_id === entry.row.owner_id),
        now,
        summary,
      });
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
    /** The campaign's owner: whose jobs the mail and the webhooks are. */
    ownerId: string;
    endpoints: readonly WebhookEndpointRow[];
    data: unknown;
    now: Date;
  },
) {
  await queueAlertMail(tx, notice);
  for (const endpoint of notice.endpoints)
    await queueWebhook(tx, endpoint, {
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
