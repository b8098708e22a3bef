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
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const entityLabels: Record<AuditEntity, string> = {
  campaign: 'the campaign',
  creative: 'creative',
  liveCreative: 'live creative',
  placement: 'placement',
  abTest: 'A/B test',
  conversionAction: 'conversion action',
  shareLink: 'a share link',
  schedule: 'scheduled report',
  user: 'account',
  invitation: 'invitation',
  apiToken: 'API token',
  events: 'imported events',
  alert: 'alert',
  alertRules: 'alert rules',
  webhook: 'webhook',
  deliveryRules: 'delivery rules',
};

const verbs: Record<AuditAction, string> = { create: 'created', update: 'changed', delete: 'deleted' };

/** A value as the history shows it: text as is, none as an em dash, lists joined, the rest as JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.length === 0 ? '—' : value.join(', ');
  return JSON.stringify(value);
}

/**
 * One line for a history entry: who did what to which thing ("ana@x.test changed creative “Leaderboard”").
 * The thing's name comes from the entry's own `name` field when it has one.
 */
export function auditSummary(entry: Pick<AuditEntry, 'actor' | 'entity' | 'action' | 'changes'>): string {
  const who = entry.actor?.email ?? 'Adconsole';
  const name = entry.changes.name?.[entry.action === 'delete' ? 0 : 1] ?? entry.changes.name?.[0];
  const what = entityLabels[entry.entity];
  const named = typeof name === 'string' && entry.entity !== 'campaign' ? `${what} “${name}”` : what;
  const verb =
    entry.entity === 'liveCreative'
      ? entry.action === 'create'
        ? 'published'
        : 'stopped'
      : verbs[entry.action];
  const live = typeof name === 'string' ? `“${name}”` : 'a live creative';
  return `${who} ${verb} ${entry.entity === 'liveCreative' ? live : named}`;
}
