// An account's webhook endpoints (docs/alerts.md "Webhooks"): made with a `whsec_` secret
// answered once (never again: a list shows none), the secret rotated on demand (also answered once),
// the URL checked against private destinations when saved (and again at each delivery), a test message
// on demand, and the delivery log of each. The owner's own: no one else reads a secret, rotates it, sends
// a test or reads the log. An administrator may list any account's endpoints (never their secrets),
// switch one off or on, and delete one: the way to silence an account's webhooks without its owner
// (docs/security.md, "Round 4"). Every change audited, the secret never written down.
import {
  ApiError,
  AUDIT_REDACTED,
  MAX_WEBHOOK_ENDPOINTS,
  MESSAGES,
  type UpdateWebhookRequest,
  type UserWebhookEnabledRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookRules,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { findUserById } from '../../db/queries/users';
import {
  countWebhookEndpoints,
  deleteWebhookEndpoint,
  findWaitingTest,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookDeliveries as listDeliveryRows,
  listWebhookEndpoints,
  lockWebhookEndpoint,
  updateWebhookEndpoint,
  updateWebhookSecret,
  type WebhookEndpointRow,
} from '../../db/queries/webhooks';
import { recordChange, type Snapshot } from '../audit/record';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { checkWebhookDestination } from '../outbound/webhook-destinations';
import { newWebhookSecret } from '../outbound/webhook-signing';
import { queueWebhook } from '../outbound/webhooks';

const DELIVERIES_LISTED = 50;

const endpointAnswer = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: row.enabled,
  createdAt: new Date(row.created_at).toISOString(),
  secretRotatedAt: row.secret_rotated_at && new Date(row.secret_rotated_at).toISOString(),
});

const withSecret = (row: WebhookEndpointRow): WebhookEndpointWithSecret => ({
  ...endpointAnswer(row),
  secret: row.secret,
});

const snapshot = (row: WebhookEndpointRow, secretChanged = false): Snapshot => ({
  url: row.url,
  description: row.description,
  enabled: row.enabled,
  ...(secretChanged ? { secret: AUDIT_REDACTED } : {}),
});

async function ownEndpoint(db: Queryable, user: SessionUser, id: string): Promise<WebhookEndpointRow> {
  const row = await findWebhookEndpoint(db, id);
  if (!row || row.user_id !== user.id) throw ApiError.of(404, MESSAGES.webhookNotFound);
  return row;
}

/** Any account's endpoint, for an administrator; 404 when it does not exist. */
async function anyEndpoint(db: Queryable, id: string): Promise<WebhookEndpointRow> {
  const row = await findWebhookEndpoint(db, id);
  if (!row) throw ApiError.of(404, MESSAGES.webhookNotFound);
  return row;
}

/** The URL as saved, once checked: public http(s) without credentials (or a host an admin allowed). */
const checkedUrl = async (ctx: Context, url: string) =>
  (await checkWebhookDestination(url, ctx.config.webhooks)).toString();

export async function listWebhooks(ctx: Context, user: SessionUser): Promise<WebhookEndpoint[]> {
  return (await listWebhookEndpoints(ctx.db, user.id)).map(endpointAnswer);
}

export async function createWebhook(
  ctx: Context,
  user: SessionUser,
  input: { url: string; description?: string | undefined; enabled?: boolean | undefined },
): Promise<WebhookEndpointWithSecret> {
  const url = await checkedUrl(ctx, input.url);
  return ctx.db.transaction(async (tx) => {
    if ((await countWebhookEndpoints(tx, user.id)) >= MAX_WEBHOOK_ENDPOINTS)
      throw ApiError.of(409, MESSAGES.webhookTooMany);
    const row = await insertWebhookEndpoint(tx, {
      id: newId(),
      user_id: user.id,
      url,
      description: input.description ?? '',
      secret: newWebhookSecret(),
      enabled: input.enabled ?? true,
    });
    await recordChange(tx, user, {
      entity: 'webhook',
      entityId: row.id,
      campaignId: null,
      before: null,
      after: snapshot(row, true),
    });
    return withSecret(row);
  });
}

export async function updateWebhook(
  ctx: Context,
  user: SessionUser,
  input: UpdateWebhookRequest,
): Promise<WebhookEndpoint> {
  const before = await ownEndpoint(ctx.db, user, input.id);
  const url = input.url === before.url ? before.url : await checkedUrl(ctx, input.url);
  return ctx.db.transaction(async (tx) => {
    const after = await updateWebhookEndpoint(tx, before.id, {
      url,
      description: input.description ?? before.description,
      enabled: input.enabled,
    });
    await recordChange(tx, user, {
      entity: 'webhook',
      entityId: before.id,
      campaignId: null,
      before: snapshot(before),
      after: snapshot(after),
    });
    return endpointAnswer(after);
  });
}

