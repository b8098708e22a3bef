// The conversion action calls (docs/conversions.md, "Conversion actions and snippets"): a
// campaign's actions listed (archived ones too), read, made, changed, archived and restored. Access as for
// placements: the campaign's owner or an admin, 404 for anyone else. The currency rule is the domain's
// (the domain's conversions/conversion-actions.ts): a campaign's actions share one currency, its booked rate's when it has
// one; it is checked with the campaign's row locked, as a rate change checks it, so neither slips past.
import { randomBytes } from 'node:crypto';
import {
  ApiError,
  type ConversionAction,
  type CreateConversionActionRequest,
  conversionActionCurrency,
  conversionValueDecimalsMessage,
  conversionValueMinor,
  currencyDigits,
  isOwnerOrAdmin,
  MESSAGES,
  minorAmountText,
  type PostbackKeyAnswer,
  type UpdateConversionActionRequest,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { type CampaignRow, findCampaign, lockCampaign } from '../../db/queries/campaigns';
import {
  type ConversionActionRow,
  findConversionAction,
  hasCountedConversions,
  insertConversionAction,
  listConversionActionsOfCampaign,
  markConversionActionArchived,
  setPostbackKey,
  updateConversionAction as updateConversionActionRow,
} from '../../db/queries/conversion-actions';
import { recordChange } from '../audit/record';
import { conversionActionChange } from '../audit/snapshots';
import { ownCampaign } from '../campaigns/access';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { forgetConversionAction, postbackKeyHash } from '../serving/conversions';

const iso = (date: Date | string) => new Date(date).toISOString();

const actionAnswer = (row: ConversionActionRow, hasCounted: boolean): ConversionAction => ({
  id: row.id,
  campaignID: row.campaign_id,
  name: row.name,
  type: row.type,
  counting: row.counting,
  lookbackDays: row.lookback_days,
  currency: row.currency,
  unsigned: row.unsigned,
  maxPerClick: row.max_per_click,
  maxValue: row.max_value_minor === null ? null : minorAmountText(Number(row.max_value_minor), row.currency),
  postbackKey:
    row.postback_key_hint === null || row.postback_key_created_at === null
      ? null
      : { hint: row.postback_key_hint, createdAt: iso(row.postback_key_created_at) },
  hasCounted,
  archived: row.archived_at !== null,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The actions as answered, each saying whether it has counted a conversion. */
async function answers(db: Queryable, rows: readonly ConversionActionRow[]): Promise<ConversionAction[]> {
  const counted = await hasCountedConversions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => actionAnswer(row, counted.has(row.id)));
}
const answerOf = async (db: Queryable, row: ConversionActionRow) =>
  (await answers(db, [row]))[0] as ConversionAction;

/** The maximum value in the minor unit of the action's currency (null: none); 400 when it does not fit it. */
function maxValueMinor(text: string | null | undefined, currency: string): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const checked = conversionValueMinor(text, currency);
  if ('minor' in checked) return checked.minor;
  if (checked.refused === 'decimals') {
    throw ApiError.of(400, conversionValueDecimalsMessage(currency, currencyDigits(currency)));
  }
  throw ApiError.of(
    400,
    checked.refused === 'too-large' ? MESSAGES.conversionValueTooLarge : MESSAGES.conversionActionMaxValue,
  );
}

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
  return answerOf(ctx.db, await ownAction(ctx.db, user, id));
}

/** GET /v1/campaign/conversionActions: oldest first, archived ones too (`archived: true`). */
export async function listConversionActions(
  ctx: Context,
  user: SessionUser,
  campaignId: string,
): Promise<ConversionAction[]> {
  const campaign = await ownCampaign(ctx.db, user, campaignId);
  return answers(ctx.db, await listConversionActionsOfCampaign(ctx.db, campaign.id));
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
      unsigned: input.unsigned,
      max_per_click: input.maxPerClick,
      max_value_minor: maxValueMinor(input.maxValue, currency),
    });
    await recordChange(tx, user, conversionActionChange(null, made));
    return made;
  });
  return actionAnswer(row, false);
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
        : await newCurrency(tx, existing, input.currency);
    const changed = await updateConversionActionRow(tx, existing.id, {
      name: input.name ?? existing.name,
      type: input.type ?? existing.type,
      counting: input.counting ?? existing.counting,
      lookback_days: input.lookbackDays ?? existing.lookback_days,
      currency,
      unsigned: input.unsigned ?? existing.unsigned,
      max_per_click: input.maxPerClick ?? existing.max_per_click,
      max_value_minor:
        input.maxValue === undefined
          ? existing.max_value_minor === null
            ? null
            : maxValueMinor(minorAmountText(Number(existing.max_value_minor), existing.currency), currency)
          : maxValueMinor(input.maxValue, currency),
    });
    if (!changed) throw ApiError.of(404, MESSAGES.conversionActionNotFound);
    await recordChange(tx, user, conversionActionChange(existing, changed));
    return changed;
  });
  forgetConversionAction(ctx, row.id);
  return answerOf(ctx.db, row);
}

/**
 * Another currency for the action: refused once it has counted a conversion (its totals would add up
 * two units), with what to do instead; else the campaign's rule decides (under its row lock).
 */
async function newCurrency(tx: Queryable, existing: ConversionActionRow, asked: string): Promise<string> {
  if ((await hasCountedConversions(tx, [existing.id])).has(existing.id)) {
    throw ApiError.of(400, MESSAGES.conversionActionCurrencyCounted);
  }
  return currencyFor(tx, existing.campaign_id, asked, existing.id);
}

/**
 * POST /v1/campaign/conversionActions/key: a new postback key, answered this once (its SHA-256 and last
 * four characters are kept); the key it replaces stops working at once, in this process, and within
 * seconds in the others (their cache of actions). Audited without the key.
 */
export async function rotatePostbackKey(
  ctx: Context,
  user: SessionUser,
  id: string,
): Promise<PostbackKeyAnswer> {
  const existing = await ownAction(ctx.db, user, id);
  const key = `adck_${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await setPostbackKey(tx, existing.id, {
      hash: postbackKeyHash(key),
      hint: key.slice(-4),
    });
    if (!changed) throw ApiError.of(404, MESSAGES.conversionActionNotFound);
    await recordChange(tx, user, conversionActionChange(existing, changed));
    return changed;
  });
  forgetConversionAction(ctx, row.id);
  return { action: await answerOf(ctx.db, row), key };
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
  if ((existing.archived_at !== null) === archived) return answerOf(ctx.db, existing);
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await markConversionActionArchived(tx, existing.id, archived);
    if (!changed) throw ApiError.of(404, MESSAGES.conversionActionNotFound);
    await recordChange(tx, user, conversionActionChange(existing, changed));
    return changed;
  });
  forgetConversionAction(ctx, row.id);
  return answerOf(ctx.db, row);
}
