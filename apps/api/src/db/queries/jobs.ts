// The jobs table (services/jobs/runner.ts; the kinds that queue and run them: services/jobs/kinds.ts):
// a job is queued once per key, for an account ('' for the server's own work), claimed with a lease by
// one process (FOR UPDATE SKIP LOCKED) fairly across accounts, then finished, retried later, failed, or
// marked abandoned when its lease ran out.
import type { Queryable } from '../database';

export interface JobRow {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** Whose work it is (the user whose mail or webhook it sends); '' for the server's own. */
  account_id: string;
}

/**
 * Queues a job unless one with the same key exists (answers whether it was queued). `accountId` is the
 * user whose work it is: the claim takes each account's jobs in turn.
 */
export async function enqueueJob(
  db: Queryable,
  job: {
    id: string;
    kind: string;
    key: string;
    payload: Record<string, unknown>;
    runAt?: Date;
    accountId?: string;
  },
): Promise<boolean> {
  const rows = await db.query(
    `insert into jobs (id, kind, key, payload, run_at, account_id) values ($1, $2, $3, $4, $5, $6)
     on conflict (key) do nothing returning id`,
    [job.id, job.kind, job.key, job.payload, job.runAt ?? new Date(), job.accountId ?? ''],
  );
  return rows.length > 0;
}

/** Jobs whose lease ran out while running: abandoned for good, with `reason` as their last error. */
export async function abandonExpiredLeases(db: Queryable, reason: string): Promise<void> {
  await db.query(
    `update jobs set state = 'abandoned', last_error = $1, finished_at = now()
      where state = 'running' and locked_until < now()`,
    [reason],
  );
}

/**
 * Claims up to `limit` due pending jobs for `worker`, leased for `leaseMs`, fairly across accounts: each
 * account's due jobs are numbered oldest first (its turn), and the claim takes every account's first
 * turn before anyone's second, oldest first within a turn. So one account's backlog, however long, delays
 * another account's next job by one turn at most. Each account offers its `candidatesPerAccount` oldest
 * due jobs (an index walk per account, jobs_pending_by_account), enough for several processes claiming
 * at the same instant: rows another process is claiming are skipped (SKIP LOCKED), not waited for.
 */
export function claimDueJobs(
  db: Queryable,
  claim: { worker: string; leaseMs: number; limit: number; candidatesPerAccount: number },
): Promise<JobRow[]> {
  return db.query<JobRow>(
    `with due as (
       select t.id, t.turn, t.run_at
         from (select distinct account_id from jobs where state = 'pending' and run_at <= now()) a
        cross join lateral (
          select id, run_at, row_number() over (order by run_at, id) as turn
            from jobs where state = 'pending' and run_at <= now() and account_id = a.account_id
           order by run_at, id limit $4) t)
     update jobs set state = 'running', attempts = attempts + 1, locked_by = $1,
            locked_until = now() + ($2::bigint * interval '1 millisecond')
      where id in (select j.id from jobs j join due on due.id = j.id
                    where j.state = 'pending'
                    order by due.turn, due.run_at, due.id limit $3
                    for update of j skip locked)
      returning id, kind, key, payload, attempts, account_id`,
    [claim.worker, claim.leaseMs, claim.limit, claim.candidatesPerAccount],
  );
}

/** A job done; `payload`, when given, replaces the one it had. */
export async function finishJob(
  db: Queryable,
  id: string,
  payload: Record<string, unknown> | undefined,
): Promise<void> {
  await db.query(
    "update jobs set state = 'done', finished_at = now(), locked_until = null, payload = coalesce($2, payload) where id = $1",
    [id, payload ?? null],
  );
}

/**
 * A failed run: pending again after `retryInMs`, or failed for good when that is undefined. `payload`,
 * when given, replaces the one it had (what the run did before it failed).
 */
export async function recordJobFailure(
  db: Queryable,
  id: string,
  failure: { error: string; retryInMs: number | undefined; payload: Record<string, unknown> | undefined },
): Promise<void> {
  await db.query(
    `update jobs set state = $2, last_error = $3, locked_until = null, payload = coalesce($5, payload),
            run_at = now() + ($4::bigint * interval '1 millisecond'),
            finished_at = case when $2 = 'failed' then now() else null end
      where id = $1`,
    [
      id,
      failure.retryInMs === undefined ? 'failed' : 'pending',
      failure.error,
      failure.retryInMs ?? 0,
      failure.payload ?? null,
    ],
  );
}

/** Fails the pending jobs whose key starts with `keyPrefix` (a deleted schedule's deliveries). */
export async function failPendingJobs(db: Queryable, keyPrefix: string, reason: string): Promise<void> {
  await db.query(
    "update jobs set state = 'failed', last_error = $2, finished_at = now() where key like $1 and state = 'pending'",
    [`${keyPrefix}%`, reason],
  );
}
