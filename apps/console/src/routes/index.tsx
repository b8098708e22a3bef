import { ACCOUNT_PATHS } from '@adconsole/domain';
import type { RouteObject } from 'react-router-dom';
import { NEW_CREATIVE_SEGMENT } from '../screens/creatives/creative-paths';
import { ToAccountPages } from './account-handover';
import { alwaysRevalidate, guardLoader } from './guard';
import { lazyScreen } from './lazy-screen';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** The console's route table (docs/product.md §2). The root loader is the guard; screens load lazily. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    shouldRevalidate: alwaysRevalidate,
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      // The account pages are drawn by their own frame, without this router (frames.tsx).
      ...ACCOUNT_PATHS.map((path) => ({ path: path.slice(1), Component: ToAccountPages })),
      {
        // The signed-in frame and the share frame load with their first screen: the sign-in page
        // downloads neither the side menu nor what it brings (sheet, tooltips, breadcrumbs' queries).
        lazy: lazyScreen(() => import('./share-layout'), 'SharePageLayout'),
        children: [
          {
            path: 'share/:shareToken',
            lazy: lazyScreen(() => import('../screens/reporting/reporting-page'), 'SharedReportingPage'),
          },
          {
            path: 'share/:shareToken/creative/:creativeID',
            lazy: lazyScreen(() => import('../screens/reporting/reporting-page'), 'SharedReportingPage'),
          },
        ],
      },
      {
        // A creative's preview link (docs/product.md §4, "Approval"): public, in the share frame.
        lazy: lazyScreen(() => import('./preview-layout'), 'PreviewPageLayout'),
        children: [
          {
            path: 'preview/:previewToken',
            lazy: lazyScreen(() => import('../screens/approval/preview-page'), 'PreviewPage'),
          },
        ],
      },
      {
        lazy: lazyScreen(() => import('./app-layout'), 'AppLayout'),
        children: [
          {
            path: 'dashboard',
            lazy: lazyScreen(() => import('../screens/dashboard/dashboard'), 'DashboardPage'),
          },
          {
            path: 'filemanager',
            lazy: lazyScreen(() => import('../screens/files/file-manager-page'), 'FileManagerPage'),
          },
          { path: 'tables', lazy: lazyScreen(() => import('../screens/demo/tables'), 'TablesPage') },
          {
            path: 'billing',
            lazy: lazyScreen(() => import('../screens/billing/billing-page'), 'BillingPage'),
          },
          {
            path: 'builder',
            lazy: lazyScreen(() => import('../screens/builder/builder-page'), 'BuilderPage'),
          },
          { path: 'profile', lazy: lazyScreen(() => import('../screens/profile/profile'), 'ProfilePage') },
          {
            path: 'campaigns',
            lazy: lazyScreen(() => import('../screens/campaigns/campaign-list'), 'CampaignListPage'),
          },
          {
            path: 'campaigns/:campaignID',
            lazy: lazyScreen(() => import('../screens/campaigns/campaign-view'), 'CampaignViewPage'),
          },
          {
            path: 'campaigns/:campaignID/alerts',
            lazy: lazyScreen(() => import('../screens/alerts/campaign-alerts'), 'CampaignAlertsPage'),
          },
          {
            path: 'advertisers',
            lazy: lazyScreen(() => import('../screens/advertisers/advertiser-list'), 'AdvertiserListPage'),
          },
          {
            path: 'advertisers/:advertiserID',
            lazy: lazyScreen(() => import('../screens/advertisers/advertiser-page'), 'AdvertiserPage'),
          },
          {
            path: 'advertisers/:advertiserID/orders/:orderID',
            lazy: lazyScreen(
              () => import('../screens/advertisers/insertion-order-page'),
              'InsertionOrderPage',
            ),
          },
          { path: 'alerts', lazy: lazyScreen(() => import('../screens/alerts/alerts-page'), 'AlertsPage') },
          {
            path: 'campaigns/:campaignID/reporting',
            lazy: lazyScreen(() => import('../screens/reporting/reporting-page'), 'CampaignReportingPage'),
          },
          {
            path: 'campaigns/:campaignID/reporting/creative/:creativeID',
            lazy: lazyScreen(() => import('../screens/reporting/reporting-page'), 'CampaignReportingPage'),
          },
          {
            path: `campaigns/:campaignID/creative/${NEW_CREATIVE_SEGMENT}`,
            lazy: lazyScreen(() => import('../screens/creatives/creative-editor'), 'NewCreativePage'),
          },
          {
            path: 'campaigns/:campaignID/creative/:creativeID',
            lazy: lazyScreen(() => import('../screens/creatives/creative-editor'), 'CreativeEditorPage'),
          },
          { path: 'admin', lazy: lazyScreen(() => import('../screens/admin/user-list'), 'UserListPage') },
          {
            path: 'admin/invite',
            lazy: lazyScreen(() => import('../screens/admin/invite-users'), 'InviteUsersPage'),
          },
        ],
      },
      { path: '*', lazy: lazyScreen(() => import('./not-found'), 'NotFoundPage') },
    ],
  },
];
