// The alert calls (docs/alerts.md): list alerts (the bell, a campaign's list), acknowledge
// and mute one, read and set the rules of an account (its defaults for every campaign that sets
// nothing) or of a campaign (its overrides and chosen recipients). Owner or admin, as for campaigns;
// every change audited in its own transaction.
import {
  type Alert,
  type AlertRules,
  type AlertSettingsLevel,
  ApiError,
  isOwnerOrAdmin,
  type ListAlertsQuery,
  MESSAGES,
  resolveAlertSettings,
  type SetAlertRulesRequest,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import {
  findAlert,
  findAlertDefaults,
  findCampaignAlertRules,
  type ListedAlertRow,
  listAlerts as listAlertRows,
  markAlertAcknowledged,
  updateAlertMute,
  upsertAlertDefaults,
  upsertCampaignAlertRules,
} from '../../db/queries/alerts';
import type { CampaignRow } from '../../db/queries/campaigns';
import { listRecipientStates } from '../../db/queries/report-recipients';
import { findUserById } from '../../db/queries/users';
import { recordChange, type Snapshot } from '../audit/record';
import { ownCampaign } from '../campaigns/access';
import type { SessionUser } from '../identity/sessions';
import { registerListRecipients } from '../outbound/recipients';
import { alertAnswer } from './alert-answers';

/**
 * Alerts newest first: of the caller's own campaigns (an admin's too: the bell is personal), or of one
 * campaign (an admin: anyone's).
 */
export async function listAlerts(ctx: Context, user: SessionUser, query: ListAlertsQuery): Promise<Alert[]> {
  if (query.campaignID) await ownCampaign(ctx.db, user, query.campaignID);
  const rows = await listAlertRows(ctx.db, {
    ownerId: user.role === 'admin' && query.campaignID ? null : user.id,
    campaignId: query.campaignID,
    status: query.status ?? 'all',
    limit: query.limit ?? 100,
  });
  return rows.map(alertAnswer);
}

async function ownAlert(ctx: Context, user: SessionUser, id: string): Promise<ListedAlertRow> {
  const row = await findAlert(ctx.db, id);
  if (!row || !isOwnerOrAdmin(user, row.owner_id)) throw ApiError.of(404, MESSAGES.alertNotFound);
  return row;
}

const alertSnapshot = (row: ListedAlertRow): Snapshot => ({
  rule: row.rule,
  status: row.status,
  acknowledgedAt: row.acknowledged_at && new Date(row.acknowledged_at).toISOString(),
  mutedUntil: row.muted_until && new Date(row.muted_until).toISOString(),
});

async function changeAlert(
  ctx: Context,
  user: SessionUser,
  id: string,
  change: (tx: Queryable, row: ListedAlertRow) => Promise<void>,
): Promise<Alert> {
  const row = await ownAlert(ctx, user, id);
  return ctx.db.transaction(async (tx) => {
    await change(tx, row);
    const after = (await findAlert(tx, id)) as ListedAlertRow;
    await recordChange(tx, user, {
      entity: 'alert',
      entityId: id,
      campaignId: row.campaign_id,
      before: alertSnapshot(row),
      after: alertSnapshot(after),
    });
    return alertAnswer(after);
  });
}

/** Acknowledges an open alert: someone is on it (the bell no longer counts it). */
export function acknowledgeAlert(ctx: Context, user: SessionUser, id: string): Promise<Alert> {
  return changeAlert(ctx, user, id, async (tx, row) => {
    if (row.status !== 'open') throw ApiError.of(409, MESSAGES.alertAlreadyClosed);
    await markAlertAcknowledged(tx, id, user.id, new Date(ctx.clock?.() ?? Date.now()));
  });
}

/**
 * Mutes an alert for `hours` (null: unmutes it): while muted it sends no notice (not its recovery),
 * and the same rule firing again on the campaign opens a muted alert.
 */
export function muteAlert(ctx: Context, user: SessionUser, id: string, hours: number | null): Promise<Alert> {
  const now = ctx.clock?.() ?? Date.now();
  return changeAlert(ctx, user, id, (tx, row) =>
    updateAlertMute(tx, row.id, hours === null ? null : new Date(now + hours * 3_600_000)),
  );
}

async function rulesAnswer(
  ctx: Context,
  user: SessionUser,
  campaign: CampaignRow | undefined,
): Promise<AlertRules> {
  const ownerId = campaign?.owner_id ?? user.id;
  const account = await findAlertDefaults(ctx.db, ownerId);
  const level = campaign ? await findCampaignAlertRules(ctx.db, campaign.id) : undefined;
  const states = campaign ? await listRecipientStates(ctx.db, { campaignId: campaign.id }) : [];
  const owner = ownerId === user.id ? user : await findUserById(ctx.db, ownerId);
  return {
    campaignID: campaign?.id ?? null,
    account,
    campaign: level?.settings ?? null,
    effective: resolveAlertSettings(account, level?.settings),
    recipients: (level?.recipients ?? []).map((address) => {
      const state = states.find((row) => row.address === address);
      return {
        address,
        state: state?.unsubscribed ? 'unsubscribed' : state?.confirmed ? 'confirmed' : 'awaiting',
      };
    }),
    ownerEmail: owner?.email ?? '',
  };
}

/** A campaign's rules (owner or admin), or the caller's account defaults. */
export async function getAlertRules(
  ctx: Context,
  user: SessionUser,
  campaignId: string | undefined,
): Promise<AlertRules> {
  const campaign = campaignId ? await ownCampaign(ctx.db, user, campaignId) : undefined;
  return rulesAnswer(ctx, user, campaign);
}

const rulesSnapshot = (settings: AlertSettingsLevel, recipients?: readonly string[]): Snapshot => ({
  settings: JSON.stringify(settings),
  ...(recipients ? { recipients: recipients.join(', ') } : {}),
});

/**
 * Sets the settings of a level, as sent (a field left out falls back to the level above), and a
 * campaign's recipients; outside recipients get the opt-in request.
 */
export async function setAlertRules(
  ctx: Context,
  user: SessionUser,
  input: SetAlertRulesRequest,
): Promise<AlertRules> {
  if (!input.campaignID) {
    if (input.recipients) throw ApiError.of(400, MESSAGES.alertRecipientsOnlyForCampaigns);
    await ctx.db.transaction(async (tx) => {
      const before = await findAlertDefaults(tx, user.id);
      await upsertAlertDefaults(tx, user.id, input.settings);
      await recordChange(tx, user, {
        entity: 'alertRules',
        entityId: `account:${user.id}`,
        campaignId: null,
        before: rulesSnapshot(before),
        after: rulesSnapshot(input.settings),
      });
    });
    return rulesAnswer(ctx, user, undefined);
  }
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const recipients = [...new Set((input.recipients ?? []).map((address) => address.toLowerCase()))];
  await ctx.db.transaction(async (tx) => {
    const before = await findCampaignAlertRules(tx, campaign.id);
    const after = { settings: input.settings, recipients: input.recipients ? recipients : before.recipients };
    await upsertCampaignAlertRules(tx, campaign.id, after);
    await recordChange(tx, user, {
      entity: 'alertRules',
      entityId: campaign.id,
      campaignId: campaign.id,
      before: rulesSnapshot(before.settings, before.recipients),
      after: rulesSnapshot(after.settings, after.recipients),
    });
  });
  const owner = campaign.owner_id === user.id ? user : await findUserById(ctx.db, campaign.owner_id);
  const saved = await findCampaignAlertRules(ctx.db, campaign.id);
  await registerListRecipients(ctx, {
    list: { campaignId: campaign.id },
    kind: 'alerts',
    addresses: saved.recipients,
    name: campaign.name,
    sender: campaign.owner_id,
    confirmed: owner ? [owner.email] : [],
  });
  return rulesAnswer(ctx, user, campaign);
}
