// The campaign calls (docs/product.md §7): list, read, create, update, pause, archive, duplicate and delete. Users see and
// change only their own campaigns, admins all (access.ts); the answers are loaded by campaign-loader.ts.
import {
  ADVERTISER_MESSAGES,
  ApiError,
  budgetProblem,
  type CampaignBody,
  type CampaignListQuery,
  type CampaignView,
  campaignFlight,
  copyName,
  deliveryModeProblem,
  deliveryTarget,
  duplicateFlightProblem,
  filterAndSortCampaigns,
  MESSAGES,
  rateCurrencyProblem,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { copyAssets, listAssetFilesOfCampaign } from '../../db/queries/assets';
import {
  type CampaignsOf,
  countCampaigns,
  deleteCampaign as deleteCampaignRow,
  insertCampaign,
  listCampaignsPage,
  lockCampaign,
  markCampaignArchived,
  markCampaignPaused,
  updateCampaign as updateCampaignRow,
} from '../../db/queries/campaigns';
import { listConversionActionsOfCampaign } from '../../db/queries/conversion-actions';
import { insertCreative, listCreativesOfCampaigns } from '../../db/queries/creatives';
import { updateCampaignDeliveryRules, updateCreativeDeliveryRules } from '../../db/queries/delivery-rules';
import { findInsertionOrder } from '../../db/queries/insertion-orders';
import { campaignHistory as historyOf, recordChange } from '../audit/record';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { removeUnusedFiles } from '../stored-files/file-rows';
import { ownCampaign } from './access';
import { type AdvertiserChoice, campaignAdvertiser, checkRateCurrency } from './advertisers';
import { loadCampaigns, oneCampaign, withPacing } from './campaign-loader';
import { campaignChange } from './campaign-snapshot';
import { asReadBy } from './client-view';
import { copiedCampaignData } from './copy-fields';

const CAMPAIGNS_PER_PAGE = 20;

const pagination = (page: number, total: number) => ({
  page,
  perPage: CAMPAIGNS_PER_PAGE,
  total,
  pages: Math.max(1, Math.ceil(total / CAMPAIGNS_PER_PAGE)),
});

/**
 * GET /v1/campaign/mine and /all: newest first, 20 a page (the route answers the pagination beside it).
 * A search, a status or another order applies across every page (the domain's filterAndSortCampaigns,
 * which needs each campaign's status and figures): the campaigns are loaded whole, then cut into pages.
 */
export async function listCampaigns(
  ctx: Context,
  user: SessionUser,
  view: CampaignView,
  query: CampaignListQuery,
) {
  const { page } = query;
  // A client's list is its advertisers' campaigns (docs/security.md, "Client access").
  const ownerId: CampaignsOf =
    view !== 'mine' ? undefined : user.role === 'client' ? { advertiserIds: user.advertiserIds } : user.id;
  const filtered =
    query.q !== undefined ||
    query.status !== undefined ||
    query.sort !== undefined ||
    query.order !== undefined;
  // Archived campaigns leave the default list; the status 'archived' lists only them.
  if (!filtered) {
    const offset = (page - 1) * CAMPAIGNS_PER_PAGE;
    const rows = await listCampaignsPage(ctx.db, {
      limit: CAMPAIGNS_PER_PAGE,
      offset,
      ownerId,
      archived: 'exclude',
    });
    const total = await countCampaigns(ctx.db, ownerId, 'exclude');
    return {
      campaigns: await asReadBy(ctx.db, user, await loadCampaigns(ctx, rows)),
      pagination: pagination(page, total),
    };
  }
  const archived = query.status === 'archived' ? 'only' : 'exclude';
  const total = await countCampaigns(ctx.db, ownerId, archived);
  const rows = await listCampaignsPage(ctx.db, { limit: Math.max(total, 1), offset: 0, ownerId, archived });
  // Every campaign is loaded to filter and sort them; pacing is read for the page's only.
  const matching = filterAndSortCampaigns(
    await loadCampaigns(ctx, rows, { pacing: false }),
    query,
    new Date(),
  );
  const start = (page - 1) * CAMPAIGNS_PER_PAGE;
  return {
    campaigns: await asReadBy(
      ctx.db,
      user,
      await withPacing(ctx, matching.slice(start, start + CAMPAIGNS_PER_PAGE), rows),
    ),
    pagination: pagination(page, matching.length),
  };
}

export async function getCampaign(ctx: Context, user: SessionUser, campaignId: string) {
  const answer = await oneCampaign(ctx, await ownCampaign(ctx.db, user, campaignId));
  const [read = answer] = await asReadBy(ctx.db, user, [answer]);
  return read;
}

/** POST /v1/campaign/new: no creatives, zeroed data. */
export async function createCampaign(ctx: Context, user: SessionUser, body: CampaignBody) {
  const problem =
    deliveryModeProblem(
      body.data?.deliveryMode,
      deliveryTarget(body.data?.goal, body.data?.budget, body.data?.rate),
    ) ?? budgetProblem(body.data?.budget, body.data?.rate);
  if (problem) throw ApiError.of(400, problem);
  const row = await ctx.db.transaction(async (tx) => {
    const advertiser = await campaignAdvertiser(tx, user.id, advertiserChoice(body));
    checkRateCurrency(advertiser, body.data?.rate);
    const made = await insertCampaign(tx, {
      id: newId(),
      ownerId: user.id,
      name: body.name,
      advertiserId: advertiser.id,
      insertionOrderId: await orderOfAdvertiser(tx, advertiser.id, body.insertionOrderId ?? null),
      body: {
        data: {
          ...campaignFlight(body.data),
          ...(body.data?.goal ? { goal: body.data.goal } : {}),
          ...(body.data?.rate ? { rate: body.data.rate } : {}),
          ...(body.data?.budget ? { budget: body.data.budget } : {}),
          ...(body.data?.deliveryMode === 'even' ? { deliveryMode: 'even' as const } : {}),
        },
      },
      ...(body.data?.clickParam ? { clickParam: body.data.clickParam } : {}),
    });
    await recordChange(tx, user, await campaignChange(tx, null, made));
    return made;
  });
  return oneCampaign(ctx, row);
}

/** The advertiser a campaign body names: by id, else by the old free text (made in the rate's currency). */
const advertiserChoice = (body: CampaignBody): AdvertiserChoice => ({
  advertiserId: body.advertiserId,
  advertiserText: body.data?.advertiser,
  currency: body.data?.rate?.currency,
});

/**
 * The insertion order `orderId` when it is one of the advertiser's (400 when it is another advertiser's,
 * 404 when there is none); null for none.
 */
async function orderOfAdvertiser(tx: Queryable, advertiserId: string, orderId: string | null) {
  if (orderId === null) return null;
  const order = await findInsertionOrder(tx, orderId);
  if (!order) throw ApiError.of(404, ADVERTISER_MESSAGES.insertionOrderNotFound);
  if (order.advertiser_id !== advertiserId)
    throw ApiError.of(400, ADVERTISER_MESSAGES.insertionOrderOfAnotherAdvertiser);
  return order.id;
}

/**
 * PUT /v1/campaign/update: the name, and the flight, advertiser, goal, rate and click parameter that were
 * sent. A rate is booked only in the currency of the campaign's conversion actions, if it has any (the
 * domain's rateCurrencyProblem: ROAS divides their value by the spend).
 */
export async function updateCampaign(ctx: Context, user: SessionUser, body: CampaignBody & { id?: string }) {
  const existing = await ownCampaign(ctx.db, user, body.id ?? '');
  const data = { ...(existing.body.data ?? {}) };
  if (body.data?.start !== undefined) data.start = body.data.start;
  if (body.data?.end !== undefined) data.end = body.data.end;
  if (body.data?.timezone !== undefined) data.timezone = body.data.timezone;
  // The advertiser is a record of its own (the advertisers table), named by the campaign's advertiser_id.
  delete data.advertiser;
  // A goal or rate that was sent replaces the booked one; null clears it.
  if (body.data?.goal !== undefined) {
    if (body.data.goal) data.goal = body.data.goal;
    else delete data.goal;
  }
  if (body.data?.rate !== undefined) {
    if (body.data.rate) data.rate = body.data.rate;
    else delete data.rate;
  }
  // A budget sent replaces the booked one (null clears it); it needs the rate the campaign will have.
  if (body.data?.budget !== undefined) {
    if (body.data.budget) data.budget = body.data.budget;
    else delete data.budget;
  }
  const budgetIssue = budgetProblem(data.budget, data.rate);
  if (budgetIssue) throw ApiError.of(400, budgetIssue);
  // The delivery mode is the goal's (or the budget's): clearing what it paces to without naming a mode
  // delivers as fast as possible.
  const target = deliveryTarget(data.goal, data.budget, data.rate);
  const mode = body.data?.deliveryMode ?? (target === null ? 'asap' : data.deliveryMode);
  const modeProblem = deliveryModeProblem(mode, target);
  if (modeProblem) throw ApiError.of(400, modeProblem);
  if (mode === 'even') data.deliveryMode = 'even';
  else delete data.deliveryMode;
  const row = await ctx.db.transaction(async (tx) => {
    if (data.rate && data.rate.currency !== existing.body.data?.rate?.currency) {
      // Locked as a new conversion action locks it: the two currencies cannot pass each other's check.
      await lockCampaign(tx, existing.id);
      const actions = await listConversionActionsOfCampaign(tx, existing.id);
      const problem = rateCurrencyProblem(
        actions.map((action) => action.currency),
        data.rate.currency,
      );
      if (problem) throw ApiError.of(400, problem);
    }
    // The advertiser named (by id, or by the old free text), else the campaign's; its rate in its currency.
    const advertiser = await campaignAdvertiser(
      tx,
      existing.owner_id,
      advertiserChoice(body),
      existing.advertiser_id,
    );
    const moved = advertiser.id !== existing.advertiser_id;
    if (body.data?.rate || moved) checkRateCurrency(advertiser, data.rate);
    // An order sent is checked against the advertiser; one left unsaid stays unless the advertiser changed.
    const insertionOrderId =
      body.insertionOrderId !== undefined
        ? await orderOfAdvertiser(tx, advertiser.id, body.insertionOrderId)
        : moved
          ? null
          : existing.insertion_order_id;
    const changed = await updateCampaignRow(tx, existing.id, {
      name: body.name,
      body: { ...existing.body, data },
      clickParam: body.data?.clickParam ?? existing.click_param,
      advertiserId: advertiser.id,
      insertionOrderId,
    });
    if (!changed) throw ApiError.of(404, MESSAGES.campaignNotFound);
    await recordChange(tx, user, await campaignChange(tx, existing, changed));
    return changed;
  });
  // New flight dates take effect at once in this process (other processes: within the cache's 5 s),
  // and a new goal, flight or delivery mode in its throttle (others: within the throttle's period).
  ctx.liveCreatives.clear();
  ctx.throttles.forget(existing.id);
  ctx.budgets.forget(existing.id);
  return oneCampaign(ctx, row);
}

/**
 * POST /v1/campaign/archive and /unarchive: an archived campaign serves nothing (its live creatives
 * answer like an ended flight, here at once, in other processes within the live-creative cache's 5 s)
 * and leaves the default list; its reports, share links and schedules stay, and it can still be edited.
 * Archiving an archived campaign keeps when it was archived.
 */
export async function setCampaignArchived(
  ctx: Context,
  user: SessionUser,
  campaignId: string,
  archived: boolean,
) {
  const existing = await ownCampaign(ctx.db, user, campaignId);
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await markCampaignArchived(tx, existing.id, archived);
    if (!changed) throw ApiError.of(404, MESSAGES.campaignNotFound);
    await recordChange(tx, user, await campaignChange(tx, existing, changed));
    return changed;
  });
  ctx.liveCreatives.clear();
  ctx.placements.clear();
  return oneCampaign(ctx, row);
}

