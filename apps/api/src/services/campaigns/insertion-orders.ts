// The insertion-order calls (docs/product.md §7): an advertiser's orders, each with a PO number, a flight,
// a budget in the advertiser's currency and the campaigns it funds (the advertiser's only). Access is the
// advertiser's: its owner or an admin (404 otherwise). A deleted order leaves its campaigns running, unlinked.
import {
  type Actor,
  ADVERTISER_MESSAGES,
  ApiError,
  budgetDecimalsMessage,
  CAMPAIGN_END_BEFORE_START,
  type CreateInsertionOrderRequest,
  currencyDigits,
  isOwnerOrAdmin,
  minorToAmount,
  toMinorUnits,
  type UpdateInsertionOrderRequest,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import {
  deleteInsertionOrder as deleteOrderRow,
  findInsertionOrder,
  type InsertionOrderRow,
  type InsertionOrderWithAdvertiserRow,
  insertInsertionOrder,
  lockCampaignsOfAdvertiser,
  lockCampaignsOfOrder,
  setCampaignsOrder,
  updateInsertionOrder as updateOrderRow,
} from '../../db/queries/insertion-orders';
import { insertionOrderChange } from '../audit/advertiser-snapshots';
import { recordChange } from '../audit/record';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { ownAdvertiser } from './advertisers';

const iso = (value: Date) => new Date(value).toISOString();
const day = (date: string | null) => (date === null ? null : { date });

/** An insertion order as the API answers it (the domain's campaigns/advertiser.ts). */
export const insertionOrderAnswer = (
  row: InsertionOrderRow,
  currency: string,
  campaignIds: readonly string[],
) => ({
  id: row.id,
  advertiserId: row.advertiser_id,
  poNumber: row.po_number,
  name: row.name,
  start: day(row.start_date),
  end: day(row.end_date),
  budget: minorToAmount(Number(row.budget_minor), currency),
  currency,
  campaignIds: [...campaignIds],
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The order when the user may see and change its advertiser (owner or admin); 404 otherwise. */
export async function ownInsertionOrder(
  db: Queryable,
  user: Actor,
  id: string,
): Promise<InsertionOrderWithAdvertiserRow> {
  const row = await findInsertionOrder(db, id);
  if (!row || !isOwnerOrAdmin(user, row.owner_id))
    throw ApiError.of(404, ADVERTISER_MESSAGES.insertionOrderNotFound);
  return row;
}

/** The budget in the currency's minor units; 400 when it has more decimals than they allow. */
function budgetMinor(budget: number, currency: string): number {
  const minor = toMinorUnits(budget, currency);
  if (minor === undefined) throw ApiError.of(400, budgetDecimalsMessage(currency, currencyDigits(currency)));
  return minor;
}

/**
 * Funds exactly `wanted` of the advertiser's campaigns with the order (400 when one is not the
 * advertiser's); the campaigns it funded before and no longer are unlinked. Answers the ids it funds.
 */
async function fundCampaigns(
  tx: Queryable,
  order: { id: string; advertiserId: string },
  wanted: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(wanted)];
  const found = await lockCampaignsOfAdvertiser(tx, order.advertiserId, ids);
  if (found.length !== ids.length) throw ApiError.of(400, ADVERTISER_MESSAGES.insertionOrderCampaigns);
  const before = await lockCampaignsOfOrder(tx, order.id);
  const keep = new Set(ids);
  await setCampaignsOrder(
    tx,
    before.filter((campaign) => !keep.has(campaign.id)).map((campaign) => campaign.id),
    null,
  );
  await setCampaignsOrder(tx, ids, order.id);
  return ids;
}

/** POST /v1/insertion-order/create: a new order of one of the caller's advertisers. */
export async function createInsertionOrder(
  ctx: Context,
  user: SessionUser,
  input: CreateInsertionOrderRequest,
) {
  const advertiser = await ownAdvertiser(ctx.db, user, input.advertiserId);
  const minor = budgetMinor(input.budget, advertiser.currency);
  return ctx.db.transaction(async (tx) => {
    const id = newId();
    await insertInsertionOrder(tx, {
      id,
      advertiserId: advertiser.id,
      poNumber: input.poNumber,
      name: input.name,
      startDate: input.start?.date ?? null,
      endDate: input.end?.date ?? null,
      budgetMinor: minor,
    });
    const campaignIds = await fundCampaigns(tx, { id, advertiserId: advertiser.id }, input.campaignIds ?? []);
    const made = await findInsertionOrder(tx, id);
    if (!made) throw new Error('the insertion order was not saved');
    await recordChange(
      tx,
      user,
      insertionOrderChange(null, { row: made, currency: advertiser.currency, campaignIds }),
    );
    return insertionOrderAnswer(made, advertiser.currency, campaignIds);
  });
}

/**
 * PUT /v1/insertion-order/update: the fields sent (null clears a flight day); `campaignIds`, when sent,
 * is the whole list of campaigns it funds.
 */
export async function updateInsertionOrder(
  ctx: Context,
  user: SessionUser,
  input: UpdateInsertionOrderRequest,
) {
  const existing = await ownInsertionOrder(ctx.db, user, input.id);
  const startDate = input.start === undefined ? existing.start_date : (input.start?.date ?? null);
  const endDate = input.end === undefined ? existing.end_date : (input.end?.date ?? null);
  if (startDate && endDate && endDate < startDate)
    throw ApiError.of(400, `end: ${CAMPAIGN_END_BEFORE_START}`);
  const minor =
    input.budget === undefined ? Number(existing.budget_minor) : budgetMinor(input.budget, existing.currency);
  return ctx.db.transaction(async (tx) => {
    const before = (await lockCampaignsOfOrder(tx, existing.id)).map((campaign) => campaign.id);
    const changed = await updateOrderRow(tx, existing.id, {
      poNumber: input.poNumber ?? existing.po_number,
      name: input.name ?? existing.name,
      startDate,
      endDate,
      budgetMinor: minor,
    });
    if (!changed) throw ApiError.of(404, ADVERTISER_MESSAGES.insertionOrderNotFound);
    const campaignIds =
      input.campaignIds === undefined
        ? before
        : await fundCampaigns(
            tx,
            { id: existing.id, advertiserId: existing.advertiser_id },
            input.campaignIds,
          );
    const after = await findInsertionOrder(tx, existing.id);
    if (!after) throw ApiError.of(404, ADVERTISER_MESSAGES.insertionOrderNotFound);
    await recordChange(
      tx,
      user,
      insertionOrderChange(
        { row: existing, currency: existing.currency, campaignIds: before },
        { row: after, currency: existing.currency, campaignIds },
      ),
    );
    return insertionOrderAnswer(after, existing.currency, campaignIds);
  });
}

/** DELETE /v1/insertion-order/delete: the order goes; its campaigns keep running, unlinked. */
export async function deleteInsertionOrder(ctx: Context, user: SessionUser, id: string) {
  const existing = await ownInsertionOrder(ctx.db, user, id);
  await ctx.db.transaction(async (tx) => {
    const funded = (await lockCampaignsOfOrder(tx, existing.id)).map((campaign) => campaign.id);
    if (!(await deleteOrderRow(tx, existing.id)))
      throw ApiError.of(404, ADVERTISER_MESSAGES.insertionOrderNotFound);
    await recordChange(
      tx,
      user,
      insertionOrderChange({ row: existing, currency: existing.currency, campaignIds: funded }, null),
    );
  });
  return null;
}
