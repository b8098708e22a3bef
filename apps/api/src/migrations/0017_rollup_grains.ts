// Coarser grains of the figures' rollups (docs/reports.md, "Tests and benchmark"): the valid events'
// counters by live creative and UTC hour, and by live creative and UTC day, beside the 15-minute
// rollups and written in the same transaction as them, so a report in a zone whose offsets are whole
// hours reads a quarter of the rows (a day of a UTC report one row per creative). `bucket` is the start
// of the hour or the UTC day. The rows of the 15-minute rollups already stored are summed into both.
import { counterColumnLines } from './counter-columns';

/** The counter columns of every rollup table of the figures when this migration ran (0018 uses them too). */
export const COUNTER_COLUMNS = [
  'impressions',
  'viewable',
  'engagement',
  'clicks',
  'video_starts',
  'first_quartile',
  'midpoint',
  'third_quartile',
  'video_completes',
  'creative_views',
  'loads',
  'skips',
  'closes',
  'not_viewable',
  'view_undetermined',
];
const columns = counterColumnLines(COUNTER_COLUMNS);
const sums = COUNTER_COLUMNS.map((column) => `sum(${column})`).join(', ');

export default /* sql */ `
create table event_hour_rollups (
  live_id text not null,
  bucket timestamptz not null check (extract(epoch from bucket)::bigint % 3600 = 0),
${columns}
  primary key (live_id, bucket)
);

create table event_day_rollups (
  live_id text not null,
  bucket timestamptz not null check (extract(epoch from bucket)::bigint % 86400 = 0),
${columns}
  primary key (live_id, bucket)
);

insert into event_hour_rollups (live_id, bucket, ${COUNTER_COLUMNS.join(', ')})
select live_id, date_bin('1 hour', bucket, timestamptz '2000-01-01 00:00:00+00'), ${sums}
  from event_rollups group by 1, 2;

insert into event_day_rollups (live_id, bucket, ${COUNTER_COLUMNS.join(', ')})
select live_id, date_bin('1 day', bucket, timestamptz '2000-01-01 00:00:00+00'), ${sums}
  from event_hour_rollups group by 1, 2;
`;
