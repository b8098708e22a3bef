// The signed-in frame: side menu, top bar (breadcrumbs, the alerts' bell, light/dark switch, the user's name linking to
// the profile) and footer, compact below 992 px of window width. Without a session it sends the reader
// to sign in (the guard lets nobody in without one; a session the server ends meanwhile lands here).
import { COMPACT_LAYOUT_MAX_WIDTH } from '@adconsole/domain';
import { AppShell, Footer, Sidebar, type SidebarSection, TopBar, useCompactLayout } from '@adconsole/ui';
import {
  BriefcaseBusinessIcon,
  CreditCardIcon,
  FolderIcon,
  LayoutDashboardIcon,
  MegaphoneIcon,
  ShieldIcon,
  TableIcon,
  UserIcon,
  UserPlusIcon,
} from 'lucide-react';
import type * as React from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { renderRouterLink } from '../components/router-link';
import { publicConfig } from '../lib/public-config';
import { QueryProvider } from '../lib/query-client';
import { Bell } from '../screens/alerts/bell';
import { useReadOnly } from '../session/permissions';
import { useSession } from '../session/session';
import { toggleTheme, useSettings } from '../settings/settings';
import { Breadcrumbs } from './breadcrumbs';
import { activeMenuItem, sideMenu } from './navigation';

/** Each menu entry's icon, so the menu can be scanned at a glance. */
const MENU_ICONS: Record<string, React.ReactNode> = {
  dashboard: <LayoutDashboardIcon aria-hidden="true" />,
  filemanager: <FolderIcon aria-hidden="true" />,
  campaigns: <MegaphoneIcon aria-hidden="true" />,
  advertisers: <BriefcaseBusinessIcon aria-hidden="true" />,
  profile: <UserIcon aria-hidden="true" />,
  tables: <TableIcon aria-hidden="true" />,
  billing: <CreditCardIcon aria-hidden="true" />,
  admin: <ShieldIcon aria-hidden="true" />,
  invite: <UserPlusIcon aria-hidden="true" />,
};
const withIcons = (sections: SidebarSection[]): SidebarSection[] =>
  sections.map((section) => ({
    ...section,
    items: section.items.map((item) => ({ ...item, icon: MENU_ICONS[item.id] })),
  }));

export function AppLayout() {
  const session = useSession();
  // A client gets no alerts (they are the owner's): no bell (session/permissions.ts).
  const readOnly = useReadOnly();
  const settings = useSettings();
  // A media query, not the window's width: reading `innerWidth` while React renders forces a layout.
  const compact = useCompactLayout(COMPACT_LAYOUT_MAX_WIDTH);
  const { pathname } = useLocation();
  const sections = withIcons(sideMenu(session?.user.role));
  const companyName = publicConfig().companyName;
  // The session ended while a page was open (a call answered 401, or it ran out): sign in again.
  if (session === null) return <Navigate to="/signin" replace />;
  return (
    <QueryProvider>
      <AppShell
        className="min-h-svh"
        compact={compact}
        sidebar={
          <Sidebar
            label="Main menu"
            header={<span className="font-semibold">{companyName}</span>}
            sections={sections}
            activeId={activeMenuItem(sections, pathname)}
            renderLink={renderRouterLink}
          />
        }
        topBar={
          <TopBar
            breadcrumbs={<Breadcrumbs />}
            actions={readOnly ? undefined : <Bell />}
            theme={settings.darkMode ? 'dark' : 'light'}
            onThemeChange={toggleTheme}
            user={
              session
                ? { name: `${session.user.first_name} ${session.user.last_name}`, href: '/profile' }
                : undefined
            }
            renderLink={renderRouterLink}
          />
        }
        footer={<Footer companyName={companyName} now={new Date()} />}
      >
        <Outlet />
      </AppShell>
    </QueryProvider>
  );
}
