// Creative approval and preview links (docs/product.md §4, "Approval"; docs/security.md, "Preview links").
// An advertiser may require approval before its creatives are published. A creative's approval is one
// row: its state, the fingerprint of what it drew when the last step was taken (a later change reads as
// the change's state: the domain's effectiveApprovalState), and that step's actor, time and comment.
// A preview link is a random 256-bit token for one creative or a whole campaign, always expiring (at most
// 90 days), revocable, and gone with the account that made it (deleted: cascade; disabled: not served).
export default /* sql */ `
alter table advertisers add column requires_approval boolean not null default false;

create table creative_approvals (
  creative_id text primary key references creatives (id) on delete cascade,
  state text not null check (state in ('draft', 'in-review', 'approved', 'changes-requested')),
  drawn_hash text not null,
  actor_name text not null,
  actor_email text,
  via text not null check (via in ('console', 'preview-link')),
  comment text check (comment is null or length(comment) <= 2000),
  at timestamptz not null default now()
);

create table preview_links (
  token text primary key,
  campaign_id text not null references campaigns (id) on delete cascade,
  creative_id text references creatives (id) on delete cascade,
  created_by text not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index preview_links_campaign_idx on preview_links (campaign_id, created_at);
create index preview_links_maker_idx on preview_links (created_by);
`;
