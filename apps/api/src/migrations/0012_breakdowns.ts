// Report breakdowns (docs/reports.md, "Breakdowns"): valid events counted by site, device type, OS,
// browser and country, beside the figures' rollups and in the same transaction, so a breakdown's rows
// add up exactly to the report's totals. Two grains: 15-minute UTC buckets (any zone's local days, the
// edges of a range) and UTC days (the whole days inside a range, and the values kept that day: at most
// 1,000 named values per live creative, dimension and day, the rest under '~other'). Only the counters
// a breakdown shows are kept. The ClickHouse store keeps the cap's values in event_dimension_values.
export default /* sql */ `
create table event_dimension_rollups (
  live_id text not null,
  dimension text not null check (dimension in ('site', 'device', 'os', 'browser', 'country')),
  bucket timestamptz not null,
  value text not null check (length(value) <= 260),
  impressions bigint not null default 0,
  viewable bigint not null default 0,
  not_viewable bigint not null default 0,
  engagement bigint not null default 0,
  clicks bigint not null default 0,
  video_starts bigint not null default 0,
  video_completes bigint not null default 0,
  primary key (live_id, dimension, bucket, value)
);

create table event_dimension_days (
  live_id text not null,
  dimension text not null check (dimension in ('site', 'device', 'os', 'browser', 'country')),
  day date not null,
  value text not null check (length(value) <= 260),
  impressions bigint not null default 0,
  viewable bigint not null default 0,
  not_viewable bigint not null default 0,
  engagement bigint not null default 0,
  clicks bigint not null default 0,
  video_starts bigint not null default 0,
  video_completes bigint not null default 0,
  primary key (live_id, dimension, day, value)
);

create table event_dimension_values (
  live_id text not null,
  dimension text not null,
  day date not null,
  value text not null,
  primary key (live_id, dimension, day, value)
);
`;
