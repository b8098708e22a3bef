// Alerts (docs/alerts.md): the rules' settings per account (defaults for every campaign that
// sets nothing) and per campaign (overrides and the campaign's chosen recipients), the alerts themselves
// (one row per time a rule fired on a campaign: open until it recovers, then closed; acknowledged and
// muted by a person), the webhook endpoints of an account (the secret kept to sign with, shown to its
// owner once), and the delivery log (one row per message, one per attempt). The outside recipients of
// alert mails confirm first: they are report_recipients rows of the campaign's alert list instead of a
// schedule's, so the opt-in, its links and one-click unsubscribe are the scheduled reports' own.
export default /* sql */ `
create table alert_defaults (
  user_id text primary key references users (id) on delete cascade,
  settings jsonb not null default '{}',
  updated_at timestamptz not null default now()
);

create table campaign_alert_rules (
  campaign_id text primary key references campaigns (id) on delete cascade,
  settings jsonb not null default '{}',
  recipients text[] not null default '{}',
  updated_at timestamptz not null default now()
);

create table alerts (
  id text primary key,
  campaign_id text not null references campaigns (id) on delete cascade,
  rule text not null check (rule in ('delivery-drop', 'delivery-spike', 'no-delivery', 'invalid-traffic',
    'vast-errors', 'pacing-behind', 'flight-ending')),
  status text not null check (status in ('open', 'closed')),
  opened_at timestamptz not null,
  closed_at timestamptz,
  value double precision,
  threshold double precision not null,
  message text not null,
  recovered_message text,
  acknowledged_at timestamptz,
  acknowledged_by text references users (id) on delete set null,
  muted_until timestamptz,
  check ((status = 'open') = (closed_at is null))
);
-- One open alert per rule and campaign; the latest row of a pair is its state (open, or closed when).
create unique index alerts_one_open on alerts (campaign_id, rule) where status = 'open';
create index alerts_campaign_idx on alerts (campaign_id, opened_at desc);

-- Each evaluation run (one across the fleet every 15 minutes): when, by which process, what it did.
create table alert_evaluations (
  id text primary key,
  worker text not null,
  evaluated_at timestamptz not null,
  campaigns integer not null,
  reads integer not null,
  fired integer not null,
  recovered integer not null,
  duration_ms integer not null,
  finished_at timestamptz not null default now()
);
create index alert_evaluations_finished_idx on alert_evaluations (finished_at desc);

create table webhook_endpoints (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  url text not null,
  description text not null default '',
  secret text not null,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret_rotated_at timestamptz
);
create index webhook_endpoints_user_idx on webhook_endpoints (user_id, created_at);

create table webhook_deliveries (
  id text primary key,
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  event text not null,
  alert_id text references alerts (id) on delete set null,
  body text not null,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc);

create table webhook_attempts (
  delivery_id text not null references webhook_deliveries (id) on delete cascade,
  attempt integer not null,
  at timestamptz not null default now(),
  status integer,
  error text,
  duration_ms integer not null,
  primary key (delivery_id, attempt)
);

alter table report_recipients add column campaign_id text references campaigns (id) on delete cascade;
alter table report_recipients drop constraint report_recipients_pkey;
alter table report_recipients alter column schedule_id drop not null;
create unique index report_recipients_schedule_address on report_recipients (schedule_id, address)
  where schedule_id is not null;
create unique index report_recipients_campaign_address on report_recipients (campaign_id, address)
  where campaign_id is not null;
alter table report_recipients add constraint report_recipients_one_list
  check ((schedule_id is null) <> (campaign_id is null));
`;
