// The dashboard's request: the signed-in user's campaigns over a range of local days in a zone.
import { z } from 'zod/mini';
import { datesInOrder, datesInOrderMessage, rangeQueryFields } from '../common/requests';

/** GET /v1/dashboard: the signed-in user's campaigns over a range of local days in a zone. */
export const dashboardQuerySchema = z
  .strictObject(rangeQueryFields)
  .check(z.refine(datesInOrder, datesInOrderMessage));
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
