// The job_leases table: a named lease held by one API process until it ends (services/jobs/runner.ts),
// so periodic work runs once across the fleet.
import type { Queryable } from '../database';

/**
 * Takes the lease `name` for `holder` for `ms` when it is free (never taken, or its time is over);
 * answers whether this holder got it. One statement: of processes asking at once, one gets it.
 */
export async function takeLease(db: Queryable, name: string, holder: string, ms: number): Promise<boolean> {
  const rows = await db.query(
    `insert into job_leases as l (name, holder, until)
     values ($1, $2, now() + ($3::bigint * interval '1 millisecond'))
     on conflict (name) do update set holder = excluded.holder, until = excluded.until
       where l.until <= now()
     returning name`,
    [name, holder, ms],
  );
  return rows.length > 0;
}
