// The alert tables (migration 0025, docs/alerts.md): an account's default rule settings
// (alert_defaults), a campaign's overrides and chosen recipients (campaign_alert_rules), and the alerts
// (one row per time a rule fired on a campaign; the latest row of a campaign and rule is its state).
import type { AlertRule, AlertSettingsLevel } from '@adconsole/domain';
import type { Queryable } from '../database';
import type { CampaignRow } from './campaigns';

export interface AlertRow {
  id: string;
  campaign_id: string;
  rule: AlertRule;
  status: 'open' | 'closed';
  opened_at: Date;
  closed_at: Date | null;
  value: number | null;
  threshold: number;
  message: string;
  recovered_message: string | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  muted_until: Date | null;
}

/** An alert with its campaign's name and owner, and who acknowledged it. */
export interface ListedAlertRow extends AlertRow {
  campaign_name: string;
  owner_id: string;
  acknowledged_by_email: string | null;
}

export async function findAlertDefaults(db: Queryable, userId: string): Promise<AlertSettingsLevel> {
  const [row] = await db.query<{ settings: AlertSettingsLevel }>(
    'select settings from alert_defaults where user_id = $1',
    [userId],
  );
  return row?.settings ?? {};
}

export async function upsertAlertDefaults(
  db: Queryable,
  userId: string,
  settings: AlertSettingsLevel,
): Promise<void> {
  await db.query(
    `insert into alert_defaults (user_id, settings) values ($1, $2)
     on conflict (user_id) do update set settings = excluded.settings, updated_at = now()`,
    [userId, settings],
  );
}

export async function findCampaignAlertRules(
  db: Queryable,
  campaignId: string,
): Promise<{ settings: AlertSettingsLevel; recipients: string[] }> {
  const [row] = await db.query<{ settings: AlertSettingsLevel; recipients: string[] }>(
    'select settings, recipients from campaign_alert_rules where campaign_id = $1',
    [campaignId],
  );
  return row ?? { settings: {}, recipients: [] };
}

export async function upsertCampaignAlertRules(
  db: Queryable,
  campaignId: string,
  rules: { settings: AlertSettingsLevel; recipients: readonly string[] },
): Promise<void> {
  await db.query(
    `insert into campaign_alert_rules (campaign_id, settings, recipients) values ($1, $2, $3::text[])
     on conflict (campaign_id) do update
       set settings = excluded.settings, recipients = excluded.recipients, updated_at = now()`,
    [campaignId, rules.settings, [...rules.recipients]],
  );
}

/** A campaign the evaluation reads, with both levels of its settings and its owner's address. */
export interface EvaluatedCampaignRow extends Pick<CampaignRow, 'id' | 'owner_id' | 'name' | 'body'> {
  owner_email: string;
  account_settings: AlertSettingsLevel | null;
  campaign_settings: AlertSettingsLevel | null;
  recipients: string[] | null;
  live_ids: string[];
  /** When the campaign was created and its first creative went live ("no delivery" counts from the later). */
  created_at: Date;
  first_live_at: Date | null;
  /** Archived: in the list only for its open alerts, which close (it serves nothing, so judges nothing). */
  archived: boolean;
  /** Paused: the same while it is paused (docs/alerts.md, "Which campaigns"); resumed, it is judged again. */
  paused: boolean;
}

/**
 * The campaigns an evaluation looks at, in one statement: those neither archived nor paused that have a
 * live creative (removed ones count: their events do), and any with an open alert (so it can recover, or
 * close when the campaign was archived or paused), each with its live creatives' ids and its settings. A disabled account's
 * campaigns are not looked at at all (docs/alerts.md, "Which campaigns"): no alert opens, recovers or
 * closes for them, so nothing is sent, until the account is enabled again.
 */
export function listEvaluatedCampaigns(db: Queryable): Promise<EvaluatedCampaignRow[]> {
  return db.query<EvaluatedCampaignRow>(
    `select c.id, c.owner_id, c.name, c.body, u.email as owner_email,
            d.settings as account_settings, r.settings as campaign_settings, r.recipients,
            coalesce(l.live_ids, '{}') as live_ids, c.created_at, l.first_live_at,
            c.archived_at is not null as archived, c.paused_at is not null as paused
       from campaigns c
       join users u on u.id = c.owner_id
       left join alert_defaults d on d.user_id = c.owner_id
       left join campaign_alert_rules r on r.campaign_id = c.id
       left join (select campaign_id, array_agg(id order by id) as live_ids, min(created_at) as first_live_at
                    from live_creatives group by campaign_id) l on l.campaign_id = c.id
      where u.disabled_at is null
        and ((c.archived_at is null and c.paused_at is null and l.live_ids is not null)
             or exists (select 1 from alerts a where a.campaign_id = c.id and a.status = 'open'))
      order by c.id`,
  );
}

