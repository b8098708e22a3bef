// The audit log's rows (migration 0021): written by services/audit/record.ts, read by the log's readers.
import type { AuditAction, AuditChanges, AuditEntity } from '@adconsole/domain';
import type { Queryable } from '../database';

export interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_email: string | null;
  entity: AuditEntity;
  entity_id: string;
  campaign_id: string | null;
  action: AuditAction;
  changes: AuditChanges;
  route: string | null;
  request_id: string | null;
}

export interface NewAuditRow {
  actorId: string | null;
  actorEmail: string | null;
  entity: AuditEntity;
  entityId: string;
  campaignId: string | null;
  action: AuditAction;
  changes: AuditChanges;
  route: string | null;
  requestId: string | null;
  /** When it happened: now, unless a history is written after the fact (the demo's). */
  at?: Date;
}

// The time is clock_timestamp(), the moment the row is written, not now(), the moment its transaction
// began: changes serialised by a lock then list in the order they took effect (two transactions that
// began in one order and took the lock in the other listed backwards on PostgreSQL).
export async function insertAuditRow(db: Queryable, row: NewAuditRow): Promise<void> {
  await db.query(
    `insert into audit_log (actor_id, actor_email, entity, entity_id, campaign_id, action, changes, route, request_id, at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, clock_timestamp()))`,
    [
      row.actorId,
      row.actorEmail,
      row.entity,
      row.entityId,
      row.campaignId,
      row.action,
      row.changes,
      row.route,
      row.requestId,
      row.at ?? null,
    ],
  );
}

/** The newest entries first: of one campaign (its creatives, links, schedules...), or all of them. */
export function listAuditRows(
  db: Queryable,
  filter: { campaignId?: string | undefined; limit: number },
): Promise<AuditRow[]> {
  const one = filter.campaignId !== undefined;
  return db.query<AuditRow>(
    `select id::text as id, at, actor_id, actor_email, entity, entity_id, campaign_id, action, changes, route, request_id
       from audit_log ${one ? 'where campaign_id = $2' : ''} order by at desc, id desc limit $1`,
    one ? [filter.limit, filter.campaignId] : [filter.limit],
  );
}

/** Deletes up to `limit` of the oldest entries made before `before`; answers how many went. */
export async function deleteAuditRowsBefore(db: Queryable, before: Date, limit: number): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `delete from audit_log where id in (select id from audit_log where at < $1 order by at limit $2)
     returning id::text as id`,
    [before, limit],
  );
  return rows.length;
}
