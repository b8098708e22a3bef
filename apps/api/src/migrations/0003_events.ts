// Ad events: raw events (append-only, one row per tracked event, or per imported count) and
// 15-minute UTC rollups per live creative, updated in the same transaction as the raw rows, so any
// zone that is a whole quarter hour from UTC reads exact local days from rollups. Totals per live
// creative (all time) feed the campaign and creative counters without summing rollups.
export default /* sql */ `
create table events (
  id bigint generated always as identity primary key,
  live_id text not null,
  type text not null check (type in ('impression', 'viewable', 'engagement', 'click', 'start',
    'firstQuartile', 'midpoint', 'thirdQuartile', 'complete')),
  at timestamptz not null,
  count integer not null default 1 check (count > 0),
  impression_id text,
  received_at timestamptz not null default now()
);
-- The same event of the same impression counts once (a replayed beacon is not a second event).
create unique index events_impression_type_idx on events (impression_id, type) where impression_id is not null;
create index events_live_at_idx on events (live_id, at);

create table event_rollups (
  live_id text not null,
  bucket timestamptz not null,
  impressions bigint not null default 0,
  viewable bigint not null default 0,
  engagement bigint not null default 0,
  clicks bigint not null default 0,
  video_starts bigint not null default 0,
  first_quartile bigint not null default 0,
  midpoint bigint not null default 0,
  third_quartile bigint not null default 0,
  video_completes bigint not null default 0,
  primary key (live_id, bucket)
);

-- A video's bitrate (kbit/s), read from the file with its duration and size, for VAST's MediaFile.
alter table assets add column bitrate integer;

create table event_totals (
  live_id text primary key,
  impressions bigint not null default 0,
  viewable bigint not null default 0,
  engagement bigint not null default 0,
  clicks bigint not null default 0,
  video_starts bigint not null default 0,
  first_quartile bigint not null default 0,
  midpoint bigint not null default 0,
  third_quartile bigint not null default 0,
  video_completes bigint not null default 0
);
`;
