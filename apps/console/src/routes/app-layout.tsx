// The signed-in frame: side menu, top bar (breadcrumbs, light/dark switch, the user's name linking to
// the profile) and footer, compact below 992 px of window width.
import { AppShell, Footer, Sidebar, TopBar } from '@adconsole/ui';
import { Outlet, useLocation } from 'react-router-dom';
import { renderRouterLink } from '../components/router-link';
import { publicConfig } from '../lib/api';
import { useSession } from '../session/session';
import { toggleTheme, useCompactLayout, useSettings } from '../settings/settings';
import { Breadcrumbs } from './breadcrumbs';
import { activeMenuItem, sideMenu } from './navigation';

export function AppLayout() {
  const session = useSession();
  const settings = useSettings();
  const compact = useCompactLayout();
  const { pathname } = useLocation();
  const sections = sideMenu(session?.user.role === 'admin');
  const companyName = publicConfig().companyName;
  return (
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
  );
}
