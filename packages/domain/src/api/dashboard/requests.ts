// The dashboard's request: the signed-in user's campaigns over a range of local days in a zone.
import { z } from 'zod/mini';
import { toApiDateTime } from '../../calendar/dates';
import type { ReportingDates } from '../../reports/reporting-dates';
import type { Timezone } from '../../timezones/timezones';
import { datesInOrder, datesInOrderMessage, rangeQueryFields } from '../common/requests';

/** GET /v1/dashboard: the signed-in user's campaigns over a range of local days in a zone. */
export const dashboardQuerySchema = z
  .strictObject(rangeQueryFields)
  .check(z.refine(datesInOrder, datesInOrderMessage));
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/**
 * The dashboard's request for `dates` in `timezone`, as the console's client sends it and the server that
 * draws the dashboard reads it (http/signed-in-pages.ts).
 */
export const dashboardQueryOf = (dates: ReportingDates, timezone: Timezone): DashboardQuery => ({
  start_dt: toApiDateTime(dates.start),
  end_dt: toApiDateTime(dates.end),
  tzOffset: timezone.offset,
  timezone: timezone.tzCode || undefined,
});
