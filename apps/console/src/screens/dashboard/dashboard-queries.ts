// Server state of the dashboard (TanStack Query). Its own module, so the dashboard's chunk does not
// bring the reporting screens' queries (and, through their shared chunk, the charts' code).
import {
  type Dashboard,
  dashboardAnswerQuery,
  dashboardCalls,
  dashboardSchema,
  lastDaysReportingDates,
  REPORT_CACHE_SECONDS,
  type ReportingDates,
  type Timezone,
} from '@adconsole/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';
import { takeServerAnswer } from '../../lib/server-view';

const dashboardApi = areaCalls(dashboardCalls);

/**
 * The dashboard's aggregate of every campaign the user sees over the last `days` whole days before
 * today in `timezone` (today, not over, would read as a fall against whole days: docs/product.md §1);
 * the figures on screen stay while another range loads (reused for under 3600 s). The server's drawing's
 * answer, when it drew this very range, zone and days, is taken instead of asked for again.
 */
export function useDashboard(days: number, timezone: Timezone, now: Date) {
  const dates = lastDaysReportingDates(days, now, timezone);
  return useQuery({
    queryKey: ['dashboard', days, timezone.offset, timezone.tzCode],
    queryFn: ({ signal }) => dashboardApi().getDashboard({ dates, timezone, signal }),
    initialData: () => serverDashboard(days, timezone, dates),
    staleTime: REPORT_CACHE_SECONDS * 1000,
    placeholderData: keepPreviousData,
  });
}

/** The dashboard the server drew its page with (docs/console.md, "Signed-in pages drawn by the server"). */
function serverDashboard(days: number, timezone: Timezone, dates: ReportingDates): Dashboard | undefined {
  const data = takeServerAnswer(dashboardAnswerQuery(days, timezone, dates));
  if (data === undefined) return undefined;
  const parsed = dashboardSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
