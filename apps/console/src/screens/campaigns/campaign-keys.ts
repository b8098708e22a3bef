// The campaign screens' query keys, apart from their calls (campaign-queries.ts): the breadcrumbs, in the
// signed-in frame every page loads, read a campaign's name from the cache under these keys without
// bringing the campaign calls (and their request schemas) into that frame's code.
import type { CampaignListFilter } from '@adconsole/domain';

export type CampaignView = 'mine' | 'all';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (view: CampaignView, page: number, filter: CampaignListFilter = {}) =>
    ['campaigns', 'list', view, page, filter] as const,
  detail: (campaignID: string) => ['campaigns', 'detail', campaignID] as const,
  history: (campaignID: string) => ['campaigns', 'history', campaignID] as const,
  everyPage: (view: CampaignView) => ['campaigns', 'every-page', view] as const,
};
