// Reach read at a report's speed in any zone (docs/reports.md, "Reach"): besides the campaign's own
// local day ('day', written as ads are served), a report read keeps the days it merged from hours in
// another zone as 'read-day' rows ([bucket, bucket_end) that zone's day), which stand for their day while
// they hold every ad of it (events/reach-sketches.ts, keepReadDays).
export default /* sql */ `
alter table reach_sketches drop constraint reach_sketches_grain_check;
alter table reach_sketches add constraint reach_sketches_grain_check
  check (grain in ('quarter', 'hour', 'day', 'read-day'));
`;
