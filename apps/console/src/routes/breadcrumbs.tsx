// Breadcrumbs of the signed-in pages, named as the user knows them (campaign and creative names).
import { type BreadcrumbItem, Breadcrumbs as BreadcrumbTrail } from '@adconsole/ui';
import { matchPath, useLocation } from 'react-router-dom';
import { renderRouterLink } from '../components/router-link';
import { useCampaign } from '../screens/campaigns/campaign-queries';
import { NEW_CREATIVE_SEGMENT } from '../screens/creatives/creative-paths';

const TOP_LEVEL: Record<string, string> = {
  dashboard: 'Dashboard',
  filemanager: 'File manager',
  campaigns: 'Campaigns',
  tables: 'Tables',
  billing: 'Billing',
  builder: 'Creative builder',
  profile: 'Profile',
  admin: 'Admin',
  alerts: 'Alerts',
};

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const campaignMatch = matchPath({ path: '/campaigns/:campaignID/*' }, pathname);
  const campaignID = campaignMatch?.params.campaignID;
  const campaign = useCampaign(campaignID ?? '', Boolean(campaignID));
  const creativeID = (
    matchPath({ path: '/campaigns/:campaignID/creative/:creativeID' }, pathname) ??
    matchPath({ path: '/campaigns/:campaignID/reporting/creative/:creativeID' }, pathname)
  )?.params.creativeID;

  const first = pathname.split('/')[1] ?? '';
  const items: BreadcrumbItem[] = [];
  if (TOP_LEVEL[first]) items.push({ label: TOP_LEVEL[first], href: `/${first}` });
  if (campaignID) {
    items.push({ label: campaign.data?.name ?? 'Campaign', href: `/campaigns/${campaignID}` });
    if (pathname.endsWith('/alerts'))
      items.push({ label: 'Alerts', href: `/campaigns/${campaignID}/alerts` });
    if (pathname.includes('/reporting'))
      items.push({ label: 'Reporting', href: `/campaigns/${campaignID}/reporting` });
    if (creativeID) {
      const creative = campaign.data?.creatives.find((candidate) => candidate.id === creativeID);
      items.push({
        label: creative?.name ?? (creativeID === NEW_CREATIVE_SEGMENT ? 'New creative' : 'Creative'),
      });
    }
  }
  if (pathname === '/admin/invite') items.push({ label: 'Invite users' });
  return <BreadcrumbTrail oneLine items={items} renderLink={renderRouterLink} />;
}
