// Campaigns: loading them with their creatives, live creatives and assets, shaping them as the API
// answers them (the entity shapes of docs/product.md §3, server-owned fields filled in), and the campaign
// calls themselves. The "owner or admin" rule is the domain's; the query that applies it lives here.
import {
  ApiError,
  type CampaignBody,
  type CampaignView,
  type CreativeSetting,
  type CreativeType,
  DEFAULT_CAMPAIGN_TIMEZONE,
  mayManageCampaign,
  type ScheduledReport,
  type Trackers,
} from '@adconsole/domain';
import type { Context } from '../context';
import type { Queryable } from '../db/database';
import { listSchedules } from '../db/queries/schedules';
import { WithExtras } from '../http/routes';
import { type EventCounters, type EventStore, zeroEventCounters } from './events/store';
import { removeUnusedFiles } from './file-rows';
import { newId } from './ids';
import type { SessionUser } from './sessions';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found!';
export const CREATIVE_NOT_FOUND = 'Creative not found!';

export interface CampaignRow {
  id: string;
  owner_id: string;
  name: string;
  body: {
    data?: {
      start?: { date: string } | null;
      end?: { date: string } | null;
      timezone?: string;
      /** VAST's <Advertiser>; absent when not set. */
      advertiser?: string;
    };
  };
  created_at: Date;
  updated_at: Date;
  data_pulled_at: Date | null;
}

export interface CreativeBodyJson {
  width?: number;
  height?: number;
  fluid?: boolean;
  platform?: string | null;
  trackers?: Trackers;
  settings?: CreativeSetting[];
  layout?: string | null;
  html?: string | null;
}

export interface CreativeRow {
  id: string;
  campaign_id: string;
  name: string;
  type: 'Banner' | 'VAST' | 'VPAID';
  body: CreativeBodyJson;
  created_at: Date;
  updated_at: Date;
}

export interface LiveCreativeRow {
  id: string;
  creative_id: string | null;
  campaign_id: string;
  snapshot: { type?: CreativeType; width?: number; height?: number; platform?: string | null };
  created_at: Date;
}

export interface AssetRow {
  id: string;
  creative_id: string;
  file_name: string;
  filename: string;
  name: string;
  upload_type: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  bitrate?: number | null;
}

