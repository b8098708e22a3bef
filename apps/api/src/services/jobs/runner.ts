// Background jobs shared by every API process: a jobs table polled with leases and
// FOR UPDATE SKIP LOCKED (no pg-boss or graphile-worker: they need Node 22 or LISTEN on a pool, which
// PGlite lacks). What runs is declared as job kinds (./kinds.ts) by the areas that own the work; the
// runner knows none of them. Each poll lets every kind queue what is due, claims a few pending jobs,
// each account's oldest in turn (db/queries/jobs.ts: one account's backlog cannot hold another's jobs
// back), and runs them. A job's key is unique, so a period is queued once; a job claimed by a process that then
// died is not run again (it may have sent its mail: at most once), and a failed run is retried with
// back-off, then recorded as failed. A kind's periodic task can take a lease in the database first
// (job_leases), so across a fleet of processes it runs once per period, not once per process.
import { hostname } from 'node:os';
import type { Context } from '../../context';
import { takeLease } from '../../db/queries/job-leases';
import {
  abandonExpiredLeases,
  claimDueJobs,
  finishJob,
  type JobRow,
  recordJobFailure,
} from '../../db/queries/jobs';
import { newId } from '../ids';
import { type JobKind, JobRunFailed } from './kinds';

/** Back-off after the nth failed attempt (1 min, 5 min, 15 min, 1 h), then failed for good. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
const LEASE_MS = 10 * 60_000;
/** Processes that may claim at the same instant and still each find an account's next jobs (below). */
const CLAIMING_AT_ONCE = 4;
const ABANDONED =
  'The process running this job stopped before it finished; it is not run again, so no one gets a report twice.';

/** Why a payload was refused: the kind and each of its schema's complaints, with the field's path. */
const payloadRefusal = (kind: string, issues: readonly { path: PropertyKey[]; message: string }[]) =>
  `The payload of this ${kind} job does not match its kind's schema (${issues
    .map((issue) => `${issue.path.map(String).join('.') || 'payload'}: ${issue.message}`)
    .join('; ')}): not run, and not retried.`;

export class JobRunner {
  readonly worker = `${hostname()}:${process.pid}:${newId().slice(0, 6)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly byKind: ReadonlyMap<string, JobKind>;

  constructor(
    private readonly ctx: Context,
    private readonly kinds: readonly JobKind[],
  ) {
    this.byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
    if (this.byKind.size !== kinds.length) throw new Error('Two job kinds share a name.');
  }

  /**
   * One poll: each kind queues what is due (those without a lease first), abandoned leases are marked,
   * up to `limit` due jobs are claimed and run, then the kinds whose periodic task holds a fleet lease.
   */
  async runOnce(limit = 5): Promise<number> {
    const { db } = this.ctx;
    for (const kind of this.kinds) if (kind.onceEveryMs === undefined) await kind.queueDue?.(this.ctx);
    await abandonExpiredLeases(db, ABANDONED);
    const claimed = await db.transaction((tx) =>
      claimDueJobs(tx, {
        worker: this.worker,
        leaseMs: LEASE_MS,
        limit,
        candidatesPerAccount: limit * CLAIMING_AT_ONCE,
      }),
    );
    for (const job of claimed) await this.run(job);
    for (const kind of this.kinds) {
      if (kind.onceEveryMs === undefined || !kind.queueDue) continue;
      if (await takeLease(db, kind.kind, this.worker, kind.onceEveryMs)) await kind.queueDue(this.ctx);
    }
    return claimed.length;
  }

  private async run(job: JobRow): Promise<void> {
    const kind = this.byKind.get(job.kind);
    const fail = (error: string, retryInMs: number | undefined, progress?: Record<string, unknown>) => {
      this.ctx.log(`Job ${job.kind} ${job.key} failed (attempt ${job.attempts}): ${error}`);
      return recordJobFailure(this.ctx.db, job.id, { error, retryInMs, payload: progress });
    };
    const delay = (kind?.retryDelaysMs ?? RETRY_DELAYS_MS)[job.attempts - 1];
    // A kind this process does not run (a newer process's, during a deploy): retried, maybe elsewhere.
    if (!kind?.run) return fail(`No handler for jobs of kind ${job.kind}`, delay);
    const parsed = kind.payload.safeParse(job.payload);
    // A payload its kind cannot read fails the same way on every attempt: failed for good, at once.
    if (!parsed.success) return fail(payloadRefusal(job.kind, parsed.error.issues), undefined);
    try {
      const result = await kind.run(this.ctx, { ...job, payload: parsed.data });
      await finishJob(this.ctx.db, job.id, result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await fail(message, delay, error instanceof JobRunFailed ? error.progress : undefined);
    }
  }

  /** Polls every `intervalMs` until stopped (each API process runs one). */
  start(intervalMs: number): void {
    const tick = () => {
      this.running ??= this.runOnce()
        .then(() => undefined)
        .catch((error: unknown) => this.ctx.log(`Job poll failed: ${String(error)}`))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
