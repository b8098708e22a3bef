// Outgoing webhooks, as the Standard Webhooks specification (standardwebhooks.com) has them, so a
// receiver verifies ours with that specification's libraries: each delivery is a JSON body POSTed with
// the headers of ./webhook-signing.ts. Deliveries are jobs (services/jobs): a failed attempt (no answer,
// or not a 2xx) is retried on the schedule of ./webhook-retries.ts for a day. No redirect is followed,
// and a destination that is or resolves to a private address is refused (./webhook-destinations.ts),
// when the URL is checked and again when the delivery connects (a name can be re-pointed in between),
// unless an admin allowed the host (WEBHOOK_ALLOWED_HOSTS).
import http from 'node:http';
import https from 'node:https';
import { MESSAGES } from '@adconsole/domain';
import { z } from 'zod';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { enqueueJob } from '../../db/queries/jobs';
import {
  findDeliveryTarget,
  insertWebhookDelivery,
  recordWebhookAttempt,
  type WebhookEndpointRow,
} from '../../db/queries/webhooks';
import { newId } from '../ids';
import { type ClaimedJob, type JobResult, rowJobKind } from '../jobs/kinds';
import { guardedLookup, type WebhookRules, webhookUrl } from './webhook-destinations';
import { AttemptFailed, answeredWith, attemptFailure, timedOut } from './webhook-failures';
import { WEBHOOK_RETRY_DELAYS_MS } from './webhook-retries';
import { signWebhook } from './webhook-signing';

/**
 * A receiver's origin, which is what the server's log and a job's row name: a webhook's path and query
 * often hold its secret (a chat service's hook token).
 */
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '(an unreadable URL)';
  }
};

/** The longest a receiver may take to answer one attempt. */
const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * POSTs one signed delivery; resolves with the receiver's status when it is a 2xx, throws an
 * AttemptFailed otherwise (its message the failure's class, ./webhook-failures.ts).
 * The whole attempt, from connecting to the answer's status line and headers, has `timeoutMs` (15 s):
 * a receiver that trickles its answer a byte at a time would otherwise hold the job runner, which runs
 * a process's jobs one after another, for as long as it likes. The answer's body is never read.
 */
export function postWebhook(
  target: { url: string; secret: string },
  message: { id: string; body: string },
  options: WebhookRules & { now?: () => number; timeoutMs?: number },
): Promise<number> {
  const url = webhookUrl(target.url, options);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const headers = {
    ...signWebhook({
      id: message.id,
      timestamp: (options.now ?? Date.now)() / 1000,
      body: message.body,
      secret: target.secret,
    }),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(message.body)),
    'user-agent': 'Adconsole-Webhooks/1',
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: timeoutMs,
        lookup: guardedLookup(host, options.allowedHosts.includes(host)),
      },
      (response) => {
        clearTimeout(deadline);
        // The status is the answer: the body is not waited for (nor read).
        response.destroy();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve(status);
        reject(answeredWith(status));
      },
    );
    const late = () => request.destroy(timedOut(timeoutMs));
    const deadline = setTimeout(late, timeoutMs);
    request.on('timeout', late);
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(attemptFailure(error, { host, timeoutMs }));
    });
    request.end(message.body);
  });
}

export const webhookKind = 'webhook';
/** Test messages ("Send a test"): their own kind, tried once (a failed test is not retried for a day). */
const webhookTestKind = 'webhook-test';

/**
 * Queues one message to one endpoint (in the caller's transaction, so it lands with what it tells), as
 * a job of the endpoint's owner; returns its webhook-id. A test message (`test`) is tried once.
 */
export async function queueWebhook(
  tx: Queryable,
  endpoint: Pick<WebhookEndpointRow, 'id' | 'user_id'>,
  message: { event: string; data: unknown; alertId?: string | null; at?: Date; test?: boolean },
): Promise<string> {
  const id = `msg_${newId()}`;
  const body = JSON.stringify({
    type: message.event,
    timestamp: (message.at ?? new Date()).toISOString(),
    data: message.data,
  });
  await insertWebhookDelivery(tx, {
    id,
    endpoint_id: endpoint.id,
    event: message.event,
    alert_id: message.alertId ?? null,
    body,
  });
  await enqueueJob(tx, {
    id: newId(),
    kind: message.test ? webhookTestKind : webhookKind,
    key: `webhook:${id}`,
    payload: { deliveryId: id },
    runAt: new Date(),
    accountId: endpoint.user_id,
  });
  return id;
}

/**
 * One attempt of a delivery: signed with the endpoint's secret of the moment (a rotated secret signs the
 * retries), written to the delivery log as delivered, pending (when `retryDelaysMs` has a next wait) or
 * failed.
 */
async function deliverOnce(
  ctx: Context,
  job: ClaimedJob<{ deliveryId: string }>,
  retryDelaysMs: readonly number[],
): Promise<JobResult> {
  const { deliveryId } = job.payload;
  const target = await findDeliveryTarget(ctx.db, deliveryId);
  // The endpoint was deleted (its deliveries with it): nothing to send.
  if (!target) return { id: deliveryId, skipped: 'endpoint deleted' };
  const started = Date.now();
  const record = (status: number | null, error: string | null, state: 'pending' | 'delivered' | 'failed') =>
    recordWebhookAttempt(ctx.db, {
      deliveryId,
      attempt: job.attempts,
      status,
      error,
      durationMs: Date.now() - started,
      state,
    });
  // A disabled account is silent: what it had queued is not sent, now or when it is enabled again.
  if (target.account_disabled) {
    await record(null, MESSAGES.webhookAccountDisabled, 'failed');
    return { id: deliveryId, skipped: 'account disabled' };
  }
  if (!target.enabled) {
    await record(null, MESSAGES.webhookEndpointDisabled, 'failed');
    return { id: deliveryId, skipped: 'endpoint disabled' };
  }
  try {
    const status = await postWebhook(target, { id: deliveryId, body: target.body }, ctx.config.webhooks);
    await record(status, null, 'delivered');
    // What the row keeps once delivered: the message and the answer, never the endpoint's secret.
    return { id: deliveryId, url: originOf(target.url), status };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The raw connection error is the operator's, never the delivery log's (./webhook-failures.ts).
    if (error instanceof AttemptFailed && error.cause !== undefined)
      ctx.log(
        `Webhook ${deliveryId} attempt ${job.attempts} to ${originOf(target.url)}: ${String(error.cause)}`,
      );
    const retried = retryDelaysMs[job.attempts - 1] !== undefined;
    await record(
      error instanceof AttemptFailed ? error.status : null,
      message,
      retried ? 'pending' : 'failed',
    );
    throw error;
  }
}

/** Webhook messages of one kind as a job kind: one attempt per run, retried after `retryDelaysMs`. */
const deliveryKind = (kind: string, retryDelaysMs: readonly number[]) =>
  rowJobKind({
    kind,
    payload: z.object({ deliveryId: z.string() }),
    retryDelaysMs,
    run: (ctx, job) => deliverOnce(ctx, job, retryDelaysMs),
  });

/** Webhook deliveries: retried on the schedule of ./webhook-retries.ts for a day, then failed for good. */
export const webhookDeliveries = deliveryKind(webhookKind, WEBHOOK_RETRY_DELAYS_MS);

/**
 * Test messages: tried once, failed at once when the receiver fails (the user who pressed "Send a test"
 * reads the answer in the delivery log and sends another; a day of retries would only load the queue).
 */
export const webhookTests = deliveryKind(webhookTestKind, []);
