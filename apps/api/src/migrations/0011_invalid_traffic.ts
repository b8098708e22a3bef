// Invalid traffic (docs/traffic-quality.md): an event keeps the reason it was found invalid (null when it
// counted); invalid events never enter event_rollups or event_totals, only their own rollups by reason,
// so every billable figure reads valid events without a filter. The ClickHouse store's seen-set keeps
// the reason too: the integrity rules read an impression's earlier events from it.
export default /* sql */ `
alter table events add column reason text check (reason is null or reason ~ '^[a-z][a-z-]{0,31}$');

create table event_invalid_rollups (
  live_id text not null,
  bucket timestamptz not null,
  reason text not null,
  impressions bigint not null default 0,
  viewable bigint not null default 0,
  engagement bigint not null default 0,
  clicks bigint not null default 0,
  video_starts bigint not null default 0,
  first_quartile bigint not null default 0,
  midpoint bigint not null default 0,
  third_quartile bigint not null default 0,
  video_completes bigint not null default 0,
  primary key (live_id, bucket, reason)
);

alter table event_seen add column reason text;
`;
