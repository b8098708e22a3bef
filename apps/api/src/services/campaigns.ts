// Campaigns: loading them with their creatives, live creatives and assets (answered as
// campaign-answers.ts shapes them), and the campaign calls themselves. The "owner or admin" rule is the
// domain's; the query that applies it lives here.
import {
  ApiError,
  type CampaignBody,
  type CampaignView,
  DEFAULT_CAMPAIGN_TIMEZONE,
  mayManageCampaign,
} from '@adconsole/domain';
import type { Context } from '../context';
import type { Queryable } from '../db/database';
import { type AssetRow, listAssetFilesOfCampaign, listAssetsOfCreatives } from '../db/queries/assets';
import {
  type CampaignRow,
  countCampaigns,
  deleteCampaign as deleteCampaignRow,
  findCampaign,
  insertCampaign,
  listCampaignsPage,
  updateCampaign as updateCampaignRow,
} from '../db/queries/campaigns';
import {
  type CreativeRow,
  findCreativeWithOwner,
  listCreativesByIds,
  listCreativesOfCampaigns,
} from '../db/queries/creatives';
import {
  type LiveCreativeRow,
  listLiveIdsOfCampaigns,
  listOpenLiveCreatives,
} from '../db/queries/live-creatives';
import { listSchedules } from '../db/queries/schedules';
import { listUserEmails } from '../db/queries/users';
import { assetAnswer, type CreativeAnswer, campaignAnswer, creativeAnswer } from './campaign-answers';
import { type EventCounters, type EventStore, zeroEventCounters } from './events/store';
import { removeUnusedFiles } from './files';
import { newId } from './ids';
import type { SessionUser } from './sessions';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found!';
export const CREATIVE_NOT_FOUND = 'Creative not found!';

/** Where the loaders read: the database (or a transaction), the public URL and the event store. */
export interface LoadSource {
  db: Queryable;
  config: { publicUrl: string };
  events: { store: EventStore };
}

/**
 * Every event counter of each creative and campaign: the totals of all their live creatives, removed
 * ones included (their events happened). A deleted creative's live creatives still count for its campaign.
 */
async function countersOf(source: LoadSource, campaignIds: readonly string[]) {
  const lives = campaignIds.length === 0 ? [] : await listLiveIdsOfCampaigns(source.db, campaignIds);
  const totals = await source.events.store.readTotals(lives.map((live) => live.id));
  const byCreative = new Map<string, EventCounters>();
  const byCampaign = new Map<string, EventCounters>();
  const add = (map: Map<string, EventCounters>, key: string, counters: EventCounters) => {
    const sum = map.get(key) ?? zeroEventCounters();
    for (const name of Object.keys(sum) as (keyof EventCounters)[]) sum[name] += counters[name];
    map.set(key, sum);
  };
  for (const live of lives) {
    const counters = totals.get(live.id);
    if (!counters) continue;
    if (live.creative_id !== null) add(byCreative, live.creative_id, counters);
    add(byCampaign, live.campaign_id, counters);
  }
  return { byCreative, byCampaign };
}

/**
 * Creatives with their assets, live creatives (those not removed) and counters, oldest first. Without
 * `counters` the event store is not read (a publish snapshot, read inside a transaction).
 */
export async function loadCreatives(
  source: LoadSource,
  where: { campaignIds?: string[]; creativeIds?: string[] },
  { counters = true }: { counters?: boolean } = {},
) {
  const { db } = source;
  const publicUrl = source.config.publicUrl;
  const creatives =
    where.creativeIds !== undefined
      ? await listCreativesByIds(db, where.creativeIds)
      : await listCreativesOfCampaigns(db, where.campaignIds ?? []);
  const ids = creatives.map((c) => c.id);
  const [assets, lives] = await Promise.all([
    ids.length === 0 ? Promise.resolve([] as AssetRow[]) : listAssetsOfCreatives(db, ids),
    ids.length === 0 ? Promise.resolve([] as LiveCreativeRow[]) : listOpenLiveCreatives(db, ids),
  ]);
  const { byCreative } = counters
    ? await countersOf(source, [...new Set(creatives.map((creative) => creative.campaign_id))])
    : { byCreative: new Map<string, EventCounters>() };
  return creatives.map((creative) =>
    creativeAnswer(
      creative,
      assets.filter((a) => a.creative_id === creative.id).map((a) => assetAnswer(a, publicUrl)),
      lives.filter((l) => l.creative_id === creative.id),
      byCreative.get(creative.id),
    ),
  );
}

