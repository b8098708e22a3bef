// What the audit log keeps of each entity: the fields a person sets, flat and readable. Large or secret
// values are kept as a fingerprint (an HTML document) or only as changed (never a password or secret).
import { createHash } from 'node:crypto';
import {
  type CampaignGoal,
  type CampaignRate,
  type DeliveryRules,
  deliveryRulesFields,
  formatGoal,
  formatRate,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import type { AbTestRow } from '../../db/queries/ab-tests';
import { type AssetRow, listAssetsOfCreatives } from '../../db/queries/assets';
import type { ConversionActionChange, ConversionActionRow } from '../../db/queries/conversion-actions';
import { type CreativeRow, listCreativesByIds } from '../../db/queries/creatives';
import type { PlacementRow } from '../../db/queries/placements';
import type { ScheduleRow } from '../../db/queries/schedules';
import type { Change, Snapshot } from './record';

/** A short fingerprint of a long text: two versions differ in the log when their texts differ. */
const fingerprint = (text: string | null | undefined): string | null =>
  text
    ? `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)} (${text.length} characters)`
    : null;

/** A campaign's goal as the history reads it: '1,000,000 impressions'; null without one. */
export const goalText = (goal: CampaignGoal | null | undefined): string | null =>
  goal ? formatGoal(goal) : null;

/** A campaign's booked rate as the history reads it: 'USD 2.50 CPM'; null without one. */
export const rateText = (rate: CampaignRate | null | undefined): string | null =>
  rate ? formatRate(rate) : null;

type CreativeFields = Pick<CreativeRow, 'id' | 'campaign_id' | 'name' | 'type' | 'body'>;

const creativeSnapshot = (row: CreativeFields): Snapshot => ({
  name: row.name,
  type: row.type,
  width: row.body.width ?? null,
  height: row.body.height ?? null,
  fluid: row.body.fluid ?? false,
  platform: row.body.platform ?? null,
  layout: row.body.layout ?? null,
  trackers: row.body.trackers ?? {},
  settings: row.body.settings ?? [],
  html: fingerprint(row.body.html),
});

export const creativeChange = (before: CreativeFields | null, after: CreativeFields | null): Change => {
  const row = after ?? before;
  return {
    entity: 'creative',
    entityId: row?.id ?? '',
    campaignId: row?.campaign_id ?? null,
    before: before && creativeSnapshot(before),
    after: after && creativeSnapshot(after),
  };
};

export const liveCreativeChange = (
  liveId: string,
  campaignId: string,
  before: Snapshot | null,
  after: Snapshot | null,
): Change => ({ entity: 'liveCreative', entityId: liveId, campaignId, before, after });

const assetList = (assets: readonly AssetRow[]) =>
  assets.map(
    (asset) => `${asset.name} (${asset.upload_type}${asset.width ? `, ${asset.width}x${asset.height}` : ''})`,
  );

/**
 * A creative's assets as a change of the creative: the list before (`earlier`, read in the same
 * transaction before the change) and as it now stands in `tx`.
 */
export async function assetsChange(
  tx: Queryable,
  creativeId: string,
  earlier: readonly AssetRow[],
): Promise<Change> {
  const [creative] = await listCreativesByIds(tx, [creativeId]);
  const now = await listAssetsOfCreatives(tx, [creativeId]);
  return {
    entity: 'creative',
    entityId: creativeId,
    campaignId: creative?.campaign_id ?? null,
    before: { assets: assetList(earlier) },
    after: { assets: assetList(now) },
  };
}

/** A share link, named by a fingerprint of its token: the log never holds a working link. */
export const shareLinkChange = (
  token: string,
  campaignId: string,
  before: Snapshot | null,
  after: Snapshot | null,
): Change => ({
  entity: 'shareLink',
  entityId: `sha256:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`,
  campaignId,
  before,
  after,
});

type ScheduleFields = Pick<
  ScheduleRow,
  | 'id'
  | 'campaign_id'
  | 'name'
  | 'frequency'
  | 'report_type'
  | 'format'
  | 'timezone'
  | 'with_video'
  | 'recipients'
>;

const scheduleSnapshot = (row: ScheduleFields): Snapshot => ({
  name: row.name,
  frequency: row.frequency,
  reportType: row.report_type,
  format: row.format,
  timezone: row.timezone,
  withVideo: row.with_video,
  recipients: row.recipients,
});

export const scheduleChange = (before: ScheduleFields | null, after: ScheduleFields | null): Change => {
  const row = after ?? before;
  return {
    entity: 'schedule',
    entityId: row?.id ?? '',
    campaignId: row?.campaign_id ?? null,
    before: before && scheduleSnapshot(before),
    after: after && scheduleSnapshot(after),
  };
};

type PlacementFields = Pick<
  PlacementRow,
  'id' | 'campaign_id' | 'name' | 'kind' | 'width' | 'height' | 'mode' | 'items'
>;

const placementSnapshot = (row: PlacementFields): Snapshot => ({
  name: row.name,
  kind: row.kind,
  width: row.width,
  height: row.height,
  mode: row.mode,
  items: row.items.map(
    (item) => `${item.creativeId} (weight ${item.weight}${item.paused ? ', paused' : ''})`,
  ),
});

/** A placement (docs/serving.md, "Placements") made, changed or deleted. */
export const placementChange = (before: PlacementFields | null, after: PlacementFields | null): Change => {
  const row = after ?? before;
  return {
    entity: 'placement',
    entityId: row?.id ?? '',
    campaignId: row?.campaign_id ?? null,
    before: before && placementSnapshot(before),
    after: after && placementSnapshot(after),
  };
};

type AbTestFields = Pick<
  AbTestRow,
  | 'id'
  | 'campaign_id'
  | 'placement_id'
  | 'status'
  | 'variants'
  | 'control_id'
  | 'goal'
  | 'minimum_detectable_effect'
  | 'significance'
  | 'power'
  | 'baseline_rate'
  | 'planned_sample'
>;

/**
 * An A/B test's snapshot, with the placement's rotation it sets: one entry tells both what the test is
 * and that the placement rotates evenly over its variants while it runs (or got its rotation back).
 */
const abTestSnapshot = (row: AbTestFields, placementRotation: string): Snapshot => ({
  placement: row.placement_id,
  status: row.status,
  variants: row.variants,
  control: row.control_id,
  goal: row.goal,
  minimumDetectableEffect: row.minimum_detectable_effect,
  significance: row.significance,
  power: row.power,
  baselineRate: row.baseline_rate,
  plannedSample: row.planned_sample,
  placementRotation,
});

/** An A/B test (docs/reports.md, "A/B tests") started or stopped, with the placement's rotation before and after. */
export const abTestChange = (
  before: { row: AbTestFields; rotation: string } | null,
  after: { row: AbTestFields; rotation: string } | null,
): Change => {
  const row = after?.row ?? before?.row;
  return {
    entity: 'abTest',
    entityId: row?.id ?? '',
    campaignId: row?.campaign_id ?? null,
    before: before && abTestSnapshot(before.row, before.rotation),
    after: after && abTestSnapshot(after.row, after.rotation),
  };
};

type ConversionActionFields = Pick<
  ConversionActionRow,
  'id' | 'campaign_id' | 'postback_key_created_at' | 'archived_at'
> &
  ConversionActionChange;

const conversionActionSnapshot = (row: ConversionActionFields): Snapshot => ({
  name: row.name,
  type: row.type,
  counting: row.counting,
  lookbackDays: row.lookback_days,
  currency: row.currency,
  unsigned: row.unsigned,
  maxPerClick: row.max_per_click,
  maxValueMinor: row.max_value_minor === null ? null : Number(row.max_value_minor),
  // When its postback key was made: a new key is recorded, never the key or its hash.
  postbackKeyCreatedAt:
    row.postback_key_created_at === null ? null : new Date(row.postback_key_created_at).toISOString(),
  archived: row.archived_at !== null,
});

/** A conversion action (docs/conversions.md) made, changed, archived or restored. */
export const conversionActionChange = (
  before: ConversionActionFields | null,
  after: ConversionActionFields | null,
): Change => {
  const row = after ?? before;
  return {
    entity: 'conversionAction',
    entityId: row?.id ?? '',
    campaignId: row?.campaign_id ?? null,
    before: before && conversionActionSnapshot(before),
    after: after && conversionActionSnapshot(after),
  };
};

/**
 * A change of a campaign's or a creative's delivery rules (the entity id is the campaign's or the
 * creative's): who changed which rule from what to what.
 */
export const deliveryRulesChange = (
  of: { entityId: string; campaignId: string },
  before: DeliveryRules,
  after: DeliveryRules,
): Change => ({
  entity: 'deliveryRules',
  entityId: of.entityId,
  campaignId: of.campaignId,
  before: deliveryRulesFields(before),
  after: deliveryRulesFields(after),
});