/** The latest alert of each rule of these campaigns (its state: open, or closed since when). */
export function listLatestAlerts(db: Queryable, campaignIds: readonly string[]): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `select distinct on (campaign_id, rule) * from alerts
      where campaign_id = any($1::text[])
      order by campaign_id, rule, opened_at desc, id desc`,
    [[...campaignIds]],
  );
}

export async function insertAlert(
  db: Queryable,
  alert: Pick<AlertRow, 'id' | 'campaign_id' | 'rule' | 'opened_at' | 'value' | 'threshold' | 'message'> & {
    muted_until: Date | null;
  },
): Promise<void> {
  await db.query(
    `insert into alerts (id, campaign_id, rule, status, opened_at, value, threshold, message, muted_until)
     values ($1, $2, $3, 'open', $4, $5, $6, $7, $8)`,
    [
      alert.id,
      alert.campaign_id,
      alert.rule,
      alert.opened_at,
      alert.value,
      alert.threshold,
      alert.message,
      alert.muted_until,
    ],
  );
}

/** An open alert closed (recovered) at `closedAt` with the rule's sentence then; whether it was open. */
export async function markAlertClosed(
  db: Queryable,
  id: string,
  closedAt: Date,
  message: string,
): Promise<boolean> {
  const rows = await db.query(
    `update alerts set status = 'closed', closed_at = $2, recovered_message = $3
      where id = $1 and status = 'open' returning id`,
    [id, closedAt, message],
  );
  return rows.length > 0;
}

const LISTED = `select a.*, c.name as campaign_name, c.owner_id, ack.email as acknowledged_by_email
                  from alerts a
                  join campaigns c on c.id = a.campaign_id
                  left join users ack on ack.id = a.acknowledged_by`;

export async function findAlert(db: Queryable, id: string): Promise<ListedAlertRow | undefined> {
  const [row] = await db.query<ListedAlertRow>(`${LISTED} where a.id = $1`, [id]);
  return row;
}

/**
 * Alerts newest first: of one campaign, or of every campaign the owner has (every campaign when
 * `ownerId` is null: an admin); open ones only, closed ones only, or both.
 */
export function listAlerts(
  db: Queryable,
  filter: {
    ownerId: string | null;
    campaignId?: string | undefined;
    status: 'open' | 'closed' | 'all';
    limit: number;
  },
): Promise<ListedAlertRow[]> {
  return db.query<ListedAlertRow>(
    `${LISTED}
      where ($1::text is null or c.owner_id = $1)
        and ($2::text is null or a.campaign_id = $2)
        and ($3 = 'all' or a.status = $3)
      order by a.opened_at desc, a.id desc
      limit $4`,
    [filter.ownerId, filter.campaignId ?? null, filter.status, filter.limit],
  );
}

/** Acknowledged at `at` by the user, unless someone acknowledged it first. */
export async function markAlertAcknowledged(
  db: Queryable,
  id: string,
  userId: string,
  at: Date,
): Promise<void> {
  await db.query(
    `update alerts
        set acknowledged_at = coalesce(acknowledged_at, $3), acknowledged_by = coalesce(acknowledged_by, $2)
      where id = $1`,
    [id, userId, at],
  );
}

export async function updateAlertMute(db: Queryable, id: string, until: Date | null): Promise<void> {
  await db.query('update alerts set muted_until = $2 where id = $1', [id, until]);
}

/** One evaluation run written down; runs older than 7 days are dropped. */
export async function insertAlertEvaluation(
  db: Queryable,
  run: {
    id: string;
    worker: string;
    evaluatedAt: Date;
    campaigns: number;
    reads: number;
    fired: number;
    recovered: number;
    durationMs: number;
  },
): Promise<void> {
  await db.query("delete from alert_evaluations where finished_at < now() - interval '7 days'");
  await db.query(
    `insert into alert_evaluations (id, worker, evaluated_at, campaigns, reads, fired, recovered, duration_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [run.id, run.worker, run.evaluatedAt, run.campaigns, run.reads, run.fired, run.recovered, run.durationMs],
  );
}
