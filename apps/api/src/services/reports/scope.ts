// Whose figures a report reads: a campaign's live creatives (all of them, removed ones included: their
// events happened), a creative report's live ids, or a share link's campaign. Another owner's campaign
// or live creatives answer 404, as everywhere; a client reads its advertisers' campaigns, without costs
// unless the advertiser allows them (docs/security.md, "Client access").
import { ApiError, MESSAGES, mayRead } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import type { CampaignRow } from '../../db/queries/campaigns';
import { findCampaign } from '../../db/queries/campaigns';
import { listReportLivesByIds, listReportLivesOfCampaign } from '../../db/queries/reports';
import { findWorkingShareToken } from '../../db/queries/share-tokens';
import { ownCampaign } from '../campaigns/access';
import type { CreativeAnswer } from '../campaigns/campaign-answers';
import { costsSeenByClient } from '../campaigns/client-view';
import type { SessionUser } from '../identity/sessions';

interface ReportLive {
  id: string;
  creativeId: string | null;
  snapshot: Pick<CreativeAnswer, 'id' | 'name' | 'type'>;
}

export interface ReportScope {
  campaign: CampaignRow;
  lives: ReportLive[];
  /** Set when a share link's holder reads the report: no share links or schedules are shown. */
  shareToken?: string;
  /** Set when a client reads the report: no share links or schedules are shown either. */
  client?: boolean;
  /** False for a share link made without costs: the report leaves every cost figure out (reports/costs.ts). */
  includeCosts?: boolean;
  /**
   * `lives` are every live creative of the campaign: the store may read the campaign's own rollups for
   * the series and the hour-of-week grid (docs/reports.md, "Campaign rollups").
   */
  wholeCampaign?: boolean;
}

async function livesOf(
  db: Queryable,
  where: { campaignId: string } | { ids: readonly string[] },
): Promise<(ReportLive & { campaignId: string })[]> {
  const rows =
    'campaignId' in where
      ? await listReportLivesOfCampaign(db, where.campaignId)
      : await listReportLivesByIds(db, where.ids);
  return rows.map((row) => ({
    id: row.id,
    creativeId: row.creative_id,
    campaignId: row.campaign_id,
    snapshot: row.snapshot,
  }));
}

/** Every live creative of a campaign (the system's own reads: scheduled reports). */
export async function campaignScope(db: Queryable, campaign: CampaignRow): Promise<ReportScope> {
  return { campaign, lives: await livesOf(db, { campaignId: campaign.id }), wholeCampaign: true };
}

/** A signed-in user's report: a campaign, or the live ids of a creative report. */
export async function userScope(
  db: Queryable,
  user: SessionUser,
  query: { campaignID?: string | undefined; liveIDs?: readonly string[] | undefined },
): Promise<ReportScope> {
  if (query.liveIDs !== undefined) {
    if (query.liveIDs.length === 0) throw ApiError.of(400, MESSAGES.noLiveIdsSet);
    const lives = await livesOf(db, { ids: [...new Set(query.liveIDs)] });
    const campaignIds = new Set(lives.map((live) => live.campaignId));
    if (lives.length !== new Set(query.liveIDs).size || campaignIds.size !== 1)
      throw ApiError.of(404, MESSAGES.liveCreativesNotFound);
    const campaign = await findCampaign(db, [...campaignIds][0] ?? '');
    if (!campaign || !mayRead(user, campaign.owner_id, campaign.advertiser_id))
      throw ApiError.of(404, MESSAGES.liveCreativesNotFound);
    if (query.campaignID !== undefined && query.campaignID !== campaign.id)
      throw ApiError.of(404, MESSAGES.liveCreativesNotFound);
    return { campaign, lives, ...(await clientReading(db, user, campaign)) };
  }
  const campaign = await ownCampaign(db, user, query.campaignID ?? '');
  return {
    campaign,
    lives: await livesOf(db, { campaignId: campaign.id }),
    wholeCampaign: true,
    ...(await clientReading(db, user, campaign)),
  };
}

/** A client's reading: marked, and without costs unless the campaign's advertiser lets its clients see them. */
async function clientReading(
  db: Queryable,
  user: SessionUser,
  campaign: CampaignRow,
): Promise<Pick<ReportScope, 'client' | 'includeCosts'>> {
  if (user.role !== 'client') return {};
  const sees = await costsSeenByClient(db, user, [campaign.advertiser_id]);
  return { client: true, includeCosts: sees.get(campaign.advertiser_id) === true };
}

/** A share link's report: its campaign's live creatives (or some of them), for anyone with the link. */
export async function shareScope(
  db: Queryable,
  token: string,
  liveIDs: readonly string[] | undefined,
): Promise<ReportScope> {
  const link = await findWorkingShareToken(db, token);
  if (!link) throw ApiError.of(404, MESSAGES.shareLinkInvalid);
  const campaign = await findCampaign(db, link.campaign_id);
  if (!campaign) throw ApiError.of(404, MESSAGES.campaignNotFound);
  const lives = await livesOf(db, { campaignId: campaign.id });
  const shared = { shareToken: token, includeCosts: link.include_costs };
  if (liveIDs === undefined) return { campaign, lives, ...shared, wholeCampaign: true };
  if (liveIDs.length === 0) throw ApiError.of(400, MESSAGES.noLiveIdsSet);
  const wanted = new Set(liveIDs);
  // Only this campaign's live creatives: another campaign's ids are simply not found.
  if ([...wanted].some((id) => !lives.some((live) => live.id === id)))
    throw ApiError.of(404, MESSAGES.liveCreativesNotFound);
  return { campaign, lives: lives.filter((live) => wanted.has(live.id)), ...shared };
}
