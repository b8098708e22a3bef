// The conversion action calls (issue 45, docs/conversions.md, "Conversion actions and snippets"): a
// campaign's actions listed (archived ones too), read, made, changed, archived and restored. Access as for
// placements: the campaign's owner or an admin, 404 for anyone else. The currency rule is the domain's
// (rules/conversion-actions.ts): a campaign's actions share one currency, its booked rate's when it has
// one; it is checked with the campaign's row locked, as a rate change checks it, so neither slips past.
import {
  ApiError,
  type ConversionAction,
  type CreateConversionActionRequest,
  conversionActionCurrency,
  MESSAGES,
  type UpdateConversionActionRequest,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { type CampaignRow, findCampaign, lockCampaign } from '../../db/queries/campaigns';
import {
  type ConversionActionRow,
  findConversionAction,
  insertConversionAction,
  listConversionActionsOfCampaign,
  markConversionActionArchived,
  updateConversionAction as updateConversionActionRow,
} from '../../db/queries/conversion-actions';
import { recordChange } from '../audit/record';
import { conversionActionChange } from '../audit/snapshots';
import { isOwnerOrAdmin, ownCampaign } from '../campaigns/access';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';

const iso = (date: Date | string) => new Date(date).toISOString();

const actionAnswer = (row: ConversionActionRow): ConversionAction => ({
  id: row.id,
  campaignID: row.campaign_id,
  name: row.name,
  type: row.type,
  counting: row.counting,
  lookbackDays: row.lookback_days,
  currency: row.currency,
  archived: row.archived_at !== null,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The action when the user may manage its campaign; 404 otherwise (as for a missing one). */
async function ownAction(db: Queryable, user: SessionUser, id: string): Promise<ConversionActionRow> {
  const row = await findConversionAction(db, id);
  const campaign = row && (await findCampaign(db, row.campaign_id));
  if (!row || !campaign || !isOwnerOrAdmin(user, campaign.owner_id))
    throw ApiError.of(404, MESSAGES.conversionActionNotFound);
  return row;
}

/**
 * The currency an action of the campaign takes (the one asked for, or the one that fits), read with the
 * campaign's row locked in `tx`; 400 with the rule's message when the one asked for does not fit.
 */
async function currencyFor(
  tx: Queryable,
  campaignId: string,
  asked: string | undefined,
  exceptActionId?: string,
): Promise<string> {
  await lockCampaign(tx, campaignId);
  const campaign: CampaignRow | undefined = await findCampaign(tx, campaignId);
  if (!campaign) throw ApiError.of(404, MESSAGES.campaignNotFound);
  const others = (await listConversionActionsOfCampaign(tx, campaignId)).filter(
    (action) => action.id !== exceptActionId,
  );
  const result = conversionActionCurrency(
    {
      rateCurrency: campaign.body.data?.rate?.currency,
      otherCurrencies: others.map((action) => action.currency),
    },
    asked,
  );
  if ('problem' in result) throw ApiError.of(400, result.problem);
  return result.currency;
}

export async function getConversionAction(
  ctx: Context,
  user: SessionUser,
  id: string,
): Promise<ConversionAction> {
  return actionAnswer(await ownAction(ctx.db, user, id));
}

/** GET /v1/campaign/conversionActions: oldest first, archived ones too (`archived: true`). */
export async function listConversionActions(
  ctx: Context,
  user: SessionUser,
  campaignId: string,
): Promise<ConversionAction[]> {
  const campaign = await ownCampaign(ctx.db, user, campaignId);
  return (await listConversionActionsOfCampaign(ctx.db, campaign.id)).map(actionAnswer);
}

export async function createConversionAction(
  ctx: Context,
  user: SessionUser,
  input: CreateConversionActionRequest,
): Promise<ConversionAction> {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const row = await ctx.db.transaction(async (tx) => {
    const currency = await currencyFor(tx, campaign.id, input.currency);
    const made = await insertConversionAction(tx, {
      id: newId(),
      campaign_id: campaign.id,
      name: input.name,
      type: input.type,
      counting: input.counting,
      lookback_days: input.lookbackDays,
      currency,
    });
    await recordChange(tx, user, conversionActionChange(null, made));
    return made;
  });
  return actionAnswer(row);
}

/**
 * PUT /v1/campaign/conversionActions: what was sent replaces the action's own; the rest is kept. A new
 * lookback or counting applies to the conversions received from then on (those counted stay counted).
 */
export async function updateConversionAction(
  ctx: Context,
  user: SessionUser,
  input: UpdateConversionActionRequest,
): Promise<ConversionAction> {
  const existing = await ownAction(ctx.db, user, input.id);
  const row = await ctx.db.transaction(async (tx) => {
    const currency =
      input.currency === undefined || input.currency === existing.currency
        ? existing.currency
        : await currencyFor(tx, existing.campaign_id, input.currency, existing.id);
    const changed = await updateConversionActionRow(tx, existing.id, {
      name: input.name ?? existing.name,
      type: input.type ?? existing.type,
      counting: input.counting ?? existing.counting,
      lookback_days: input.lookbackDays ?? existing.lookback_days,
      currency,
    });
    if (!changed) throw ApiError.of(404, MESSAGES.conversionActionNotFound);
    await recordChange(tx, user, conversionActionChange(existing, changed));
    return changed;
  });
  return actionAnswer(row);
}

/**
 * POST /v1/campaign/conversionActions/archive and /unarchive: an archived action counts nothing more (a
 * conversion sent to it is kept as `unknown-action`), stays listed, and its counted conversions stay in
 * the reports; restored, it counts again. Archiving an archived action keeps it as it was.
 */
export async function setConversionActionArchived(
  ctx: Context,
  user: SessionUser,
  id: string,
  archived: boolean,
): Promise<ConversionAction> {
  const existing = await ownAction(ctx.db, user, id);
  if ((existing.archived_at !== null) === archived) return actionAnswer(existing);
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await markConversionActionArchived(tx, existing.id, archived);
    if (!changed) throw ApiError.of(404, MESSAGES.conversionActionNotFound);
    await recordChange(tx, user, conversionActionChange(existing, changed));
    return changed;
  });
  return actionAnswer(row);
}
