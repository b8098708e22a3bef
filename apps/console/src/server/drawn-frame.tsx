// The signed-in frame as the server draws it (docs/console.md, "Signed-in pages drawn by the server"):
// the console's own frame (routes/app-frame.tsx) from what the server read, light (the stored theme is
// the browser's), its links plain anchors, the compact frame for a phone's user agent.
import type { Alert, UserRole } from '@adconsole/domain';
import { Breadcrumbs, renderAnchor } from '@adconsole/ui';
import type { ReactNode } from 'react';
import { AppFrame } from '../routes/app-frame';
import { pageCrumbs } from '../routes/breadcrumbs';
import { AlertBell } from '../screens/alerts/alert-bell';
import { nothing } from './drawn-report';

/** What every signed-in page's drawing is given beside its own answers. */
export interface DrawnFrameView {
  companyName: string;
  /** The page's clock, ISO (the footer's year, the flights' states). */
  now?: string | undefined;
  /** The reader's device as its user agent says: a phone gets the compact frame. */
  phone?: boolean | undefined;
  /** The bell's open alerts, as the alerts call answers them. */
  alerts: readonly unknown[];
  user: { role: UserRole; name: string };
}

export function DrawnFrame({
  view,
  pathname,
  campaign,
  children,
}: {
  view: DrawnFrameView;
  pathname: string;
  /** The campaign the page is of, named in the trail. */
  campaign?: { name: string; creatives: readonly { id: string; name: string }[] } | undefined;
  children: ReactNode;
}) {
  return (
    <AppFrame
      role={view.user.role}
      pathname={pathname}
      compact={view.phone === true}
      companyName={view.companyName}
      breadcrumbs={<Breadcrumbs oneLine items={pageCrumbs(pathname, campaign)} renderLink={renderAnchor} />}
      bell={<AlertBell alerts={view.alerts as Alert[]} renderLink={renderAnchor} />}
      theme="light"
      onThemeChange={nothing}
      user={{ name: view.user.name, href: '/profile' }}
      renderLink={renderAnchor}
      now={view.now ? new Date(view.now) : new Date()}
    >
      {children}
    </AppFrame>
  );
}
