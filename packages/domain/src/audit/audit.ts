// The audit log's vocabulary: what a change can be to, how it is written down, and how an entry reads
// on the wire. The API records one entry per audited call, inside the call's own transaction
// (apps/api/src/services/audit/record.ts); docs/architecture.md, "How to audit a change".
import { z } from 'zod/mini';

/** Everything a change is recorded for. A route that changes one of these declares it (`audit`). */
export const auditEntities = [
  'campaign',
  'creative',
  'liveCreative',
  'placement',
  'abTest',
  'conversionAction',
  'shareLink',
  'schedule',
  'user',
  'invitation',
  'apiToken',
  'events',
  'alert',
  'alertRules',
  'webhook',
  'deliveryRules',
  'advertiser',
  'insertionOrder',
  'creativeApproval',
  'previewLink',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditActions = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof auditActions)[number];

/** A field's value before and after; null where the entity did not exist (created) or no longer does. */
export type AuditChanges = Record<string, [unknown, unknown]>;

/** A value that must never be written into the log (a password, a token's secret): only that it changed. */
export const AUDIT_REDACTED = '(changed)';

/**
 * The fields that differ between two snapshots of an entity, each as [before, after]. A create has
 * every field of `after` (before null), a delete every field of `before`; a field equal on both sides
 * (compared as JSON) is left out.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of [...keys].sort()) {
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = [was, now];
  }
  return changes;
}

/** The action a pair of snapshots describes. */
export const auditActionOf = (
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): AuditAction => (before === null ? 'create' : after === null ? 'delete' : 'update');

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.nullable(z.object({ id: z.string(), email: z.string() })),
  entity: z.enum(auditEntities),
  entityId: z.string(),
  campaignId: z.nullable(z.string()),
  action: z.enum(auditActions),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  route: z.nullable(z.string()),
  /** The thing's name as the history last knew it, when this entry's changes do not say it. */
  entityName: z.optional(z.nullable(z.string())),
  /** The names of the creatives and placements this entry's changes name by id (docs/console.md, "History"). */
  names: z.optional(z.record(z.string(), z.string())),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
