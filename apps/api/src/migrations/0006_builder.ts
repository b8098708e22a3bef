// The ad builder's drafts: a user's saved canvases (the document as JSON), each with the creative it
// exports to once there is one (the creative's deletion leaves the draft without it).
export default /* sql */ `
create table builder_drafts (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  name text not null,
  document jsonb not null,
  creative_id text references creatives (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index builder_drafts_user_idx on builder_drafts (user_id, updated_at desc);
`;
