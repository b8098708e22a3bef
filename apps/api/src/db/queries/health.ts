// The database's answer to the health check (services/system/health.ts).
import type { Queryable } from '../database';

/** One trivial round trip: resolves when the database answers. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('select 1');
}