/** Where the loaders read: the database (or a transaction), the public URL and the event store. */
export interface LoadSource {
  db: Queryable;
  config: { publicUrl: string };
  events: { store: EventStore };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const fileUrl = (publicUrl: string, fileName: string) =>
  `${publicUrl}/api/uploads/${fileName.split('/').map(encodeURIComponent).join('/')}`;

export function assetAnswer(row: AssetRow, publicUrl: string, isNew = false) {
  return {
    id: row.id,
    filename: row.filename,
    name: row.name,
    path: row.file_name,
    creativeID: row.creative_id,
    url: fileUrl(publicUrl, row.file_name),
    new: isNew,
    width: row.width,
    height: row.height,
    duration: row.duration,
    bitrate: row.bitrate ?? null,
    uploadType: row.upload_type,
  };
}
export type AssetAnswer = ReturnType<typeof assetAnswer>;

export function liveCreativeAnswer(row: LiveCreativeRow) {
  return {
    id: row.id,
    creativeID: row.creative_id ?? undefined,
    campaignID: row.campaign_id,
    type: row.snapshot.type,
    width: row.snapshot.width,
    height: row.snapshot.height,
    platform: row.snapshot.platform ?? null,
    createdAt: iso(row.created_at) ?? undefined,
  };
}

export function creativeAnswer(
  row: CreativeRow,
  assets: AssetAnswer[],
  liveCreatives: LiveCreativeRow[],
  counters: EventCounters = zeroEventCounters(),
) {
  const width = row.body.width ?? 0;
  const height = row.body.height ?? 0;
  return {
    id: row.id,
    campaignID: row.campaign_id,
    name: row.name,
    type: row.type,
    width,
    height,
    size: `${width}x${height}`,
    fluid: row.body.fluid ?? false,
    platform: row.body.platform ?? null,
    assets,
    trackers: row.body.trackers ?? {},
    settings: row.body.settings ?? [],
    liveCreatives: liveCreatives.map(liveCreativeAnswer),
    layout: row.body.layout ?? null,
    html: row.body.html ?? null,
    data: { impressions: counters.impressions, engagement: counters.engagement, clicks: counters.clicks },
    videoCompletes: counters.videoCompletes,
    updatedAt: iso(row.updated_at),
  };
}
export type CreativeAnswer = ReturnType<typeof creativeAnswer>;

/**
 * Every event counter of each creative and campaign: the totals of all their live creatives, removed
 * ones included (their events happened). A deleted creative's live creatives still count for its campaign.
 */
async function countersOf(source: LoadSource, campaignIds: readonly string[]) {
  const lives =
    campaignIds.length === 0
      ? []
      : await source.db.query<{ id: string; creative_id: string | null; campaign_id: string }>(
          'select id, creative_id, campaign_id from live_creatives where campaign_id = any($1::text[])',
          [[...campaignIds]],
        );
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
      ? await db.query<CreativeRow>(
          'select * from creatives where id = any($1::text[]) order by created_at, id',
          [where.creativeIds],
        )
      : await db.query<CreativeRow>(
          'select * from creatives where campaign_id = any($1::text[]) order by created_at, id',
          [where.campaignIds ?? []],
        );
  const ids = creatives.map((c) => c.id);
  const [assets, lives] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([] as AssetRow[])
      : db.query<AssetRow>(
          'select * from assets where creative_id = any($1::text[]) order by created_at, id',
          [ids],
        ),
    ids.length === 0
      ? Promise.resolve([] as LiveCreativeRow[])
      : db.query<LiveCreativeRow>(
          'select * from live_creatives where creative_id = any($1::text[]) and removed_at is null order by created_at, id',
          [ids],
        ),
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

export function campaignAnswer(
  row: CampaignRow,
  creatives: CreativeAnswer[],
  ownerEmail?: string,
  counters: EventCounters = zeroEventCounters(),
  scheduledReports: ScheduledReport[] = [],
) {
  return {
    id: row.id,
    name: row.name,
    creatives,
    data: {
      impressions: counters.impressions,
      engagement: counters.engagement,
      clicks: counters.clicks,
      start: row.body.data?.start ?? null,
      end: row.body.data?.end ?? null,
      timezone: row.body.data?.timezone ?? DEFAULT_CAMPAIGN_TIMEZONE,
      advertiser: row.body.data?.advertiser ?? null,
    },
    videoCompletes: counters.videoCompletes,
    reportURL: null,
    report: null,
    updatedAt: iso(row.updated_at),
    dataPulledAt: iso(row.data_pulled_at),
    scheduledReports,
    lastReportDates: null,
    lastReportUpdate: null,
    lastVideoDates: null,
    lastEventDates: null,
    createdAt: iso(row.created_at),
    ...(ownerEmail === undefined ? {} : { ownerEmail }),
  };
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
  const owners = rows.length
    ? await db.query<{ id: string; email: string }>(
        'select id, email from users where id = any($1::text[])',
        [[...new Set(rows.map((r) => r.owner_id))]],
      )
    : [];
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
  const [row] = await db.query<CampaignRow>('select * from campaigns where id = $1', [campaignId]);
  if (!row || !mayManageCampaign(user, row.owner_id)) throw ApiError.of(404, CAMPAIGN_NOT_FOUND);
  return row;
}

/** The creative when the user may manage its campaign; 404 otherwise. */
export async function ownCreative(
  db: Queryable,
  user: SessionUser,
  creativeId: string,
): Promise<CreativeRow> {
  const [row] = await db.query<CreativeRow & { owner_id: string }>(
    'select c.*, p.owner_id from creatives c join campaigns p on p.id = c.campaign_id where c.id = $1',
    [creativeId],
  );
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

/** GET /v1/campaign/mine and /all: newest first, 20 a page, with the pagination beside the list. */
export async function listCampaigns(ctx: Context, user: SessionUser, view: CampaignView, page: number) {
  const offset = (page - 1) * CAMPAIGNS_PER_PAGE;
  const mine = view === 'mine';
  const rows = await ctx.db.query<CampaignRow>(
    `select * from campaigns ${mine ? 'where owner_id = $3' : ''} order by created_at desc, id desc limit $1 offset $2`,
    mine ? [CAMPAIGNS_PER_PAGE, offset, user.id] : [CAMPAIGNS_PER_PAGE, offset],
  );
  const [{ total } = { total: 0 }] = await ctx.db.query<{ total: number }>(
    `select count(*)::int as total from campaigns ${mine ? 'where owner_id = $1' : ''}`,
    mine ? [user.id] : [],
  );
  return new WithExtras(await loadCampaigns(ctx, rows), {
    pagination: {
      page,
      perPage: CAMPAIGNS_PER_PAGE,
      total,
      pages: Math.max(1, Math.ceil(total / CAMPAIGNS_PER_PAGE)),
    },
  });
}

export async function getCampaign(ctx: Context, user: SessionUser, campaignId: string) {
  return oneCampaign(ctx, await ownCampaign(ctx.db, user, campaignId));
}

/** POST /v1/campaign/new: no creatives, zeroed data. */
export async function createCampaign(ctx: Context, user: SessionUser, body: CampaignBody) {
  const [row] = await ctx.db.query<CampaignRow>(
    'insert into campaigns (id, owner_id, name, body) values ($1, $2, $3, $4) returning *',
    [
      newId(),
      user.id,
      body.name,
      {
        data: {
          start: body.data?.start ?? null,
          end: body.data?.end ?? null,
          timezone: body.data?.timezone ?? DEFAULT_CAMPAIGN_TIMEZONE,
          ...(body.data?.advertiser ? { advertiser: body.data.advertiser } : {}),
        },
      },
    ],
  );
  if (!row) throw new Error('insert returned no row');
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
  const [row] = await ctx.db.query<CampaignRow>(
    'update campaigns set name = $2, body = $3, updated_at = now() where id = $1 returning *',
    [existing.id, body.name, { ...existing.body, data }],
  );
  if (!row) throw ApiError.of(404, CAMPAIGN_NOT_FOUND);
  // New flight dates take effect at once in this process (other processes: within the cache's 5 s).
  ctx.liveCreatives.clear();
  return oneCampaign(ctx, row);
}

/** DELETE /v1/campaign/delete: the campaign with its creatives, live creatives and assets. */
export async function deleteCampaign(ctx: Context, user: SessionUser, campaignId: string) {
  const existing = await ownCampaign(ctx.db, user, campaignId);
  const files = await ctx.db.transaction(async (tx) => {
    const assetFiles = await tx.query<{ file_name: string }>(
      'select a.file_name from assets a join creatives c on c.id = a.creative_id where c.campaign_id = $1',
      [existing.id],
    );
    await tx.query('delete from campaigns where id = $1', [existing.id]);
    return assetFiles.map((f) => f.file_name);
  });
  await removeUnusedFiles(ctx, files);
  ctx.liveCreatives.clear();
  return null;
}
