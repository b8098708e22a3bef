// The top bar's bell, fed with the account's open alerts (polled every minute). The bell is drawn with
// the frame; the alerts' calls and schemas (alert-feed.tsx) load beside it, in a file of their own, and
// the count shows once they have answered, as it did when the call was made with the frame
// (docs/console.md, "The signed-in shell's first load").
import type { Alert } from '@adconsole/domain';
import * as React from 'react';
import { renderRouterLink } from '../../components/router-link';
import { AlertBell } from './alert-bell';

const AlertFeed = React.lazy(() => import('./alert-feed'));

export function Bell() {
  const [alerts, setAlerts] = React.useState<readonly Alert[] | undefined>(undefined);
  return (
    <>
      <AlertBell alerts={alerts} renderLink={renderRouterLink} />
      <React.Suspense fallback={null}>
        <AlertFeed onAlerts={setAlerts} />
      </React.Suspense>
    </>
  );
}
