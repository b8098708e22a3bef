// Reports: share links (random tokens of 256 bits, revocable, optionally expiring), scheduled reports,
// and generated files that expire (report downloads live 24 hours) or belong to a share link.
export default /* sql */ `
create table share_tokens (
  token text primary key,
  campaign_id text not null references campaigns (id) on delete cascade,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  revoked_at timestamptz
);
create index share_tokens_campaign_idx on share_tokens (campaign_id, created_at);

create table scheduled_reports (
  id text primary key,
  campaign_id text not null references campaigns (id) on delete cascade,
  created_by text references users (id) on delete set null,
  name text not null,
  frequency text not null check (frequency in ('Daily', 'Weekly', 'Monthly', 'On campaign end')),
  report_type text not null check (report_type in ('Summary', 'Full')),
  format text not null check (format in ('pdf', 'csv', 'xlsx', 'xlsx-pivot')),
  timezone text not null,
  with_video boolean not null default false,
  recipients jsonb not null,
  next_run_at timestamptz,
  last_run_at timestamptz,
  created_at timestamptz not null default now()
);
create index scheduled_reports_campaign_idx on scheduled_reports (campaign_id, created_at);
create index scheduled_reports_due_idx on scheduled_reports (next_run_at);

alter table files add column expires_at timestamptz;
alter table files add column share_token text references share_tokens (token) on delete cascade;
create index files_expires_idx on files (expires_at) where expires_at is not null;
`;