/**
 * POST /v1/campaign/pause and /resume: a paused campaign serves nothing (its requests are refused as
 * "paused or archived": here at once, in other processes within the live-creative and placement caches'
 * 5 s) but stays in the lists, shown as paused; resumed, it serves again within its flight. Pausing a
 * paused campaign keeps when and by whom it was paused.
 */
export async function setCampaignPaused(
  ctx: Context,
  user: SessionUser,
  campaignId: string,
  paused: boolean,
) {
  const existing = await ownCampaign(ctx.db, user, campaignId);
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await markCampaignPaused(tx, existing.id, paused, user.email);
    if (!changed) throw ApiError.of(404, MESSAGES.campaignNotFound);
    await recordChange(tx, user, await campaignChange(tx, existing, changed));
    return changed;
  });
  ctx.liveCreatives.clear();
  ctx.placements.clear();
  return oneCampaign(ctx, row);
}

/** DELETE /v1/campaign/delete: the campaign with its creatives, live creatives and assets. */
export async function deleteCampaign(ctx: Context, user: SessionUser, campaignId: string) {
  const existing = await ownCampaign(ctx.db, user, campaignId);
  const files = await ctx.db.transaction(async (tx) => {
    const assetFiles = await listAssetFilesOfCampaign(tx, existing.id);
    await deleteCampaignRow(tx, existing.id);
    await recordChange(tx, user, await campaignChange(tx, existing, null));
    return assetFiles;
  });
  await removeUnusedFiles(ctx, files);
  ctx.liveCreatives.clear();
  return null;
}