/** Deletes an endpoint with its delivery log; its queued retries find nothing to send. */
export async function deleteWebhook(ctx: Context, user: SessionUser, id: string): Promise<null> {
  return deleteEndpoint(ctx, user, await ownEndpoint(ctx.db, user, id));
}

/** An endpoint deleted by `user` (its owner, or an administrator), audited in the same transaction. */
async function deleteEndpoint(ctx: Context, user: SessionUser, before: WebhookEndpointRow): Promise<null> {
  const { id } = before;
  await ctx.db.transaction(async (tx) => {
    await deleteWebhookEndpoint(tx, id);
    await recordChange(tx, user, {
      entity: 'webhook',
      entityId: id,
      campaignId: null,
      before: snapshot(before),
      after: null,
    });
  });
  return null;
}

/** A new secret for the endpoint, answered once; the old one stops signing at once (retries too). */
export async function rotateWebhookSecret(
  ctx: Context,
  user: SessionUser,
  id: string,
): Promise<WebhookEndpointWithSecret> {
  const before = await ownEndpoint(ctx.db, user, id);
  return ctx.db.transaction(async (tx) => {
    const after = await updateWebhookSecret(tx, id, newWebhookSecret());
    await recordChange(tx, user, {
      entity: 'webhook',
      entityId: id,
      campaignId: null,
      before: snapshot(before),
      after: snapshot(after, true),
    });
    return withSecret(after);
  });
}

/**
 * Queues a `webhook.test` message to the endpoint, delivered and logged as any other but tried once (a
 * failed test is not retried). A test asked for while the endpoint's last one waits for its attempt is
 * that one: answered its webhook-id, nothing more queued (the route also limits tests per user).
 */
export async function testWebhook(ctx: Context, user: SessionUser, id: string): Promise<{ id: string }> {
  const endpoint = await ownEndpoint(ctx.db, user, id);
  const messageId = await ctx.db.transaction(async (tx) => {
    await lockWebhookEndpoint(tx, endpoint.id);
    const waiting = await findWaitingTest(tx, endpoint.id);
    if (waiting) return waiting;
    return queueWebhook(tx, endpoint, {
      event: 'webhook.test',
      data: { message: 'A test message from Adconsole: this endpoint receives alert webhooks.' },
      at: new Date(ctx.clock?.() ?? Date.now()),
      test: true,
    });
  });
  return { id: messageId };
}

/** GET /v1/webhooks/allowed (administrators): the internal hosts and the ports webhooks may use. */
export const webhookRules = (ctx: Context): WebhookRules => ({
  hosts: [...ctx.config.webhooks.allowedHosts],
  ports: [...ctx.config.webhooks.allowedPorts],
});

/** The endpoint's latest 50 deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries(
  ctx: Context,
  user: SessionUser,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  await ownEndpoint(ctx.db, user, endpointId);
  const rows = await listDeliveryRows(ctx.db, endpointId, DELIVERIES_LISTED);
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    alertID: row.alert_id,
    state: row.state,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at && new Date(row.finished_at).toISOString(),
    body: row.body,
    attempts: row.attempt_rows.map((attempt) => ({
      attempt: attempt.attempt,
      at: new Date(attempt.at).toISOString(),
      status: attempt.status,
      error: attempt.error,
      durationMs: attempt.duration_ms,
    })),
  }));
}

/** GET /v1/users/webhooks (administrators): an account's endpoints, oldest first, never their secrets. */
export async function listAccountWebhooks(ctx: Context, userId: string): Promise<WebhookEndpoint[]> {
  if (!(await findUserById(ctx.db, userId))) throw ApiError.of(404, MESSAGES.userNotFound);
  return (await listWebhookEndpoints(ctx.db, userId)).map(endpointAnswer);
}

/** PUT /v1/users/webhooks (administrators): any account's endpoint switched off, or on again; audited. */
export async function setAccountWebhookEnabled(
  ctx: Context,
  admin: SessionUser,
  input: UserWebhookEnabledRequest,
): Promise<WebhookEndpoint> {
  const before = await anyEndpoint(ctx.db, input.id);
  return ctx.db.transaction(async (tx) => {
    const after = await updateWebhookEndpoint(tx, before.id, { ...before, enabled: input.enabled });
    await recordChange(tx, admin, {
      entity: 'webhook',
      entityId: before.id,
      campaignId: null,
      before: snapshot(before),
      after: snapshot(after),
    });
    return endpointAnswer(after);
  });
}

/** DELETE /v1/users/webhooks (administrators): any account's endpoint, with its delivery log; audited. */
export async function deleteAccountWebhook(ctx: Context, admin: SessionUser, id: string): Promise<null> {
  return deleteEndpoint(ctx, admin, await anyEndpoint(ctx.db, id));
}
