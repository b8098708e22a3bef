// What leaves the server is kept for a while and then goes (docs/privacy.md, "What is stored, and for how
// long"): the mail outbox (DATA_DIR/outbox, where mail goes without an SMTP server: each message, with
// its recipient's address and its links, as an .eml file) MAIL_OUTBOX_KEPT_DAYS; the webhooks' finished
// deliveries (their bodies and attempts) WEBHOOK_LOG_KEPT_DAYS, a pending one never. One sweep an hour
// across the fleet; the outbox is the embedded setup's (one process, its DATA_DIR), which a fleet with
// SMTP does not write.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAIL_OUTBOX_KEPT_DAYS, WEBHOOK_LOG_KEPT_DAYS } from '@adconsole/domain';
import type { Context } from '../../context';
import { deleteFinishedDeliveriesBefore } from '../../db/queries/webhooks';
import type { JobKind } from '../jobs/kinds';

const DAY_MS = 86_400_000;
const BATCH = 10_000;

/** The outbox's messages last written before `now` − MAIL_OUTBOX_KEPT_DAYS, deleted; answers how many. */
export async function sweepMailOutbox(outboxDir: string, now: number): Promise<number> {
  const before = now - MAIL_OUTBOX_KEPT_DAYS * DAY_MS;
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return 0; // No outbox yet (or mail goes through SMTP): nothing kept.
  }
  let deleted = 0;
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const file = path.join(outboxDir, name);
    const written = await stat(file).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    if (written !== undefined && written < before) {
      await rm(file, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}

/** The webhooks' deliveries finished before `now` − WEBHOOK_LOG_KEPT_DAYS, deleted; answers how many. */
export async function sweepWebhookLog(ctx: Pick<Context, 'db'>, now: number): Promise<number> {
  const before = new Date(now - WEBHOOK_LOG_KEPT_DAYS * DAY_MS);
  let deleted = 0;
  for (let gone = BATCH; gone === BATCH; deleted += gone)
    gone = await deleteFinishedDeliveriesBefore(ctx.db, before, BATCH);
  return deleted;
}

/** Both sweeps as a job kind: once an hour across the fleet, under its lease. */
export const outboundSweep: JobKind = {
  kind: 'sweep-outbound',
  onceEveryMs: 60 * 60_000,
  queueDue: async (ctx) => {
    const now = ctx.clock?.() ?? Date.now();
    await sweepWebhookLog(ctx, now);
    await sweepMailOutbox(path.join(ctx.config.dataDir, 'outbox'), now);
  },
};
