// The second security review (docs/security.md): each HTML5 ZIP's unpacked files, recorded once when
// it is unpacked (a refused archive is recorded with no files, so it is never inflated again); the
// recipients of scheduled reports (double opt-in), the per-user daily mail quota, report downloads.
export default /* sql */ `
create table html5_archives (
  file_name text primary key,
  files jsonb not null,
  unpacked_at timestamptz not null default now()
);

-- Scheduled-report recipients: confirmed (double opt-in; company addresses at once) or unsubscribed,
-- each with the token of its links.
create table report_recipients (
  schedule_id text not null references scheduled_reports (id) on delete cascade,
  address text not null,
  token text not null unique,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (schedule_id, address)
);

-- Mails sent for a user's schedules (reports, opt-in requests): the daily quota.
create table user_mail_sends (
  user_id text not null,
  kind text not null,
  sent_at timestamptz not null default now()
);
create index user_mail_sends_user_idx on user_mail_sends (user_id, sent_at);

-- Report file downloads by caller ('user:<id>' or 'token:<share token>'): the ones being built (the
-- queue depth), the hourly count per share link, and finished files an identical request reuses.
create table report_downloads (
  id text primary key,
  caller text not null,
  request_key text not null,
  state text not null default 'building' check (state in ('building', 'done')),
  file_name text,
  created_at timestamptz not null default now()
);
create index report_downloads_caller_idx on report_downloads (caller, created_at);
create index report_downloads_key_idx on report_downloads (request_key, created_at);

-- Upload tickets are single-use: the PUT that takes one marks it.
alter table file_upload_tickets add column used_at timestamptz;
`;
