import type { RouteObject } from 'react-router-dom';
import { alwaysRevalidate, guardLoader } from '../router/guard';
import { lazyScreen } from '../router/lazy-screen';
import { AppLayout } from './app-layout';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { SharePageLayout } from './share-layout';

/** The console's route table (spec section 2). The root loader is the guard; screens load lazily. */
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
      {
        Component: PublicLayout,
        children: [
          { path: 'ping', lazy: lazyScreen(() => import('./ping'), 'PingPage') },
          { path: 'signin', lazy: lazyScreen(() => import('../screens/account/sign-in'), 'SignInPage') },
          { path: 'signup', lazy: lazyScreen(() => import('../screens/account/sign-up'), 'SignUpPage') },
          {
            path: 'forgotpassword',
            lazy: lazyScreen(() => import('../screens/account/forgot-password'), 'ForgotPasswordPage'),
          },
        ],
      },
      {
        Component: SharePageLayout,
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
        Component: AppLayout,
        children: [
          {
            path: 'dashboard',
            lazy: lazyScreen(() => import('../screens/dashboard/dashboard'), 'DashboardPage'),
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
            path: 'campaigns/:campaignID/reporting',
            lazy: lazyScreen(() => import('../screens/reporting/reporting-page'), 'CampaignReportingPage'),
          },
          {
            path: 'campaigns/:campaignID/reporting/creative/:creativeID',
            lazy: lazyScreen(() => import('../screens/reporting/reporting-page'), 'CampaignReportingPage'),
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
