// The signed-in frame: side menu, top bar (breadcrumbs, the alerts' bell, light/dark switch, the user's name linking to
// the profile) and footer, compact below 992 px of window width. Without a session it sends the reader
// to sign in (the guard lets nobody in without one; a session the server ends meanwhile lands here).
import { COMPACT_LAYOUT_MAX_WIDTH } from '@adconsole/domain';
import { useCompactLayout } from '@adconsole/ui';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { renderRouterLink } from '../components/router-link';
import { publicConfig } from '../lib/public-config';
import { QueryProvider } from '../lib/query-client';
import { dropServerViewWhenDrawn } from '../lib/server-view';
import { Bell } from '../screens/alerts/bell';
import { useReadOnly } from '../session/permissions';
import { topBarUser, useSession } from '../session/session';
import { toggleTheme, useSettings } from '../settings/settings';
import { AppFrame } from './app-frame';
import { Breadcrumbs } from './breadcrumbs';

export function AppLayout() {
  const session = useSession();
  // A client gets no alerts (they are the owner's): no bell (session/permissions.ts).
  const readOnly = useReadOnly();
  const settings = useSettings();
  // A media query, not the window's width: reading `innerWidth` while React renders forces a layout.
  const compact = useCompactLayout(COMPACT_LAYOUT_MAX_WIDTH);
  const { pathname } = useLocation();
  // A report the server drew (the campaign's report opened by its address) goes once this page has
  // drawn what is on the screen (lib/server-view.ts).
  useEffect(() => dropServerViewWhenDrawn(), []);
  // The session ended while a page was open (a call answered 401, or it ran out): sign in again.
  if (session === null) return <Navigate to="/signin" replace />;
  return (
    <QueryProvider>
      <AppFrame
        role={session?.user.role}
        pathname={pathname}
        compact={compact}
        companyName={publicConfig().companyName}
        breadcrumbs={<Breadcrumbs />}
        bell={readOnly ? undefined : <Bell />}
        theme={settings.darkMode ? 'dark' : 'light'}
        onThemeChange={toggleTheme}
        user={topBarUser(session)}
        renderLink={renderRouterLink}
        now={new Date()}
      >
        <Outlet />
      </AppFrame>
    </QueryProvider>
  );
}
