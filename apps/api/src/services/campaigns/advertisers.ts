// The advertiser calls (docs/product.md §7): list, create, update and delete an owner's advertisers, and
// the campaigns' side of them: which advertiser a campaign made or changed ends up with (an id, the old
// free text of data.advertiser, or the owner's 'Unassigned'), and the rule that a campaign's rate is in its
// advertiser's currency. Users see and change their own advertisers, admins all (404 otherwise).
import {
  type Actor,
  ADVERTISER_MESSAGES,
  type AdvertiserListQuery,
  ApiError,
  type CampaignRate,
  type CreateAdvertiserRequest,
  campaignFlight,
  MESSAGES,
  mayRead,
  rateNotInAdvertiserCurrencyMessage,
  servingStatus,
  UNASSIGNED_ADVERTISER_NAME,
  type UpdateAdvertiserRequest,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import {
  type AdvertiserRow,
  countCampaignsOfAdvertiser,
  countCampaignsOfAdvertisers,
  countCampaignsPricedOtherwise,
  deleteAdvertiser as deleteAdvertiserRow,
  findAdvertiser,
  findAdvertiserByName,
  findUnnamedAdvertiser,
  insertAdvertiser,
  listAdvertisers as listAdvertiserRows,
  listServableCampaignsOfAdvertisers,
  lockAdvertiser,
  updateAdvertiser as updateAdvertiserRow,
} from '../../db/queries/advertisers';
import { setClientSeesCosts } from '../../db/queries/client-advertisers';
import { setRequiresApproval } from '../../db/queries/creative-approvals';
import { advertiserChange } from '../audit/advertiser-snapshots';
import { recordChange } from '../audit/record';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';

/** The most advertisers one list answers. */
const MAX_LISTED_ADVERTISERS = 5000;

const iso = (value: Date) => new Date(value).toISOString();

/** An advertiser as the API answers it (the domain's campaigns/advertiser.ts). */
export const advertiserAnswer = (row: AdvertiserRow, ownerEmail?: string) => ({
  id: row.id,
  name: row.name,
  currency: row.currency,
  billingName: row.billing_name,
  billingEmail: row.billing_email,
  notes: row.notes,
  unnamed: row.unnamed,
  requiresApproval: row.requires_approval,
  clientSeesCosts: row.client_sees_costs,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  ...(ownerEmail === undefined ? {} : { ownerEmail }),
});

/** An advertiser as its client reads it: without the owner's notes. */
const clientAdvertiserAnswer = (row: AdvertiserRow) => ({ ...advertiserAnswer(row), notes: null });

/** The advertiser when the user may see it (owner, admin, or one of its clients: `mayRead`); 404 otherwise. */
export async function ownAdvertiser(db: Queryable, user: Actor, id: string): Promise<AdvertiserRow> {
  const row = await findAdvertiser(db, id);
  if (!row || !mayRead(user, row.owner_id, row.id))
    throw ApiError.of(404, ADVERTISER_MESSAGES.advertiserNotFound);
  return row;
}

/** GET /v1/advertiser/list: the caller's advertisers by name ('Unassigned' last); an admin's view=all, everyone's. */
export async function listAdvertisers(ctx: Context, user: SessionUser, query: AdvertiserListQuery) {
  const all = query.view === 'all';
  if (all && user.role !== 'admin') throw ApiError.of(403, MESSAGES.onlyAdministrators);
  // A client lists the advertisers it was given (docs/security.md, "Client access").
  const rows = await listAdvertiserRows(ctx.db, {
    ownerId: all ? undefined : user.id,
    ids: user.role === 'client' ? user.advertiserIds : undefined,
    limit: MAX_LISTED_ADVERTISERS,
  });
  const ids = rows.map((row) => row.id);
  const [counts, servable] = await Promise.all([
    countCampaignsOfAdvertisers(ctx.db, ids),
    listServableCampaignsOfAdvertisers(ctx.db, ids),
  ]);
  const campaignCount = new Map(counts.map((row) => [row.advertiser_id, row.count]));
  const liveCount = new Map<string, number>();
  const now = new Date(ctx.clock?.() ?? Date.now());
  for (const campaign of servable)
    if (servingStatus(campaignFlight(campaign.body.data), true, now) === 'live')
      liveCount.set(campaign.advertiser_id, (liveCount.get(campaign.advertiser_id) ?? 0) + 1);
  return {
    advertisers: rows.map((row) => ({
      ...(user.role === 'client'
        ? clientAdvertiserAnswer(row)
        : advertiserAnswer(row, all ? row.owner_email : undefined)),
      campaignCount: campaignCount.get(row.id) ?? 0,
      liveCount: liveCount.get(row.id) ?? 0,
    })),
  };
}

/** POST /v1/advertiser/create: a new advertiser of the caller's; its name is not one the caller has. */
export async function createAdvertiser(ctx: Context, user: SessionUser, input: CreateAdvertiserRequest) {
  return ctx.db.transaction(async (tx) => {
    const made = await insertAdvertiser(tx, {
      id: newId(),
      ownerId: user.id,
      name: input.name,
      currency: input.currency,
      billingName: input.billingName ?? null,
      billingEmail: input.billingEmail ?? null,
      notes: input.notes ?? null,
    });
    if (!made) throw ApiError.of(409, ADVERTISER_MESSAGES.advertiserNameTaken);
    const saved = await setClientSeesCosts(
      tx,
      await setRequiresApproval(tx, made, input.requiresApproval),
      input.clientSeesCosts,
    );
    await recordChange(tx, user, advertiserChange(null, saved));
    return advertiserAnswer(saved);
  });
}

/**
 * PUT /v1/advertiser/update: the fields sent (a name another of the owner's has is refused, 409). The
 * currency changes only while none of its campaigns has a rate in another currency or a budget (409):
 * their amounts are in it. Naming the unnamed advertiser makes it a named one (shown in VAST).
 */
export async function updateAdvertiser(ctx: Context, user: SessionUser, input: UpdateAdvertiserRequest) {
  const existing = await ownAdvertiser(ctx.db, user, input.id);
  const row = await ctx.db.transaction(async (tx) => {
    await lockAdvertiser(tx, existing.id);
    const currency = input.currency ?? existing.currency;
    if (
      currency !== existing.currency &&
      (await countCampaignsPricedOtherwise(tx, existing.id, currency)) > 0
    )
      throw ApiError.of(409, ADVERTISER_MESSAGES.advertiserCurrencyInUse);
    const name = input.name ?? existing.name;
    if (name.toLowerCase() !== existing.name.toLowerCase()) {
      const taken = await findAdvertiserByName(tx, existing.owner_id, name);
      if (taken) throw ApiError.of(409, ADVERTISER_MESSAGES.advertiserNameTaken);
    }
    const changed = await updateAdvertiserRow(tx, existing.id, {
      name,
      currency,
      billingName: input.billingName === undefined ? existing.billing_name : input.billingName,
      billingEmail: input.billingEmail === undefined ? existing.billing_email : input.billingEmail,
      notes: input.notes === undefined ? existing.notes : input.notes,
      unnamed: existing.unnamed && input.name === undefined,
    });
    if (!changed) throw ApiError.of(404, ADVERTISER_MESSAGES.advertiserNotFound);
    const saved = await setClientSeesCosts(
      tx,
      await setRequiresApproval(tx, changed, input.requiresApproval),
      input.clientSeesCosts,
    );
    await recordChange(tx, user, advertiserChange(existing, saved));
    return saved;
  });
  // VAST's <Advertiser> follows a new name at once in this process (others: within the caches' 5 s).
  ctx.liveCreatives.clear();
  ctx.placements.clear();
  return advertiserAnswer(row);
}

/** DELETE /v1/advertiser/delete: refused (409) while it has campaigns; its insertion orders go with it. */
export async function deleteAdvertiser(ctx: Context, user: SessionUser, id: string) {
  const existing = await ownAdvertiser(ctx.db, user, id);
  await ctx.db.transaction(async (tx) => {
    await lockAdvertiser(tx, existing.id);
    if ((await countCampaignsOfAdvertiser(tx, existing.id)) > 0)
      throw ApiError.of(409, ADVERTISER_MESSAGES.advertiserHasCampaigns);
    await deleteAdvertiserRow(tx, existing.id);
    await recordChange(tx, user, advertiserChange(existing, null));
  });
  return null;
}

/** The owner's advertiser of this name, made (in `currency`) when there is none. */
async function namedAdvertiser(tx: Queryable, ownerId: string, name: string, currency: string) {
  const found = await findAdvertiserByName(tx, ownerId, name);
  if (found) return found;
  const made = await insertAdvertiser(tx, {
    id: newId(),
    ownerId,
    name,
    currency,
    billingName: null,
    billingEmail: null,
    notes: null,
  });
  // Made at the same moment by another call: that one.
  return made ?? (await findAdvertiserByName(tx, ownerId, name));
}

/** The owner's 'Unassigned' advertiser, made when there is none. */
async function unnamedAdvertiser(tx: Queryable, ownerId: string): Promise<AdvertiserRow> {
  const found = await findUnnamedAdvertiser(tx, ownerId);
  if (found) return found;
  const made = await insertAdvertiser(tx, {
    id: newId(),
    ownerId,
    name: UNASSIGNED_ADVERTISER_NAME,
    currency: 'USD',
    billingName: null,
    billingEmail: null,
    notes: null,
    unnamed: true,
  });
  // A named advertiser of the owner's already has the name: campaigns that name none go to it.
  const row = made ?? (await findAdvertiserByName(tx, ownerId, UNASSIGNED_ADVERTISER_NAME));
  if (!row) throw new Error('the unnamed advertiser could not be made');
  return row;
}

/** What a campaign call says of the campaign's advertiser. */
export interface AdvertiserChoice {
  /** An id of the owner's advertisers; null: the owner's 'Unassigned'. */
  advertiserId?: string | null | undefined;
  /** The old free text (data.advertiser): found or made by name; empty or null: 'Unassigned'. */
  advertiserText?: string | null | undefined;
  /** The currency a made advertiser takes (the campaign's rate's), else USD. */
  currency?: string | undefined;
}

/**
 * The advertiser a campaign of `ownerId` ends up with: the one named by id (another owner's answers 404,
 * as a missing one), else by the old free text, else `current` (an update that names none), else the
 * owner's 'Unassigned'.
 */
export async function campaignAdvertiser(
  tx: Queryable,
  ownerId: string,
  choice: AdvertiserChoice,
  current?: string,
): Promise<AdvertiserRow> {
  if (typeof choice.advertiserId === 'string') {
    const row = await findAdvertiser(tx, choice.advertiserId);
    if (!row || row.owner_id !== ownerId) throw ApiError.of(404, ADVERTISER_MESSAGES.advertiserNotFound);
    return row;
  }
  if (choice.advertiserId === undefined && choice.advertiserText) {
    const row = await namedAdvertiser(tx, ownerId, choice.advertiserText, choice.currency ?? 'USD');
    if (row) return row;
  }
  if (choice.advertiserId === undefined && choice.advertiserText === undefined && current) {
    const row = await findAdvertiser(tx, current);
    if (row) return row;
  }
  return unnamedAdvertiser(tx, ownerId);
}

/**
 * A campaign's rate is in its advertiser's currency (400 otherwise): its spend, budget and statement are.
 * The unnamed advertiser ('Unassigned') holds campaigns of any currency: it bills nobody.
 */
export function checkRateCurrency(advertiser: AdvertiserRow, rate: CampaignRate | null | undefined): void {
  if (rate && !advertiser.unnamed && rate.currency !== advertiser.currency)
    throw ApiError.of(400, rateNotInAdvertiserCurrencyMessage(advertiser.currency));
}
