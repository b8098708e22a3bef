// The audit log: one row per audited change (apps/api/src/services/audit/record.ts), written in the
// transaction of the change itself, so a change and its entry land together or not at all. `changes`
// holds only the fields that differed, each as [before, after]; `route` names the call that made it
// (null for the server's own jobs). Actors are kept by id and e-mail: a deleted user's entries stay.
export default /* sql */ `
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  actor_id text,
  actor_email text,
  entity text not null,
  entity_id text not null,
  campaign_id text,
  action text not null check (action in ('create', 'update', 'delete')),
  changes jsonb not null,
  route text,
  request_id text
);
create index audit_log_campaign on audit_log (campaign_id, at desc, id desc);
create index audit_log_entity on audit_log (entity, entity_id, at desc, id desc);
`;