/**
 * POST /v1/campaign/duplicate: a copy named by the copy rule (' (Copy)', ' (Copy 2)'...), for the same
 * owner, with what copy-fields.ts names copied: the flight, zone, advertiser, goal, delivery mode, rate,
 * click parameter and delivery rules, and the creatives with their own rules (their assets sharing the
 * stored files); not its conversion actions, placements, links or schedules (copy-fields.ts says why).
 * The copy is neither archived nor paused, whatever the original is. Nothing is published (a copy serves
 * nothing until its creatives are). `name`, `start` and `end`, when sent, name and fly the copy (a day
 * left out keeps the original's; null leaves that side open); the flight it ends up with is checked as a
 * campaign's is. Its history's first entry says what it was duplicated from.
 */
export async function duplicateCampaign(
  ctx: Context,
  user: SessionUser,
  input: {
    campaignID: string;
    name?: string;
    start?: string | null;
    end?: string | null;
    advertiserId?: string | null;
    insertionOrderId?: string | null;
  },
) {
  const original = await ownCampaign(ctx.db, user, input.campaignID);
  const flight = campaignFlight(original.body.data);
  if (input.start !== undefined) flight.start = input.start === null ? null : { date: input.start };
  if (input.end !== undefined) flight.end = input.end === null ? null : { date: input.end };
  const problem = duplicateFlightProblem(flight);
  if (problem) throw ApiError.of(400, problem);
  const copy = await ctx.db.transaction(async (tx) => {
    // The advertiser and order sent, else the original's (its order only with its advertiser).
    const advertiser = await campaignAdvertiser(
      tx,
      original.owner_id,
      { advertiserId: input.advertiserId },
      original.advertiser_id,
    );
    const moved = advertiser.id !== original.advertiser_id;
    if (moved) checkRateCurrency(advertiser, original.body.data?.rate);
    const inserted = await insertCampaign(tx, {
      id: newId(),
      ownerId: original.owner_id,
      name: input.name ?? copyName(original.name),
      // The days sent replace the original's (copiedCampaignData copies them).
      body: { data: { ...copiedCampaignData(original.body.data), ...flight } },
      clickParam: original.click_param,
      advertiserId: advertiser.id,
      insertionOrderId:
        input.insertionOrderId !== undefined
          ? await orderOfAdvertiser(tx, advertiser.id, input.insertionOrderId)
          : moved
            ? null
            : original.insertion_order_id,
    });
    const made = (await updateCampaignDeliveryRules(tx, inserted.id, original.delivery_rules)) ?? inserted;
    const creatives = await listCreativesOfCampaigns(tx, [original.id]);
    for (const creative of creatives) {
      const id = newId();
      await insertCreative(tx, {
        id,
        campaignId: made.id,
        name: creative.name,
        type: creative.type,
        body: creative.body,
      });
      await updateCreativeDeliveryRules(tx, id, creative.delivery_rules);
      await copyAssets(tx, creative.id, id);
    }
    await recordChange(
      tx,
      user,
      await campaignChange(tx, null, made, {
        copiedFrom: original.id,
        copiedFromName: original.name,
        creatives: creatives.map((creative) => creative.name),
      }),
    );
    return made;
  });
  return oneCampaign(ctx, copy);
}

/** GET /v1/campaign/history: the campaign's audit entries, newest first (the owner's or an admin's). */
export async function campaignHistory(ctx: Context, user: SessionUser, campaignId: string) {
  const campaign = await ownCampaign(ctx.db, user, campaignId);
  return historyOf(ctx.db, campaign.id);
}
