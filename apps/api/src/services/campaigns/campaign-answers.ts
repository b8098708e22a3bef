// How campaigns, creatives, live creatives and assets are answered: the entity shapes of docs/product.md §3,
// built from their rows, server-owned fields (URLs, counters, timestamps) filled in.
import {
  campaignFlight,
  type EventCounters,
  type Pacing,
  type ScheduledReport,
  storedDeliveryRules,
  zeroEventCounters,
} from '@adconsole/domain';
import type { AssetRow } from '../../db/queries/assets';
import type { CampaignRow } from '../../db/queries/campaigns';
import type { CreativeRow } from '../../db/queries/creatives';
import type { LiveCreativeRow } from '../../db/queries/live-creatives';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const fileUrl = (publicUrl: string, fileName: string) =>
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

function liveCreativeAnswer(row: LiveCreativeRow) {
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

export function campaignAnswer(
  row: CampaignRow,
  creatives: CreativeAnswer[],
  ownerEmail?: string,
  counters: EventCounters = zeroEventCounters(),
  scheduledReports: ScheduledReport[] = [],
  pacing: Pacing | null = null,
  advertiser?: { name: string; unnamed: boolean },
) {
  return {
    id: row.id,
    name: row.name,
    advertiserId: row.advertiser_id,
    insertionOrderId: row.insertion_order_id ?? null,
    creatives,
    data: {
      impressions: counters.impressions,
      engagement: counters.engagement,
      clicks: counters.clicks,
      ...campaignFlight(row.body.data),
      // The advertiser's name for older clients (null for the unnamed one, 'Unassigned').
      advertiser: advertiser && !advertiser.unnamed ? advertiser.name : null,
      goal: row.body.data?.goal ?? null,
      rate: row.body.data?.rate ?? null,
      budget: row.body.data?.budget ?? null,
      deliveryMode: row.body.data?.deliveryMode ?? 'asap',
      clickParam: row.click_param,
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
    archivedAt: iso(row.archived_at ?? null),
    pausedAt: iso(row.paused_at ?? null),
    pausedBy: row.paused_at ? (row.paused_by ?? null) : null,
    pacing,
    deliveryRules: storedDeliveryRules(row.delivery_rules ?? {}),
    ...(ownerEmail === undefined ? {} : { ownerEmail }),
  };
}
