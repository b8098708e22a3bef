// One seam for changes: a service that changes an audited entity calls `recordChange` inside its own
// transaction, with the entity's snapshot before and after (flat, readable fields; secrets redacted).
// The entry lands with the change or not at all. Which call made it (route and request id) travels with
// the actor: the route layer hands each handler its own copy of the signed-in user, tied to the call
// (`actorInCall`), so services pass only the user they already have. Not an AsyncLocalStorage: on Node
// 20 one enables promise hooks for the whole process once it first runs, a cost on every promise of
// every request, the ad server's too (docs/serving.md, "What a request costs").
// docs/architecture.md, "How to audit a change".
import { randomUUID } from 'node:crypto';
import { type AuditEntity, type AuditEntry, auditActionOf, changedFields } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { insertAuditRow, listAuditRows } from '../../db/queries/audit-log';
import { withHistoryNames } from './history-names';

/** Who made a change: a signed-in user (or a token's owner); null for the server's own jobs. */
export type Actor = { id: string; email: string } | null;

export type Snapshot = Readonly<Record<string, unknown>>;

export interface Change {
  entity: AuditEntity;
  entityId: string;
  /** The campaign the entity belongs to, so a campaign's history lists it; null when none. */
  campaignId: string | null;
  before: Snapshot | null;
  after: Snapshot | null;
}

/** Which API call made a change. */
export interface AuditCall {
  /** `POST /v1/campaign/new` */
  route: string;
  /** Made when the call records its first entry: the entries one call wrote share it. */
  requestId?: string;
}

/** The call each route-layer copy of a user acts in (weakly: it goes with the copy). */
const calls = new WeakMap<object, AuditCall>();

/**
 * A copy of `user` that acts in `call`: what the route layer hands a handler (http/api-routes.ts), and
 * what a public call that changes an account makes of it (a password reset). A copy per call, so a
 * user object shared by two calls never carries the other's route.
 */
export function actorInCall<T extends { id: string; email: string }>(user: T, call: AuditCall): T {
  const actor = { ...user };
  calls.set(actor, call);
  return actor;
}

/** Writes one audit entry for `change` in `tx` (the transaction that makes the change). */
export async function recordChange(tx: Queryable, actor: Actor, change: Change): Promise<void> {
  const request = actor ? calls.get(actor) : undefined;
  if (request) request.requestId ??= randomUUID();
  await insertAuditRow(tx, {
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    entity: change.entity,
    entityId: change.entityId,
    campaignId: change.campaignId,
    action: auditActionOf(change.before, change.after),
    changes: changedFields(change.before, change.after),
    route: request?.route ?? null,
    requestId: request?.requestId ?? null,
  });
}

/** The entries of one campaign (its own, its creatives', links', schedules'...), newest first, as answered. */
export async function campaignHistory(db: Queryable, campaignId: string, limit = 200): Promise<AuditEntry[]> {
  const rows = await listAuditRows(db, { campaignId, limit });
  const entries = rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email ?? '' },
    entity: row.entity,
    entityId: row.entity_id,
    campaignId: row.campaign_id,
    action: row.action,
    changes: row.changes,
    route: row.route,
  }));
  // Each entry with the names of what it is about and names by id (history-names.ts).
  return withHistoryNames(db, campaignId, entries);
}
