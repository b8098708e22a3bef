// The signed-in campaign report's first view (docs/console.md, "Signed-in pages drawn by the server"):
// what `/campaigns/{id}/reporting` (or a creative's page of it) shows before anything is
// chosen, read with the signed-in user's rights as the console's calls would read it: the campaign (its
// name, creatives and flight, for the trail and the menu), the report, the period before and the
// breakdown's tab (the share page's reading, services/reports/shared-report-view.ts). The console takes
// the reports from the page's data block instead of asking again.
import { DEFAULT_CAMPAIGN_TIMEZONE, type ReportsQuery } from '@adconsole/domain';
import type { Context } from '../../context';
import { getCampaign } from '../campaigns/campaigns';
import type { SessionUser } from '../identity/sessions';
import { campaignReport } from './report';
import { reportFirstView, type SharedReportFirstView } from './shared-report-view';

/** What the console's server module draws around the report for a signed-in user (its CampaignReportView). */
export interface CampaignReportFirstView {
  view: SharedReportFirstView['view'] & {
    campaign: {
      id: string;
      name: string;
      creatives: { id: string; name: string }[];
      start: string | undefined;
      end: string | undefined;
    };
  };
  block: SharedReportFirstView['block'];
}

/**
 * The first view of `/campaigns/{campaignID}/reporting?{query}` (or `/creative/{creativeID}` under it)
 * for `user`: undefined where the console would show no report (a refused range, a creative without
 * live ids). A campaign that is not the user's throws the campaign call's 404.
 */
export async function campaignReportFirstView(
  ctx: Context,
  user: SessionUser,
  page: {
    campaignID: string;
    creativeID?: string | undefined;
    query: URLSearchParams;
    acceptLanguage?: string | undefined;
  },
  now: Date = new Date(),
): Promise<CampaignReportFirstView | undefined> {
  const campaign = await getCampaign(ctx, user, page.campaignID);
  const first = await reportFirstView(
    ctx,
    (query) => campaignReport(ctx, user, query as ReportsQuery),
    {
      ...page,
      basePath: `/campaigns/${page.campaignID}/reporting`,
      campaignTimezone: campaign.data?.timezone ?? DEFAULT_CAMPAIGN_TIMEZONE,
    },
    now,
  );
  if (!first) return undefined;
  return {
    view: {
      ...first.view,
      campaign: {
        id: campaign.id,
        name: campaign.name,
        creatives: campaign.creatives.map(({ id, name }) => ({ id, name })),
        start: campaign.data?.start?.date,
        end: campaign.data?.end?.date,
      },
    },
    block: first.block,
  };
}