export async function loadCampaigns(source: LoadSource, rows: CampaignRow[]) {
  const { db } = source;
  const creatives = await loadCreatives(source, { campaignIds: rows.map((r) => r.id) });
  const schedules = await listSchedules(
    db,
    rows.map((row) => row.id),
  );
  const { byCampaign } = await countersOf(
    source,
    rows.map((row) => row.id),
  );
  const owners = rows.length ? await listUserEmails(db, [...new Set(rows.map((r) => r.owner_id))]) : [];
  return rows.map((row) =>
    campaignAnswer(
      row,
      creatives.filter((c) => c.campaignID === row.id),
      owners.find((o) => o.id === row.owner_id)?.email,
      byCampaign.get(row.id),
      schedules.filter((schedule) => schedule.campaignID === row.id),
    ),
  );
}

/** The campaign when the user may see and change it (owner or admin); 404 otherwise, so ids do not leak. */
export async function ownCampaign(
  db: Queryable,
  user: SessionUser,
  campaignId: string,
): Promise<CampaignRow> {
  const row = await findCampaign(db, campaignId);
  if (!row || !mayManageCampaign(user, row.owner_id)) throw ApiError.of(404, CAMPAIGN_NOT_FOUND);
  return row;
}

/** The creative when the user may manage its campaign; 404 otherwise. */
export async function ownCreative(
  db: Queryable,
  user: SessionUser,
  creativeId: string,
): Promise<CreativeRow> {
  const row = await findCreativeWithOwner(db, creativeId);
  if (!row || !mayManageCampaign(user, row.owner_id)) throw ApiError.of(404, CREATIVE_NOT_FOUND);
  const { owner_id: _owner, ...creative } = row;
  return creative;
}

export async function oneCreative(source: LoadSource, creativeId: string): Promise<CreativeAnswer> {
  const [creative] = await loadCreatives(source, { creativeIds: [creativeId] });
  if (!creative) throw ApiError.of(404, CREATIVE_NOT_FOUND);
  return creative;
}

export async function oneCampaign(source: LoadSource, row: CampaignRow) {
  const [campaign] = await loadCampaigns(source, [row]);
  if (!campaign) throw ApiError.of(404, CAMPAIGN_NOT_FOUND);
  return campaign;
}

// ---- The campaign calls

export const CAMPAIGNS_PER_PAGE = 20;

/** GET /v1/campaign/mine and /all: newest first, 20 a page (the route answers the pagination beside it). */
export async function listCampaigns(ctx: Context, user: SessionUser, view: CampaignView, page: number) {
  const offset = (page - 1) * CAMPAIGNS_PER_PAGE;
  const ownerId = view === 'mine' ? user.id : undefined;
  const rows = await listCampaignsPage(ctx.db, { limit: CAMPAIGNS_PER_PAGE, offset, ownerId });
  const total = await countCampaigns(ctx.db, ownerId);
  return {
    campaigns: await loadCampaigns(ctx, rows),
    pagination: {
      page,
      perPage: CAMPAIGNS_PER_PAGE,
      total,
      pages: Math.max(1, Math.ceil(total / CAMPAIGNS_PER_PAGE)),
    },
  };
}

export async function getCampaign(ctx: Context, user: SessionUser, campaignId: string) {
  return oneCampaign(ctx, await ownCampaign(ctx.db, user, campaignId));
}

/** POST /v1/campaign/new: no creatives, zeroed data. */
export async function createCampaign(ctx: Context, user: SessionUser, body: CampaignBody) {
  const row = await insertCampaign(ctx.db, {
    id: newId(),
    ownerId: user.id,
    name: body.name,
    body: {
      data: {
        start: body.data?.start ?? null,
        end: body.data?.end ?? null,
        timezone: body.data?.timezone ?? DEFAULT_CAMPAIGN_TIMEZONE,
        ...(body.data?.advertiser ? { advertiser: body.data.advertiser } : {}),
      },
    },
  });
  return oneCampaign(ctx, row);
}

/** PUT /v1/campaign/update: the name, and the flight dates that were sent. */
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
  const row = await updateCampaignRow(ctx.db, existing.id, {
    name: body.name,
    body: { ...existing.body, data },
  });
  if (!row) throw ApiError.of(404, CAMPAIGN_NOT_FOUND);
  // New flight dates take effect at once in this process (other processes: within the cache's 5 s).
  ctx.liveCreatives.clear();
  return oneCampaign(ctx, row);
}

/** DELETE /v1/campaign/delete: the campaign with its creatives, live creatives and assets. */
export async function deleteCampaign(ctx: Context, user: SessionUser, campaignId: string) {
  const existing = await ownCampaign(ctx.db, user, campaignId);
  const files = await ctx.db.transaction(async (tx) => {
    const assetFiles = await listAssetFilesOfCampaign(tx, existing.id);
    await deleteCampaignRow(tx, existing.id);
    return assetFiles;
  });
  await removeUnusedFiles(ctx, files);
  ctx.liveCreatives.clear();
  return null;
}
