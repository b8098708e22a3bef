// The audit log is kept AUDIT_LOG_KEPT_DAYS (docs/privacy.md, "What is stored, and for how long"): long
// enough to answer who changed a campaign during its life and the year after; then a sweep deletes the
// oldest entries, once a day across the fleet.
import { AUDIT_LOG_KEPT_DAYS } from '@adconsole/domain';
import type { Database } from '../../db/database';
import { deleteAuditRowsBefore } from '../../db/queries/audit-log';

const DAY_MS = 86_400_000;
const BATCH = 10_000;

/** One sweep at `now`: the entries older than AUDIT_LOG_KEPT_DAYS; answers how many went. */
export async function sweepAuditLog(ctx: { db: Database }, now: number): Promise<number> {
  const before = new Date(now - AUDIT_LOG_KEPT_DAYS * DAY_MS);
  let deleted = 0;
  for (let gone = BATCH; gone === BATCH; deleted += gone)
    gone = await deleteAuditRowsBefore(ctx.db, before, BATCH);
  return deleted;
}

/**
 * The sweep as a job kind (services/jobs/kinds.ts: app.ts hands it to the runner), named by what it
 * reads of the context, since the audit log sits below the jobs and the context (docs/architecture.md,
 * "Inside the API"): once a day across the fleet, under its lease.
 */
export const auditLogSweep = {
  kind: 'sweep-audit-log',
  onceEveryMs: DAY_MS,
  queueDue: async (ctx: { db: Database; clock?: () => number }) => {
    await sweepAuditLog(ctx, ctx.clock?.() ?? Date.now());
  },
};
