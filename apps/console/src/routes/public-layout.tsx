// The account pages (sign in, sign up, password reset, ping): a top bar with the light/dark switch and
// a Sign In link when logged out, and the footer.
import { Footer, TopBar } from '@adconsole/ui';
import type * as React from 'react';
import { publicConfig } from '../lib/public-config';
import { useSession } from '../session/session';
import { toggleTheme, useSettings } from '../settings/settings';
import { renderAccountLink } from './account-router';

export function PublicLayout({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const settings = useSettings();
  const companyName = publicConfig().companyName;
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <TopBar
        breadcrumbs={<span className="font-semibold">{companyName}</span>}
        theme={settings.darkMode ? 'dark' : 'light'}
        onThemeChange={toggleTheme}
        user={
          session
            ? { name: `${session.user.first_name} ${session.user.last_name}`, href: '/profile' }
            : undefined
        }
        renderLink={renderAccountLink}
      />
      <div className="flex flex-1 flex-col">{children}</div>
      <Footer companyName={companyName} now={new Date()} />
    </div>
  );
}
