// The campaign list's rules: where a campaign stands (its status badge and filter), and how the list is
// searched and sorted. The API applies them across every page of a user's campaigns; the console shows
// the same labels.
import type { Campaign } from './campaign';
import { type CampaignFlight, flightState } from './flight';

/**
 * A campaign's status: its flight's state, except that a campaign with no live creative serves nothing
 * whatever its dates say (not "Live"), an ended flight is ended either way, a paused campaign is paused
 * (it serves nothing until resumed, and stays in the list) unless archived, and an archived campaign is
 * archived whatever else holds (it serves nothing and leaves the default list: docs/product.md).
 */
export const CAMPAIGN_STATUSES = ['live', 'scheduled', 'ended', 'not-serving', 'paused', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  live: 'Live',
  scheduled: 'Scheduled',
  ended: 'Ended',
  'not-serving': 'No live creative',
  paused: 'Paused',
  archived: 'Archived',
};

type Listed = Pick<Campaign, 'name' | 'data' | 'creatives'> &
  Partial<Pick<Campaign, 'archivedAt' | 'pausedAt'>>;

/** True for a campaign that is archived (its archivedAt set). */
export const isArchived = (campaign: Pick<Listed, 'archivedAt'>): boolean => Boolean(campaign.archivedAt);

/** True for a campaign that is paused (its pausedAt set): it serves nothing until resumed. */
export const isPaused = (campaign: Pick<Listed, 'pausedAt'>): boolean => Boolean(campaign.pausedAt);

/** The status of a flight with (`serving`) or without anything published to serve. */
export function servingStatus(flight: CampaignFlight, serving: boolean, now: Date): CampaignStatus {
  const state = flightState(flight, now);
  if (state === 'ended') return 'ended';
  return serving ? state : 'not-serving';
}

export const campaignStatus = (campaign: Listed, now: Date): CampaignStatus =>
  isArchived(campaign)
    ? 'archived'
    : isPaused(campaign)
      ? 'paused'
      : servingStatus(
          campaign.data,
          campaign.creatives.some((creative) => creative.liveCreatives.length > 0),
          now,
        );

/** What the list can be sorted by; `newest` (the default) is the order campaigns were made in, newest first. */
export const CAMPAIGN_SORTS = ['newest', 'name', 'flight', 'impressions', 'clicks', 'ctr'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** A campaign's lifetime click-through rate (clicks per impression), 0 without impressions. */
export const campaignCtr = (campaign: Pick<Listed, 'data'>): number => {
  const impressions = campaign.data.impressions ?? 0;
  return impressions > 0 ? (campaign.data.clicks ?? 0) / impressions : 0;
};

const sortKey: Record<Exclude<CampaignSort, 'newest'>, (campaign: Listed) => string | number> = {
  name: (campaign) => campaign.name.toLocaleLowerCase('en'),
  // Campaigns without a start date sort after those with one, whichever the order.
  flight: (campaign) => campaign.data.start?.date ?? '',
  impressions: (campaign) => campaign.data.impressions ?? 0,
  clicks: (campaign) => campaign.data.clicks ?? 0,
  ctr: campaignCtr,
};

export interface CampaignListFilter {
  /** Words every one of which the campaign's name or advertiser contains, in any case. */
  q?: string | undefined;
  /** Without a status, archived campaigns are left out; 'archived' lists only them. */
  status?: CampaignStatus | undefined;
  sort?: CampaignSort | undefined;
  order?: SortOrder | undefined;
}

/**
 * The campaigns that match the search and status, in the order asked for (ties keep the order given,
 * which is newest first). `newest` keeps the given order (desc) or reverses it (asc). Archived campaigns
 * appear only when the status asks for them.
 */
export function filterAndSortCampaigns<T extends Listed>(
  campaigns: readonly T[],
  filter: CampaignListFilter,
  now: Date,
): T[] {
  const words = (filter.q ?? '')
    .toLocaleLowerCase('en')
    .split(/\s+/)
    .filter((word) => word !== '');
  const matching = campaigns.filter((campaign) => {
    if (filter.status === undefined ? isArchived(campaign) : campaignStatus(campaign, now) !== filter.status)
      return false;
    const text = `${campaign.name} ${campaign.data.advertiser ?? ''}`.toLocaleLowerCase('en');
    return words.every((word) => text.includes(word));
  });
  const order = filter.order ?? (filter.sort === 'name' || filter.sort === 'flight' ? 'asc' : 'desc');
  const sort = filter.sort ?? 'newest';
  if (sort === 'newest') return order === 'desc' ? matching : [...matching].reverse();
  const key = sortKey[sort];
  const direction = order === 'asc' ? 1 : -1;
  return matching
    .map((campaign, index) => ({ campaign, index, key: key(campaign) }))
    .sort((a, b) => {
      if (sort === 'flight' && (a.key === '') !== (b.key === '')) return a.key === '' ? 1 : -1;
      if (a.key < b.key) return -direction;
      if (a.key > b.key) return direction;
      return a.index - b.index;
    })
    .map((entry) => entry.campaign);
}

/** Whose campaigns the list shows: the user's own, or (an admin's choice) everyone's. */
export type CampaignListView = 'mine' | 'all';

/**
 * The campaign list page's state as its address holds it (`/campaigns?view=&page=&q=&status=&sort=&order=`):
 * the console reads it so, and the server reads it so to draw the page's first view. Anything the address
 * says that is not a known value is left out; only an admin sees every campaign.
 */
export function campaignListPageState(
  params: { get(name: string): string | null },
  isAdmin: boolean,
): { view: CampaignListView; page: number; filter: CampaignListFilter } {
  const status = params.get('status');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    view: isAdmin && params.get('view') === 'all' ? 'all' : 'mine',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    filter: {
      ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
      ...((CAMPAIGN_STATUSES as readonly string[]).includes(status ?? '')
        ? { status: status as CampaignStatus }
        : {}),
      ...((CAMPAIGN_SORTS as readonly string[]).includes(sort ?? '') ? { sort: sort as CampaignSort } : {}),
      ...(order === 'asc' || order === 'desc' ? { order } : {}),
    },
  };
}

/** The query under which a drawn page's data block holds a campaign list page (lib/server-view.ts). */
export const campaignListAnswerQuery = (
  view: CampaignListView,
  page: number,
  filter: CampaignListFilter,
) => ({
  campaignList: view,
  page,
  ...filter,
});

/** The query under which a drawn page's data block holds a campaign (the campaign call's answer). */
export const campaignAnswerQuery = (campaignID: string) => ({ campaign: campaignID });
