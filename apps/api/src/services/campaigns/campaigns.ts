// The campaign calls (docs/product.md §7): list, read, create, update, pause, archive, duplicate and delete. Users see and
// change only their own campaigns, admins all (access.ts); the answers are loaded by campaign-loader.ts.
import {
  ApiError,
  type CampaignBody,
  type CampaignListQuery,
  type CampaignView,
  campaignFlight,
  copyName,
  deliveryModeProblem,
  duplicateFlightProblem,
  filterAndSortCampaigns,
  MESSAGES,
  rateCurrencyProblem,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { copyAssets, listAssetFilesOfCampaign } from '../../db/queries/assets';
import type { CampaignRow } from '../../db/queries/campaigns';
import {
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
import { campaignHistory as historyOf, recordChange } from '../audit/record';
import { goalText, rateText } from '../audit/snapshots';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { removeUnusedFiles } from '../stored-files/file-rows';
import { ownCampaign } from './access';
import { loadCampaigns, oneCampaign, withPacing } from './campaign-loader';
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
  const ownerId = view === 'mine' ? user.id : undefined;
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
    return { campaigns: await loadCampaigns(ctx, rows), pagination: pagination(page, total) };
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
    campaigns: await withPacing(ctx, matching.slice(start, start + CAMPAIGNS_PER_PAGE), rows),
    pagination: pagination(page, matching.length),
  };
}

export async function getCampaign(ctx: Context, user: SessionUser, campaignId: string) {
  return oneCampaign(ctx, await ownCampaign(ctx.db, user, campaignId));
}

/** POST /v1/campaign/new: no creatives, zeroed data. */
export async function createCampaign(ctx: Context, user: SessionUser, body: CampaignBody) {
  const problem = deliveryModeProblem(body.data?.deliveryMode, body.data?.goal);
  if (problem) throw ApiError.of(400, problem);
  const row = await ctx.db.transaction(async (tx) => {
    const made = await insertCampaign(tx, {
      id: newId(),
      ownerId: user.id,
      name: body.name,
      body: {
        data: {
          ...campaignFlight(body.data),
          ...(body.data?.advertiser ? { advertiser: body.data.advertiser } : {}),
          ...(body.data?.goal ? { goal: body.data.goal } : {}),
          ...(body.data?.rate ? { rate: body.data.rate } : {}),
          ...(body.data?.deliveryMode === 'even' ? { deliveryMode: 'even' as const } : {}),
        },
      },
      ...(body.data?.clickParam ? { clickParam: body.data.clickParam } : {}),
    });
    await recordChange(tx, user, campaignChange(null, made));
    return made;
  });
  return oneCampaign(ctx, row);
}

/** What the audit log keeps of a campaign: the fields a person sets (goal and rate as people read them). */
const flightDay = (value: unknown) =>
  value && typeof value === 'object' && 'date' in value ? (value as { date: unknown }).date : (value ?? null);
const campaignSnapshot = (row: CampaignRow) => ({
  name: row.name,
  advertiser: row.body.data?.advertiser ?? null,
  start: flightDay(row.body.data?.start),
  end: flightDay(row.body.data?.end),
  timezone: row.body.data?.timezone ?? null,
  goal: goalText(row.body.data?.goal),
  // Only an even campaign's entries name it: the entries from before even delivery read the same.
  ...(row.body.data?.deliveryMode === 'even' ? { deliveryMode: 'Evenly' } : {}),
  rate: rateText(row.body.data?.rate),
  clickParam: row.click_param,
  archivedAt: row.archived_at ? new Date(row.archived_at).toISOString() : null,
  // Only a campaign paused at some time names it: the entries from before pausing read the same.
  ...(row.paused_at ? { pausedAt: new Date(row.paused_at).toISOString(), pausedBy: row.paused_by } : {}),
});

const campaignChange = (before: CampaignRow | null, after: CampaignRow | null) => ({
  entity: 'campaign' as const,
  entityId: (after ?? before)?.id ?? '',
  campaignId: (after ?? before)?.id ?? null,
  before: before && campaignSnapshot(before),
  after: after && campaignSnapshot(after),
});

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
  // An empty or null advertiser clears it.
  if (body.data?.advertiser !== undefined) {
    if (body.data.advertiser) data.advertiser = body.data.advertiser;
    else delete data.advertiser;
  }
  // A goal or rate that was sent replaces the booked one; null clears it.
  if (body.data?.goal !== undefined) {
    if (body.data.goal) data.goal = body.data.goal;
    else delete data.goal;
  }
  // The delivery mode is the goal's: clearing the goal without naming a mode delivers as fast as possible.
  const mode = body.data?.deliveryMode ?? (body.data?.goal === null ? 'asap' : data.deliveryMode);
  const modeProblem = deliveryModeProblem(mode, data.goal);
  if (modeProblem) throw ApiError.of(400, modeProblem);
  if (mode === 'even') data.deliveryMode = 'even';
  else delete data.deliveryMode;
  if (body.data?.rate !== undefined) {
    if (body.data.rate) data.rate = body.data.rate;
    else delete data.rate;
  }
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
    const changed = await updateCampaignRow(tx, existing.id, {
      name: body.name,
      body: { ...existing.body, data },
      clickParam: body.data?.clickParam ?? existing.click_param,
    });
    if (!changed) throw ApiError.of(404, MESSAGES.campaignNotFound);
    await recordChange(tx, user, campaignChange(existing, changed));
    return changed;
  });
  // New flight dates take effect at once in this process (other processes: within the cache's 5 s),
  // and a new goal, flight or delivery mode in its throttle (others: within the throttle's period).
  ctx.liveCreatives.clear();
  ctx.throttles.forget(existing.id);
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
    await recordChange(tx, user, campaignChange(existing, changed));
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
    await recordChange(tx, user, campaignChange(existing, changed));
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
    await recordChange(tx, user, campaignChange(existing, null));
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
  input: { campaignID: string; name?: string; start?: string | null; end?: string | null },
) {
  const original = await ownCampaign(ctx.db, user, input.campaignID);
  const flight = campaignFlight(original.body.data);
  if (input.start !== undefined) flight.start = input.start === null ? null : { date: input.start };
  if (input.end !== undefined) flight.end = input.end === null ? null : { date: input.end };
  const problem = duplicateFlightProblem(flight);
  if (problem) throw ApiError.of(400, problem);
  const copy = await ctx.db.transaction(async (tx) => {
    const inserted = await insertCampaign(tx, {
      id: newId(),
      ownerId: original.owner_id,
      name: input.name ?? copyName(original.name),
      // The days sent replace the original's (copiedCampaignData copies them).
      body: { data: { ...copiedCampaignData(original.body.data), ...flight } },
      clickParam: original.click_param,
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
    await recordChange(tx, user, {
      ...campaignChange(null, made),
      after: {
        ...campaignSnapshot(made),
        copiedFrom: original.id,
        copiedFromName: original.name,
        creatives: creatives.map((creative) => creative.name),
      },
    });
    return made;
  });
  return oneCampaign(ctx, copy);
}

/** GET /v1/campaign/history: the campaign's audit entries, newest first (the owner's or an admin's). */
export async function campaignHistory(ctx: Context, user: SessionUser, campaignId: string) {
  const campaign = await ownCampaign(ctx.db, user, campaignId);
  return historyOf(ctx.db, campaign.id);
}
