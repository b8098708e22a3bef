// Placements (docs/serving.md, "Placements": one tag, several creatives): a campaign's creatives of one kind and size that
// one tag serves in rotation. `items` is the rotation as the domain's placementRotationSchema has it
// ([{creativeId, weight, paused}], in order: sequential rotation follows it); kind and size are the
// creatives', fixed at creation (tags on publishers' pages expect them). A deleted campaign takes its
// placements with it; a deleted creative stays named in `items` and simply never serves.
export default /* sql */ `
create table placements (
  id text primary key,
  campaign_id text not null references campaigns (id) on delete cascade,
  name text not null,
  kind text not null check (kind in ('Banner', 'VAST', 'VPAID')),
  width integer not null,
  height integer not null,
  mode text not null check (mode in ('even', 'weighted', 'sequential', 'optimized')),
  items jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index placements_campaign_idx on placements (campaign_id, created_at);
`;
