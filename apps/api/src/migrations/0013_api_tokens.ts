// Personal API tokens (docs/api.md, "API tokens"): only the secret's hash is stored; a token ends with
// its owner (on delete cascade) or when revoked (its row is deleted). Each bearer request is logged in
// api_token_uses, so the per-token rate limit holds across API processes.
export default /* sql */ `
create table api_tokens (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  name text not null,
  scopes text[] not null,
  secret_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index api_tokens_user_idx on api_tokens (user_id, created_at);

create table api_token_uses (
  token_id text not null references api_tokens (id) on delete cascade,
  used_at timestamptz not null default now()
);
create index api_token_uses_token_idx on api_token_uses (token_id, used_at);
`;
