// What a report reads beside the events: the live creatives of its scope (all of a campaign's, removed
// ones too, or some by id), the creatives' current names, and the dashboard's campaigns of an owner.
import type { CreativeType } from '@adconsole/domain';
import type { Queryable } from '../database';
import type { CampaignRow } from './campaigns';

/** A live creative as a report scope holds it: its creative and its snapshot's id, name and type. */
export interface ReportLiveRow {
  id: string;
  creative_id: string | null;
  campaign_id: string;
  snapshot: { id: string; name: string; type: CreativeType };
}

/** A campaign's live creatives (removed ones too), oldest first. */
export function listReportLivesOfCampaign(db: Queryable, campaignId: string): Promise<ReportLiveRow[]> {
  return db.query<ReportLiveRow>(
    'select id, creative_id, campaign_id, snapshot from live_creatives where campaign_id = $1 order by created_at, id',
    [campaignId],
  );
}

/** These live creatives (of any campaign), oldest first. */
export function listReportLivesByIds(db: Queryable, ids: readonly string[]): Promise<ReportLiveRow[]> {
  return db.query<ReportLiveRow>(
    'select id, creative_id, campaign_id, snapshot from live_creatives where id = any($1::text[]) order by created_at, id',
    [[...ids]],
  );
}

/** The campaign's creatives as they are named now. */
export function listCreativeNamesOfCampaign(
  db: Queryable,
  campaignId: string,
): Promise<{ id: string; name: string; type: CreativeType }[]> {
  return db.query<{ id: string; name: string; type: CreativeType }>(
    'select id, name, type from creatives where campaign_id = $1',
    [campaignId],
  );
}

/** An owner's campaigns (or a client's: its advertisers', docs/security.md "Client access") as the dashboard lists them. */
export function listDashboardCampaigns(
  db: Queryable,
  whose: string | { advertiserIds: readonly string[] },
): Promise<
  {
    id: string;
    name: string;
    updated_at: Date;
    body: CampaignRow['body'];
    archived: boolean;
    advertiser_id: string;
  }[]
> {
  return db.query<{
    id: string;
    name: string;
    updated_at: Date;
    body: CampaignRow['body'];
    archived: boolean;
    advertiser_id: string;
  }>(
    `select id, name, updated_at, body, archived_at is not null as archived, advertiser_id from campaigns
      where ${typeof whose === 'string' ? 'owner_id = $1' : 'advertiser_id = any($1::text[])'}`,
    [typeof whose === 'string' ? whose : [...whose.advertiserIds]],
  );
}
