// The bell's feed: the open alerts, polled every minute, handed to the bell (bell.tsx). A module loaded
// on its own, so the alerts' calls and schemas are not part of the signed-in frame's first load.
import type { Alert } from '@adconsole/domain';
import * as React from 'react';
import { useAlerts } from './alert-queries';

export default function AlertFeed({
  onAlerts,
}: {
  onAlerts: (alerts: readonly Alert[] | undefined) => void;
}) {
  const { data } = useAlerts({ status: 'open' });
  React.useEffect(() => onAlerts(data), [data, onAlerts]);
  return null;
}
