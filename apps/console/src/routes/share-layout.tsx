// Shared report pages (docs/product.md §2): no side menu, header info or footer; the top bar keeps the
// light/dark switch and shows a Sign In link to visitors who are not signed in.
import { TopBar } from '@adconsole/ui';
import { Outlet } from 'react-router-dom';
import { renderRouterLink } from '../components/router-link';
import { publicConfig } from '../lib/public-config';
import { QueryProvider } from '../lib/query-client';
import { useSession } from '../session/session';
import { toggleTheme, useSettings } from '../settings/settings';

export function SharePageLayout() {
  const session = useSession();
  const settings = useSettings();
  return (
    <QueryProvider>
      <div className="flex min-h-svh flex-col bg-background text-foreground">
        <div className="print:hidden">
          <TopBar
            breadcrumbs={<span className="font-semibold">{publicConfig().companyName} · Shared report</span>}
            theme={settings.darkMode ? 'dark' : 'light'}
            onThemeChange={toggleTheme}
            user={
              session
                ? { name: `${session.user.first_name} ${session.user.last_name}`, href: '/profile' }
                : undefined
            }
            renderLink={renderRouterLink}
          />
        </div>
        <main className="mx-auto w-full max-w-[100rem] flex-1 p-4 lg:p-6 print:p-0">
          <Outlet />
        </main>
      </div>
    </QueryProvider>
  );
}
