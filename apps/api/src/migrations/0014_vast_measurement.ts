// VAST measurement (docs/serving.md): the player's own events get counters beside the runtime's
// (creativeView, loaded, skip, closeLinear, and the two other answers of <ViewableImpression>), and the
// coded pings (a VAST error by [ERRORCODE], a verification not executed by [REASON]) are raw events of
// type 'error:401' (so the unique index counts each once per impression and code) summed into their own
// rollups by kind and code. Invalid coded pings stay in the raw events only.
export default /* sql */ `
alter table events drop constraint events_type_check;
alter table events add constraint events_type_check check (
  type in ('impression', 'viewable', 'engagement', 'click', 'start', 'firstQuartile', 'midpoint',
    'thirdQuartile', 'complete', 'creativeView', 'loaded', 'skip', 'closeLinear', 'notViewable',
    'viewUndetermined')
  or type ~ '^(error|verificationNotExecuted):[0-9]{1,3}$'
);

alter table event_rollups
  add column creative_views bigint not null default 0,
  add column loads bigint not null default 0,
  add column skips bigint not null default 0,
  add column closes bigint not null default 0,
  add column not_viewable bigint not null default 0,
  add column view_undetermined bigint not null default 0;
alter table event_totals
  add column creative_views bigint not null default 0,
  add column loads bigint not null default 0,
  add column skips bigint not null default 0,
  add column closes bigint not null default 0,
  add column not_viewable bigint not null default 0,
  add column view_undetermined bigint not null default 0;
alter table event_invalid_rollups
  add column creative_views bigint not null default 0,
  add column loads bigint not null default 0,
  add column skips bigint not null default 0,
  add column closes bigint not null default 0,
  add column not_viewable bigint not null default 0,
  add column view_undetermined bigint not null default 0;

create table event_code_rollups (
  live_id text not null,
  bucket timestamptz not null,
  kind text not null check (kind in ('error', 'verificationNotExecuted')),
  code integer not null check (code between 0 and 999),
  count bigint not null default 0,
  primary key (live_id, bucket, kind, code)
);
`;
