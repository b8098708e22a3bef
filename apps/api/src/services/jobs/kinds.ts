// What the job runner runs, as data: each area of the API that has background work declares a job kind
// and the composition root (app.ts) hands the list to the runner, so the runner names no job family and
// a new one (alerts, webhooks) is a kind declared in its own area plus one line in app.ts.
import type { Context } from '../../context';
import type { JobRow } from '../../db/queries/jobs';

/** What a finished run leaves on the job's row (what was sent to whom, say). */
export type JobResult = Record<string, unknown> | undefined;

export interface JobKind {
  /** The `kind` column of this family's rows in the jobs table, and the name of its fleet lease. */
  kind: string;
  /**
   * Called on every poll of every process: queues the jobs that have come due (with unique keys, so a
   * period is queued once however many processes poll), or does a small periodic task itself.
   */
  queueDue?: (ctx: Context) => Promise<unknown>;
  /**
   * When set, `queueDue` runs at most once per this many milliseconds across the whole fleet: the process
   * that takes the kind's lease in the database (job_leases) runs it, the others skip it until it ends.
   */
  onceEveryMs?: number;
  /** Runs one claimed job of this kind. A throw is a failed attempt, retried after the next delay. */
  run?: (ctx: Context, job: JobRow) => Promise<JobResult>;
  /** Back-off after the nth failed attempt, then failed for good (the runner's default when absent). */
  retryDelaysMs?: readonly number[];
}
