// Background jobs shared by every API process: a jobs table polled with leases and
// FOR UPDATE SKIP LOCKED (no pg-boss or graphile-worker: they need Node 22 or LISTEN on a pool, which
// PGlite lacks). Each poll queues what is due (scheduled reports whose next run has come), claims a few
// pending jobs, and runs them. A job's key is unique, so a period is queued once; a job claimed by a
// process that then died is not run again (it may have sent its mail: at most once), and a failed run
// is retried with back-off, then recorded as failed. Periodic clean-ups take a lease in the database
// first (job_leases), so across a fleet of processes each runs once per period, not once per process.
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
import { sweepExpiredFiles } from '../file-rows';
import { newId } from '../ids';
import { queueDueReports, runReportDelivery } from './report-deliveries';

/** Back-off after the nth failed attempt (1 min, 5 min, 15 min, 1 h), then failed for good. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];
export const LEASE_MS = 10 * 60_000;
/** The sweep of expired files (report downloads): once every 10 minutes across the fleet. */
export const SWEEP_LEASE = 'sweep-expired-files';
export const SWEEP_EVERY_MS = 10 * 60_000;
export const ABANDONED =
  'The process running this job stopped before it finished; it is not run again, so no one gets a report twice.';

const handlers: Record<string, (ctx: Context, job: JobRow) => Promise<Record<string, unknown> | undefined>> =
  {
    'report-delivery': runReportDelivery,
  };

export class JobRunner {
  readonly worker = `${hostname()}:${process.pid}:${newId().slice(0, 6)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly ctx: Context) {}

  /** One poll: queue what is due, mark abandoned leases, claim and run up to `limit` jobs. */
  async runOnce(limit = 5): Promise<number> {
    const { db } = this.ctx;
    await queueDueReports(this.ctx);
    await abandonExpiredLeases(db, ABANDONED);
    const claimed = await db.transaction((tx) =>
      claimDueJobs(tx, { worker: this.worker, leaseMs: LEASE_MS, limit }),
    );
    for (const job of claimed) await this.run(job);
    if (await takeLease(db, SWEEP_LEASE, this.worker, SWEEP_EVERY_MS)) await sweepExpiredFiles(this.ctx);
    return claimed.length;
  }

  private async run(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const payload = await handler(this.ctx, job);
      await finishJob(this.ctx.db, job.id, payload);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const partial = (error as { payload?: Record<string, unknown> }).payload;
      const delay = RETRY_DELAYS_MS[job.attempts - 1];
      this.ctx.log(`Job ${job.kind} ${job.key} failed (attempt ${job.attempts}): ${message}`);
      await recordJobFailure(this.ctx.db, job.id, { error: message, retryInMs: delay, payload: partial });
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
