// Breadcrumbs of the signed-in pages, named as the user knows them (campaign and creative names).
import type { Campaign } from '@adconsole/domain';
import { type BreadcrumbItem, Breadcrumbs as BreadcrumbTrail } from '@adconsole/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { renderRouterLink } from '../components/router-link';
import { advertiserKeys, advertiserPath, orderPath } from '../screens/advertisers/advertiser-keys';
import { campaignKeys } from '../screens/campaigns/campaign-keys';
import { NEW_CREATIVE_SEGMENT } from '../screens/creatives/creative-paths';

const TOP_LEVEL: Record<string, string> = {
  dashboard: 'Dashboard',
  filemanager: 'File manager',
  campaigns: 'Campaigns',
  advertisers: 'Advertisers',
  tables: 'Tables',
  billing: 'Billing',
  builder: 'Creative builder',
  profile: 'Profile',
  admin: 'Admin',
  alerts: 'Alerts',
};

/**
 * What the cache holds under `key`, kept up to date, without observing the query: an observer sets the
 * query's options, and one without the page's call (a `skipToken`) could become the call a later
 * refetch makes ("Missing queryFn" after an invalidation).
 */
function useCachedData<T>(key: readonly unknown[]): T | undefined {
  const client = useQueryClient();
  const hash = JSON.stringify(key);
  const subscribe = useCallback((changed: () => void) => client.getQueryCache().subscribe(changed), [client]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is read by its hash
  const read = useCallback(() => client.getQueryData<T>(key), [client, hash]);
  return useSyncExternalStore(subscribe, read, read);
}

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const campaignID = matchPath({ path: '/campaigns/:campaignID/*' }, pathname)?.params.campaignID;
  // Every campaign page loads its campaign (useCampaign): its name is read from that cache entry only.
  const campaign = useCachedData<Campaign>(campaignKeys.detail(campaignID ?? ''));
  const items = [...pageCrumbs(pathname, campaign), ...useAdvertiserCrumbs(pathname)];
  if (pathname === '/admin/invite') items.push({ label: 'Invite users' });
  return <BreadcrumbTrail oneLine items={items} renderLink={renderRouterLink} />;
}

/**
 * A page's trail up to its campaign's pages, the campaign and its creatives named as `campaign` names
 * them (a plain word while it has not loaded). The server draws the same trail above the report it
 * sends (server/campaign-report.tsx).
 */
export function pageCrumbs(
  pathname: string,
  campaign: { name: string; creatives: readonly { id: string; name: string }[] } | undefined,
): BreadcrumbItem[] {
  const campaignID = matchPath({ path: '/campaigns/:campaignID/*' }, pathname)?.params.campaignID;
  const creativeID = (
    matchPath({ path: '/campaigns/:campaignID/creative/:creativeID' }, pathname) ??
    matchPath({ path: '/campaigns/:campaignID/reporting/creative/:creativeID' }, pathname)
  )?.params.creativeID;
  const first = pathname.split('/')[1] ?? '';
  const items: BreadcrumbItem[] = [];
  if (TOP_LEVEL[first]) items.push({ label: TOP_LEVEL[first], href: `/${first}` });
  if (campaignID) {
    items.push({ label: campaign?.name ?? 'Campaign', href: `/campaigns/${campaignID}` });
    if (pathname.endsWith('/alerts'))
      items.push({ label: 'Alerts', href: `/campaigns/${campaignID}/alerts` });
    if (pathname.includes('/reporting'))
      items.push({ label: 'Reporting', href: `/campaigns/${campaignID}/reporting` });
    if (creativeID) {
      const creative = campaign?.creatives.find((candidate) => candidate.id === creativeID);
      items.push({
        label: creative?.name ?? (creativeID === NEW_CREATIVE_SEGMENT ? 'New creative' : 'Creative'),
      });
    }
  }
  return items;
}

/**
 * An advertiser's page and its orders' pages: their names as those pages loaded them (read from the
 * cache only, so this frame carries no advertiser call), a plain word until they have.
 */
function useAdvertiserCrumbs(pathname: string): BreadcrumbItem[] {
  const params = matchPath({ path: '/advertisers/:advertiserID/*' }, pathname)?.params;
  const advertiserID = params?.advertiserID;
  const orderID = matchPath({ path: '/advertisers/:advertiserID/orders/:orderID' }, pathname)?.params.orderID;
  const overview = useCachedData<{ advertiser: { name: string } }>(
    advertiserKeys.overview(advertiserID ?? ''),
  );
  const order = useCachedData<{ poNumber: string; name: string }>(advertiserKeys.order(orderID ?? ''));
  if (!advertiserID) return [];
  const items: BreadcrumbItem[] = [
    { label: overview?.advertiser.name ?? 'Advertiser', href: advertiserPath(advertiserID) },
  ];
  if (orderID)
    items.push({
      label: order ? `${order.poNumber} · ${order.name}` : 'Insertion order',
      href: orderPath(advertiserID, orderID),
    });
  return items;
}
