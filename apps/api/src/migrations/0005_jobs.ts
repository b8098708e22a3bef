// Background work shared by every API process: a jobs table polled with leases and
// FOR UPDATE SKIP LOCKED. A job's key is unique, so a scheduled report's period is queued once; a job
// being sent when its process dies is not sent again (at most once), and a failed send is retried
// with back-off, then recorded as failed.
export default /* sql */ `
create table jobs (
  id text primary key,
  kind text not null,
  key text not null unique,
  payload jsonb not null default '{}',
  state text not null default 'pending' check (state in ('pending', 'running', 'done', 'failed', 'abandoned')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due_idx on jobs (state, run_at);
`;
