// The webhook tables (migration 0025, docs/alerts.md "Webhooks"): an account's endpoints (the secret
// kept to sign with; answers never carry it, except once when it is made), each message sent to one
// (webhook_deliveries: its webhook-id, body and state) and each attempt to deliver it (webhook_attempts).
import type { Queryable } from '../database';

export interface WebhookEndpointRow {
  id: string;
  user_id: string;
  url: string;
  description: string;
  secret: string;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
  secret_rotated_at: Date | null;
}

export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  event: string;
  alert_id: string | null;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  created_at: Date;
  finished_at: Date | null;
}

export interface WebhookAttemptRow {
  attempt: number;
  at: Date;
  status: number | null;
  error: string | null;
  duration_ms: number;
}

export function listWebhookEndpoints(db: Queryable, userId: string): Promise<WebhookEndpointRow[]> {
  return db.query<WebhookEndpointRow>(
    'select * from webhook_endpoints where user_id = $1 order by created_at, id',
    [userId],
  );
}

/** The enabled endpoints of these accounts (where an evaluation's notices go). */
export function listEnabledEndpointsOf(
  db: Queryable,
  userIds: readonly string[],
): Promise<WebhookEndpointRow[]> {
  return db.query<WebhookEndpointRow>(
    'select * from webhook_endpoints where user_id = any($1::text[]) and enabled order by created_at, id',
    [[...userIds]],
  );
}

export async function findWebhookEndpoint(
  db: Queryable,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.query<WebhookEndpointRow>('select * from webhook_endpoints where id = $1', [id]);
  return row;
}

/** Locks an endpoint's row until the transaction ends (one test queued at a time per endpoint). */
export async function lockWebhookEndpoint(db: Queryable, id: string): Promise<void> {
  await db.query('select id from webhook_endpoints where id = $1 for update', [id]);
}

/**
 * The webhook-id of the endpoint's test message not tried yet, if one is waiting: its job still pending or
 * running (a job abandoned by a process that died never runs again, and its message is not waiting).
 */
export async function findWaitingTest(db: Queryable, endpointId: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `select d.id from webhook_deliveries d
      where d.endpoint_id = $1 and d.event = 'webhook.test' and d.state = 'pending'
        and exists (select 1 from jobs j where j.key = 'webhook:' || d.id and j.state in ('pending', 'running'))
      order by d.created_at desc, d.id desc limit 1`,
    [endpointId],
  );
  return row?.id;
}

export async function countWebhookEndpoints(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from webhook_endpoints where user_id = $1',
    [userId],
  );
  return row?.count ?? 0;
}

export async function insertWebhookEndpoint(
  db: Queryable,
  endpoint: Pick<WebhookEndpointRow, 'id' | 'user_id' | 'url' | 'description' | 'secret' | 'enabled'>,
): Promise<WebhookEndpointRow> {
  const [row] = await db.query<WebhookEndpointRow>(
    `insert into webhook_endpoints (id, user_id, url, description, secret, enabled)
     values ($1, $2, $3, $4, $5, $6) returning *`,
    [endpoint.id, endpoint.user_id, endpoint.url, endpoint.description, endpoint.secret, endpoint.enabled],
  );
  return row as WebhookEndpointRow;
}

export async function updateWebhookEndpoint(
  db: Queryable,
  id: string,
  fields: Pick<WebhookEndpointRow, 'url' | 'description' | 'enabled'>,
): Promise<WebhookEndpointRow> {
  const [row] = await db.query<WebhookEndpointRow>(
    `update webhook_endpoints set url = $2, description = $3, enabled = $4, updated_at = now()
      where id = $1 returning *`,
    [id, fields.url, fields.description, fields.enabled],
  );
  return row as WebhookEndpointRow;
}

