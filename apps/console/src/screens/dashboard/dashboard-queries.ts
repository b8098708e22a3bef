// Server state of the dashboard (TanStack Query). Its own module, so the dashboard's chunk does not
// bring the reporting screens' queries (and, through their shared chunk, the charts' code).
import {
  dashboardCalls,
  lastDaysReportingDates,
  REPORT_CACHE_SECONDS,
  type Timezone,
} from '@adconsole/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { areaCalls } from '../../lib/api';

const dashboardApi = areaCalls(dashboardCalls);

/**
 * The dashboard's aggregate of every campaign the user sees over the last `days` whole days before
 * today in `timezone` (today, not over, would read as a fall against whole days: docs/product.md §1);
 * the figures on screen stay while another range loads (reused for under 3600 s).
 */
export function useDashboard(days: number, timezone: Timezone, now: Date) {
  return useQuery({
    queryKey: ['dashboard', days, timezone.offset, timezone.tzCode],
    queryFn: ({ signal }) =>
      dashboardApi().getDashboard({ dates: lastDaysReportingDates(days, now, timezone), timezone, signal }),
    staleTime: REPORT_CACHE_SECONDS * 1000,
    placeholderData: keepPreviousData,
  });
}
