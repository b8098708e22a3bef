// The account pages (sign in, sign up, password reset, ping): a top bar with the light/dark switch and,
// when logged out, a Sign In link on every one but the sign-in page itself (there it would lead back to
// the page it stands on), and the footer.
import type { AccountPath } from '@adconsole/domain';
import { Footer, type RenderLink, type Theme, TopBar, type TopBarUser } from '@adconsole/ui';
import type * as React from 'react';
import { publicConfig } from '../lib/public-config';
import { topBarUser, useSession } from '../session/session';
import { toggleTheme, useSettings } from '../settings/settings';
import { renderAccountLink } from './account-router';

type PublicFrameProps = {
  companyName: string;
  /** The account page shown (undefined: a path that is none of them). */
  page: AccountPath | undefined;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  /** The signed-in user, whose name links to the profile; absent when logged out. */
  user?: TopBarUser | undefined;
  renderLink?: RenderLink;
  /** The clock of the footer's year. */
  now: Date;
  children: React.ReactNode;
};

/** The account pages' frame, props only (its stories draw it). */
export function PublicFrame({
  companyName,
  page,
  theme,
  onThemeChange,
  user,
  renderLink,
  now,
  children,
}: PublicFrameProps) {
  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <TopBar
        breadcrumbs={<span className="font-semibold">{companyName}</span>}
        theme={theme}
        onThemeChange={onThemeChange}
        user={user}
        signInHref={page === '/signin' ? null : '/signin'}
        {...(renderLink ? { renderLink } : {})}
      />
      <div className="flex flex-1 flex-col">{children}</div>
      <Footer companyName={companyName} now={now} />
    </div>
  );
}

export function PublicLayout({
  page,
  children,
}: {
  page: AccountPath | undefined;
  children: React.ReactNode;
}) {
  const session = useSession();
  const settings = useSettings();
  return (
    <PublicFrame
      companyName={publicConfig().companyName}
      page={page}
      theme={settings.darkMode ? 'dark' : 'light'}
      onThemeChange={toggleTheme}
      user={topBarUser(session)}
      renderLink={renderAccountLink}
      now={new Date()}
    >
      {children}
    </PublicFrame>
  );
}
