// The top bar's bell, fed with the account's open alerts (polled every minute).
import { renderRouterLink } from '../../components/router-link';
import { AlertBell } from './alert-bell';
import { useAlerts } from './alert-queries';

export function Bell() {
  const open = useAlerts({ status: 'open' });
  return <AlertBell alerts={open.data} renderLink={renderRouterLink} />;
}
