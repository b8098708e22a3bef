// What the job runner runs, as data: each area of the API that has background work declares a job kind
// and the composition root (app.ts) hands the list to the runner, so the runner names no job family and
// a new one (alerts, webhooks) is a kind declared in its own area plus one line in app.ts. A kind that
// runs rows declares its payload's schema: the runner parses each claimed row with it before `run`, so a
// run reads a typed payload, and a row whose payload does not parse fails for good with the schema's
// complaint instead of crashing on every retry.
import type { ZodType } from 'zod';
import type { Context } from '../../context';
import type { JobRow } from '../../db/queries/jobs';

/** What a finished run leaves on the job's row (what was sent to whom, say). */
export type JobResult = Record<string, unknown> | undefined;

/** A claimed row as its kind's `run` gets it: the payload parsed by the kind's schema. */
export type ClaimedJob<P> = Omit<JobRow, 'payload'> & { payload: P };

/** What every kind may declare. */
interface JobKindBase {
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
}

/** A kind whose work is rows of the jobs table, each run by `run`. */
interface RowJobKind<P> extends JobKindBase {
  /** The schema of this kind's payloads, checked when a row runs (classic zod: the API's own). */
  payload: ZodType<P>;
  /**
   * Runs one claimed job of this kind. A throw is a failed attempt, retried after the next delay; a
   * `JobRunFailed` carries what the run did before it failed (kept on the row for the retry).
   */
  run: (ctx: Context, job: ClaimedJob<P>) => Promise<JobResult>;
  /** Back-off after the nth failed attempt, then failed for good (the runner's default when absent). */
  retryDelaysMs?: readonly number[];
}

/** A kind that only does a periodic task (a sweep, the alert evaluation): it runs no rows. */
interface PeriodicJobKind extends JobKindBase {
  payload?: never;
  run?: never;
  retryDelaysMs?: never;
}

/** A job family: rows it runs (with their payload's schema), a periodic task, or both. */
export type JobKind = PeriodicJobKind | RowJobKind<unknown>;

/**
 * A kind that runs rows, its `run` typed by its payload's schema. The runner holds every kind as a
 * `JobKind`, whatever its payload, and hands `run` only what the kind's own schema parsed: that is what
 * makes the cast sound.
 */
export const rowJobKind = <P>(kind: RowJobKind<P>): JobKind => kind as unknown as RowJobKind<unknown>;

/**
 * A failed run that got part of the way: its message is the attempt's error, `progress` the payload the
 * job keeps for its retry (who was mailed already, say), so the retry does not do that part again.
 */
export class JobRunFailed extends Error {
  constructor(
    message: string,
    readonly progress: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'JobRunFailed';
  }
}
