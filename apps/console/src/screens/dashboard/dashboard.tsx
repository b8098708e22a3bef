// /dashboard: the signed-in landing page. All of the user's campaigns over a chosen range, summed on
// the server (GET /v1/dashboard): KPIs against the period before, the daily trend, the top campaigns
// by impressions and the most recently updated ones. Opened by its address, the server draws it first
// (docs/console.md, "Signed-in pages drawn by the server"), with the same content (dashboard-content.tsx).
import { type DashboardRangeDays, dashboardRangeDays } from '@adconsole/domain';
import { useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../session/session';
import { useSettings } from '../../settings/settings';
import { DashboardContent } from './dashboard-content';
import { useDashboard } from './dashboard-queries';

export function DashboardPage() {
  const session = useSession();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const days = dashboardRangeDays(params.get('days'));
  const now = useMemo(() => new Date(), []);
  const timezone = settings.activeReportingTimezone;
  const board = useDashboard(days, timezone, now);
  // Drawn in a transition, in slices of a few milliseconds, not in one long task (as the report).
  const data = useDeferredValue(board.data);
  return (
    <DashboardContent
      firstName={session?.user.first_name}
      days={days}
      onRange={(choice: DashboardRangeDays) => setParams({ days: String(choice) })}
      timezone={timezone}
      data={data}
      error={board.isError ? board.error : undefined}
    />
  );
}