export async function updateWebhookSecret(
  db: Queryable,
  id: string,
  secret: string,
): Promise<WebhookEndpointRow> {
  const [row] = await db.query<WebhookEndpointRow>(
    `update webhook_endpoints set secret = $2, secret_rotated_at = now(), updated_at = now()
      where id = $1 returning *`,
    [id, secret],
  );
  return row as WebhookEndpointRow;
}

export async function deleteWebhookEndpoint(db: Queryable, id: string): Promise<void> {
  await db.query('delete from webhook_endpoints where id = $1', [id]);
}

export async function insertWebhookDelivery(
  db: Queryable,
  delivery: Pick<WebhookDeliveryRow, 'id' | 'endpoint_id' | 'event' | 'alert_id' | 'body'>,
): Promise<void> {
  await db.query(
    'insert into webhook_deliveries (id, endpoint_id, event, alert_id, body) values ($1, $2, $3, $4, $5)',
    [delivery.id, delivery.endpoint_id, delivery.event, delivery.alert_id, delivery.body],
  );
}

/** A delivery with its endpoint's URL, current secret and state, and whether its account is disabled. */
export interface DeliveryTargetRow extends WebhookDeliveryRow {
  url: string;
  secret: string;
  enabled: boolean;
  account_disabled: boolean;
}

/** A delivery with what sending it needs; undefined when it or its endpoint is gone. */
export async function findDeliveryTarget(db: Queryable, id: string): Promise<DeliveryTargetRow | undefined> {
  const [row] = await db.query<DeliveryTargetRow>(
    `select d.*, e.url, e.secret, e.enabled, u.disabled_at is not null as account_disabled
       from webhook_deliveries d
       join webhook_endpoints e on e.id = d.endpoint_id
       join users u on u.id = e.user_id
      where d.id = $1`,
    [id],
  );
  return row;
}

/** One attempt written down, and the delivery's state after it (`finished` when it will not be retried). */
export async function recordWebhookAttempt(
  db: Queryable,
  attempt: {
    deliveryId: string;
    attempt: number;
    status: number | null;
    error: string | null;
    durationMs: number;
    state: WebhookDeliveryRow['state'];
  },
): Promise<void> {
  await db.query(
    `with attempt as (
       insert into webhook_attempts (delivery_id, attempt, status, error, duration_ms)
       values ($1, $2, $3, $4, $5)
       on conflict (delivery_id, attempt) do nothing)
     update webhook_deliveries set attempts = greatest(attempts, $2), state = $6,
            finished_at = case when $6 = 'pending' then null else now() end
      where id = $1`,
    [attempt.deliveryId, attempt.attempt, attempt.status, attempt.error, attempt.durationMs, attempt.state],
  );
}

/** An endpoint's latest deliveries, newest first, each with its attempts (oldest first). */
export function listWebhookDeliveries(
  db: Queryable,
  endpointId: string,
  limit: number,
): Promise<(WebhookDeliveryRow & { attempt_rows: WebhookAttemptRow[] })[]> {
  return db.query<WebhookDeliveryRow & { attempt_rows: WebhookAttemptRow[] }>(
    `select d.*, coalesce((select json_agg(json_build_object('attempt', t.attempt, 'at', t.at,
                   'status', t.status, 'error', t.error, 'duration_ms', t.duration_ms) order by t.attempt)
                 from webhook_attempts t where t.delivery_id = d.id), '[]') as attempt_rows
       from webhook_deliveries d where d.endpoint_id = $1
      order by d.created_at desc, d.id desc limit $2`,
    [endpointId, limit],
  );
}

/**
 * Deletes up to `limit` of the deliveries that finished (delivered, or failed for good) before `before`,
 * their attempts with them; answers how many went. A pending delivery is never deleted.
 */
export async function deleteFinishedDeliveriesBefore(
  db: Queryable,
  before: Date,
  limit: number,
): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `delete from webhook_deliveries where id in (
       select id from webhook_deliveries where finished_at is not null and finished_at < $1
        order by finished_at limit $2)
     returning id`,
    [before, limit],
  );
  return rows.length;
}
