// Campaigns and creatives as the API answers them, loaded with everything they show: a campaign's
// creatives, schedules, owner and counters; a creative's assets, live creatives (those not removed) and
// counters. The shapes are campaign-answers.ts's; who may load what is access.ts's.
import { ApiError, type EventCounters, MESSAGES, zeroEventCounters } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { listAdvertisersByIds } from '../../db/queries/advertisers';
import { type AssetRow, listAssetsOfCreatives } from '../../db/queries/assets';
import type { CampaignRow } from '../../db/queries/campaigns';
import { listCreativeApprovals } from '../../db/queries/creative-approvals';
import { listCreativesByIds, listCreativesOfCampaigns } from '../../db/queries/creatives';
import {
  type LiveCreativeRow,
  listLiveIdsOfCampaigns,
  listOpenLiveCreatives,
} from '../../db/queries/live-creatives';
import { listSchedules } from '../../db/queries/schedules';
import { listUserEmails } from '../../db/queries/users';
import { readTotals } from '../events/queries/totals';
import type { EventStore } from '../events/store';
import { withApprovals } from './approval-answers';
import { campaignBudgets } from './budget-status';
import { assetAnswer, type CreativeAnswer, campaignAnswer, creativeAnswer } from './campaign-answers';
import { withQaSummaries } from './creative-qa-answer';
import { campaignPacings } from './pacing';

/** Where the loaders read: the database (or a transaction), the public URL and the event store. */
export interface LoadSource {
  db: Queryable;
  /** `creativeQaChromium`: set where this server measures creative QA (the campaign's list says each one's). */
  config: { publicUrl: string; creativeQaChromium?: string | undefined };
  events: { store: EventStore };
  /** The clock pacing is computed at (the context's; tests pin it). */
  clock?: (() => number) | undefined;
}

/**
 * Every event counter of each creative and campaign: the totals of all their live creatives, removed
 * ones included (their events happened). A deleted creative's live creatives still count for its campaign.
 */
async function countersOf(
  source: LoadSource,
  campaignIds: readonly string[],
  listed?: readonly { id: string; creative_id: string | null; campaign_id: string }[],
) {
  const lives =
    listed ?? (campaignIds.length === 0 ? [] : await listLiveIdsOfCampaigns(source.db, campaignIds));
  const totals = await readTotals(
    source.events.store,
    lives.map((live) => live.id),
  );
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
  const [assets, lives, approvals] = await Promise.all([
    ids.length === 0 ? Promise.resolve([] as AssetRow[]) : listAssetsOfCreatives(db, ids),
    ids.length === 0 ? Promise.resolve([] as LiveCreativeRow[]) : listOpenLiveCreatives(db, ids),
    listCreativeApprovals(db, ids),
  ]);
  const { byCreative } = counters
    ? await countersOf(source, [...new Set(creatives.map((creative) => creative.campaign_id))])
    : { byCreative: new Map<string, EventCounters>() };
  const answers = creatives.map((creative) =>
    creativeAnswer(
      creative,
      assets.filter((a) => a.creative_id === creative.id).map((a) => assetAnswer(a, publicUrl)),
      lives.filter((l) => l.creative_id === creative.id),
      byCreative.get(creative.id),
    ),
  );
  // Those ever submitted carry their approval (docs/product.md §4, "Approval").
  return withApprovals(answers, approvals);
}

/**
 * Campaigns as answered, their pacing included; `pacing: false` leaves it null (a filtered list loads
 * every campaign and computes pacing for its page only: `withPacing`).
 */
export async function loadCampaigns(
  source: LoadSource,
  rows: CampaignRow[],
  { pacing = true }: { pacing?: boolean } = {},
) {
  const { db } = source;
  // Each creative's QA in one word, for the campaign page's list (one read for all of them).
  const creatives = await withQaSummaries(
    db,
    source.config.creativeQaChromium !== undefined,
    await loadCreatives(source, { campaignIds: rows.map((r) => r.id) }),
  );
  const schedules = await listSchedules(
    db,
    rows.map((row) => row.id),
  );
  const ids = rows.map((row) => row.id);
  // The page's live creatives, listed once for the counters and for pacing.
  const lives = ids.length === 0 ? [] : await listLiveIdsOfCampaigns(db, ids);
  const livesByCampaign = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const live of lives) livesByCampaign.get(live.campaign_id)?.push(live.id);
  const [{ byCampaign }, pacings, budgets] = await Promise.all([
    countersOf(source, ids, lives),
    // Every campaign of the page with a goal and both flight dates, in one read (none without).
    pacing ? campaignPacings(source, rows, livesByCampaign) : new Map<string, null>(),
    // Spent and left of each budget (none without one).
    pacing ? campaignBudgets(source, rows) : new Map<string, null>(),
  ]);
  const owners = rows.length ? await listUserEmails(db, [...new Set(rows.map((r) => r.owner_id))]) : [];
  const advertisers = new Map(
    (await listAdvertisersByIds(db, [...new Set(rows.map((r) => r.advertiser_id))])).map((a) => [a.id, a]),
  );
  return rows.map((row) => ({
    ...campaignAnswer(
      row,
      creatives.filter((c) => c.campaignID === row.id),
      owners.find((o) => o.id === row.owner_id)?.email,
      byCampaign.get(row.id),
      schedules.filter((schedule) => schedule.campaignID === row.id),
      pacings.get(row.id) ?? null,
      advertisers.get(row.advertiser_id),
    ),
    budgetStatus: budgets.get(row.id) ?? null,
  }));
}

/** The pacing of a page of answered campaigns loaded without it (one read for the page). */
export async function withPacing<C extends { id: string; pacing: unknown }>(
  source: LoadSource,
  campaigns: C[],
  rows: readonly CampaignRow[],
): Promise<C[]> {
  const wanted = new Set(campaigns.map((campaign) => campaign.id));
  const paged = rows.filter((row) => wanted.has(row.id));
  const [pacings, budgets] = await Promise.all([
    campaignPacings(source, paged),
    campaignBudgets(source, paged),
  ]);
  return campaigns.map((campaign) => ({
    ...campaign,
    pacing: pacings.get(campaign.id) ?? null,
    budgetStatus: budgets.get(campaign.id) ?? null,
  }));
}

export async function oneCreative(source: LoadSource, creativeId: string): Promise<CreativeAnswer> {
  const [creative] = await loadCreatives(source, { creativeIds: [creativeId] });
  if (!creative) throw ApiError.of(404, MESSAGES.creativeNotFound);
  return creative;
}

export async function oneCampaign(source: LoadSource, row: CampaignRow) {
  const [campaign] = await loadCampaigns(source, [row]);
  if (!campaign) throw ApiError.of(404, MESSAGES.campaignNotFound);
  return campaign;
}
