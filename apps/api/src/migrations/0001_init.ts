// Accounts, sessions, single-use tokens, login attempts, campaigns, creatives, live creatives,
// assets and stored files. Client-owned free-form fields of a campaign or creative live in `body`.
export default /* sql */ `
create table users (
  id text primary key,
  email text not null unique,
  first_name text not null default '',
  last_name text not null default '',
  password_hash text,
  role text not null default 'user' check (role in ('user', 'admin')),
  verified_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now()
);

create table sessions (
  id_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  remember boolean not null,
  expires_at timestamptz not null,
  ip text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_id);

create table tokens (
  token_hash text primary key,
  kind text not null check (kind in ('verify', 'reset', 'invite')),
  email text not null,
  payload jsonb not null default '{}',
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index tokens_email_idx on tokens (email, kind);

create table login_attempts (
  key text not null,
  attempted_at timestamptz not null default now()
);
create index login_attempts_key_idx on login_attempts (key, attempted_at);

create table campaigns (
  id text primary key,
  owner_id text not null references users (id) on delete cascade,
  name text not null,
  body jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  data_pulled_at timestamptz
);
create index campaigns_owner_idx on campaigns (owner_id, created_at desc);
create index campaigns_created_idx on campaigns (created_at desc);

create table creatives (
  id text primary key,
  campaign_id text not null references campaigns (id) on delete cascade,
  name text not null,
  type text not null,
  body jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index creatives_campaign_idx on creatives (campaign_id, created_at);

create table live_creatives (
  id text primary key,
  creative_id text references creatives (id) on delete set null,
  campaign_id text not null references campaigns (id) on delete cascade,
  snapshot jsonb not null,
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
create index live_creatives_creative_idx on live_creatives (creative_id, created_at);
create index live_creatives_campaign_idx on live_creatives (campaign_id);

create table files (
  name text primary key,
  owner_id text references users (id) on delete cascade,
  public boolean not null default false,
  content_type text not null,
  size integer not null,
  created_at timestamptz not null default now()
);

create table assets (
  id text primary key,
  creative_id text not null references creatives (id) on delete cascade,
  file_name text not null references files (name),
  filename text not null,
  name text not null,
  upload_type text not null,
  width integer,
  height integer,
  duration double precision,
  created_at timestamptz not null default now()
);
create index assets_creative_idx on assets (creative_id, created_at);
`;
