// Campaign calls (docs/product.md §7): users see and change only their own campaigns; admins see all.
import { CAMPAIGN_END_BEFORE_START, CAMPAIGN_FLIGHT_TOO_LONG, contract, MESSAGES } from '@adconsole/domain';
import { defineRoute, WithExtras } from '../http/routes';
import * as campaigns from '../services/campaigns/campaigns';

const entityNote =
  'Takes the campaign body or the whole campaign as the server answers it: server-owned fields (creatives, counters, report state, timestamps) are accepted and ignored; unknown fields are refused.';

/** A page of campaigns, answered with its pagination beside the list. */
const campaignPage = async (page: ReturnType<typeof campaigns.listCampaigns>) => {
  const { campaigns: list, pagination } = await page;
  return new WithExtras(list, { pagination });
};

export const campaignRoutes = [
  defineRoute({
    call: contract.getCampaign,
    access: 'user',
    clients: 'read',
    summary: 'One campaign with its creatives, live creatives and assets.',
    tag: 'Campaigns',
    errors: { 404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)` },
    handler: ({ input, user, ctx }) => campaigns.getCampaign(ctx, user, input.campaignID),
  }),
  defineRoute({
    call: contract.listMyCampaigns,
    access: 'user',
    clients: 'read',
    summary:
      'Your campaigns, newest first, 20 a page; searched, filtered by status and sorted across every page.',
    description:
      '`q`: words every one of which the name or advertiser contains; `status`: live, scheduled, ended, not-serving (no live creative) or archived (archived campaigns appear only with it); `sort`: newest (default), name, flight, impressions, clicks or ctr (lifetime figures); `order`: asc or desc (by default ascending for name and flight, descending otherwise). `pagination.total` counts the campaigns that match.',
    tag: 'Campaigns',
    handler: ({ input, user, ctx }) => campaignPage(campaigns.listCampaigns(ctx, user, 'mine', input)),
  }),
  defineRoute({
    call: contract.listAllCampaigns,
    access: 'admin',
    summary:
      'Every campaign (admins only), newest first, 20 a page; the same search, status and order as /mine.',
    tag: 'Campaigns',
    handler: ({ input, user, ctx }) => campaignPage(campaigns.listCampaigns(ctx, user, 'all', input)),
  }),
  defineRoute({
    call: contract.createCampaign,
    audit: 'campaign',
    access: 'user',
    summary: 'Create a campaign (no creatives, zeroed data).',
    description: entityNote,
    tag: 'Campaigns',
    handler: ({ input, user, ctx }) => campaigns.createCampaign(ctx, user, input),
  }),
  defineRoute({
    call: contract.updateCampaign,
    audit: 'campaign',
    access: 'user',
    summary: 'Change a campaign: name, flight, timezone, advertiser, goal or rate (null clears); answers it.',
    description: entityNote,
    tag: 'Campaigns',
    errors: { 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => campaigns.updateCampaign(ctx, user, input),
  }),
  defineRoute({
    call: contract.duplicateCampaign,
    audit: 'campaign',
    access: 'user',
    summary: 'Copy a campaign with its creatives and their assets; nothing published, no figures.',
    description:
      "campaignID in the body, and optionally the copy's `name` and flight days `start` and `end` ('YYYY-MM-DD' in the campaign's timezone; null leaves that side open). Left out, the copy is named by the copy rule (' (Copy)', ' (Copy 2)'...) and keeps the original's days. It belongs to the campaign's owner; it keeps the timezone, advertiser, goal, delivery mode, rate and delivery rules, and is neither archived nor paused. The flight it ends up with is checked as a campaign's: the end on or after the start, at most 3,660 days. Its creatives serve nothing until published; share links and schedules stay with the original.",
    tag: 'Campaigns',
    errors: {
      400: `The field named, e.g. \`end: ${CAMPAIGN_END_BEFORE_START}\`, \`end: ${CAMPAIGN_FLIGHT_TOO_LONG}\`, \`start must be a date 'YYYY-MM-DD'\`, \`Fill in the campaign name\``,
      404: MESSAGES.campaignNotFound,
    },
    handler: ({ input, user, ctx }) => campaigns.duplicateCampaign(ctx, user, input),
  }),
  defineRoute({
    call: contract.archiveCampaign,
    audit: 'campaign',
    access: 'user',
    summary: 'Archive a campaign: it stops serving and leaves the default list; answers the campaign.',
    description:
      "campaignID in the body. The campaign's live creatives answer like an ended flight (VAST the empty document, the ad JSON 404) from now on in this process and within 5 seconds in the others. Its reports, share links and schedules stay, it can still be edited, and `GET /v1/campaign/mine?status=archived` lists it. Archiving an archived campaign keeps its `archivedAt`.",
    tag: 'Campaigns',
    errors: { 404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)` },
    handler: ({ input, user, ctx }) => campaigns.setCampaignArchived(ctx, user, input.campaignID, true),
  }),
  defineRoute({
    call: contract.unarchiveCampaign,
    audit: 'campaign',
    access: 'user',
    summary: 'Unarchive a campaign: it is back in the list and serves again within its flight.',
    description: 'campaignID in the body; `archivedAt` is null in the answer.',
    tag: 'Campaigns',
    errors: { 404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)` },
    handler: ({ input, user, ctx }) => campaigns.setCampaignArchived(ctx, user, input.campaignID, false),
  }),
  defineRoute({
    call: contract.pauseCampaign,
    audit: 'campaign',
    access: 'user',
    summary: 'Pause a campaign: it stops serving at once but stays in the lists; answers the campaign.',
    description:
      'campaignID in the body; the campaign\'s owner or an admin. Its ad requests are refused from now on in this process and within 5 seconds in the others (VAST the empty document, the ad JSON 404), counted in its report as not served, "paused or archived". It stays in the campaign list (status `paused`), keeps its reports, and is no contender in the inventory forecast; its alerts close while it is paused. The answer carries `pausedAt` and `pausedBy` (the e-mail address of who paused it). Pausing a paused campaign keeps both.',
    tag: 'Campaigns',
    errors: { 404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)` },
    handler: ({ input, user, ctx }) => campaigns.setCampaignPaused(ctx, user, input.campaignID, true),
  }),
  defineRoute({
    call: contract.resumeCampaign,
    audit: 'campaign',
    access: 'user',
    summary: 'Resume a paused campaign: it serves again within its flight; answers the campaign.',
    description: 'campaignID in the body; `pausedAt` and `pausedBy` are null in the answer.',
    tag: 'Campaigns',
    errors: { 404: `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)` },
    handler: ({ input, user, ctx }) => campaigns.setCampaignPaused(ctx, user, input.campaignID, false),
  }),
  defineRoute({
    call: contract.campaignHistory,
    access: 'user',
    summary: 'Who changed what in the campaign, newest first (the last 200 changes).',
    description:
      'One entry per change to the campaign, its creatives and their assets, live creatives, share links and schedules: when, who (null for the server itself), through which call, and each field that differed as `[before, after]` (a create has `before` null, a delete `after` null). Secrets never appear: a share link is named by a fingerprint of its token.',
    tag: 'Campaigns',
    errors: { 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => campaigns.campaignHistory(ctx, user, input.campaignID),
  }),
  defineRoute({
    call: contract.deleteCampaign,
    audit: 'campaign',
    access: 'user',
    summary: 'Delete a campaign with its creatives, live creatives and assets.',
    description: 'campaignID in the query.',
    tag: 'Campaigns',
    errors: { 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => campaigns.deleteCampaign(ctx, user, input.campaignID),
  }),
];
