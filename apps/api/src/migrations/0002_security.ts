// Security review fixes: sign-in attempts counted atomically (one lock row per key, each attempt with
// an id so a successful sign-in can take its own attempt back), and a log of the link mails sent to
// each address so one address cannot be flooded.
export default /* sql */ `
create table login_keys (
  key text primary key
);

alter table login_attempts add column id text;
create index login_attempts_id_idx on login_attempts (id);

create table mail_sends (
  address text not null,
  kind text not null,
  sent_at timestamptz not null default now()
);
create index mail_sends_address_idx on mail_sends (address, sent_at);

create index sessions_last_seen_idx on sessions (last_seen_at);
`;
