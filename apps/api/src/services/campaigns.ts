// Loading campaigns, creatives, live creatives and assets, and shaping them as the API answers them
// (the entity shapes of spec section 3, with the server-owned fields filled in).
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { SessionUser } from './sessions';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found!';
export const CREATIVE_NOT_FOUND = 'Creative not found!';

export interface CampaignRow {
  id: string;
  owner_id: string;
  name: string;
  body: { data?: { start?: { date: string } | null; end?: { date: string } | null } };
  created_at: Date;
  updated_at: Date;
  data_pulled_at: Date | null;
}

export interface CreativeBodyJson {
  width?: number;
  height?: number;
  fluid?: boolean;
  platform?: string | null;
  trackers?: Record<string, unknown>;
  settings?: unknown[];
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
  snapshot: { type?: string; width?: number; height?: number; platform?: string | null };
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

export function creativeAnswer(row: CreativeRow, assets: AssetAnswer[], liveCreatives: LiveCreativeRow[]) {
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
    data: { impressions: 0, engagement: 0, clicks: 0 },
    updatedAt: iso(row.updated_at),
  };
}
export type CreativeAnswer = ReturnType<typeof creativeAnswer>;

/** Creatives with their assets and live creatives (those not removed), oldest first. */
export async function loadCreatives(
  db: Queryable,
  where: { campaignIds?: string[]; creativeIds?: string[] },
  publicUrl: string,
) {
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
  return creatives.map((creative) =>
    creativeAnswer(
      creative,
      assets.filter((a) => a.creative_id === creative.id).map((a) => assetAnswer(a, publicUrl)),
      lives.filter((l) => l.creative_id === creative.id),
    ),
  );
}

export function campaignAnswer(row: CampaignRow, creatives: CreativeAnswer[], ownerEmail?: string) {
  return {
    id: row.id,
    name: row.name,
    creatives,
    data: {
      impressions: 0,
      engagement: 0,
      clicks: 0,
      start: row.body.data?.start ?? null,
      end: row.body.data?.end ?? null,
    },
    videoCompletes: 0,
    reportURL: null,
    report: null,
    updatedAt: iso(row.updated_at),
    dataPulledAt: iso(row.data_pulled_at),
    scheduledReports: [],
    lastReportDates: null,
    lastReportUpdate: null,
    lastVideoDates: null,
    lastEventDates: null,
    createdAt: iso(row.created_at),
    ...(ownerEmail === undefined ? {} : { ownerEmail }),
  };
}

export async function loadCampaigns(db: Queryable, rows: CampaignRow[], publicUrl: string) {
  const creatives = await loadCreatives(db, { campaignIds: rows.map((r) => r.id) }, publicUrl);
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
  if (!row || (row.owner_id !== user.id && user.role !== 'admin'))
    throw new ApiError(404, CAMPAIGN_NOT_FOUND);
  return row;
}

export async function ownCreative(
  db: Queryable,
  user: SessionUser,
  creativeId: string,
): Promise<CreativeRow> {
  const [row] = await db.query<CreativeRow & { owner_id: string }>(
    'select c.*, p.owner_id from creatives c join campaigns p on p.id = c.campaign_id where c.id = $1',
    [creativeId],
  );
  if (!row || (row.owner_id !== user.id && user.role !== 'admin'))
    throw new ApiError(404, CREATIVE_NOT_FOUND);
  const { owner_id: _owner, ...creative } = row;
  return creative;
}

export async function oneCreative(
  db: Queryable,
  creativeId: string,
  publicUrl: string,
): Promise<CreativeAnswer> {
  const [creative] = await loadCreatives(db, { creativeIds: [creativeId] }, publicUrl);
  if (!creative) throw new ApiError(404, CREATIVE_NOT_FOUND);
  return creative;
}

export async function oneCampaign(db: Queryable, row: CampaignRow, publicUrl: string) {
  const [campaign] = await loadCampaigns(db, [row], publicUrl);
  if (!campaign) throw new ApiError(404, CAMPAIGN_NOT_FOUND);
  return campaign;
}
