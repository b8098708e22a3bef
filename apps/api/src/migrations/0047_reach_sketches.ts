// Reach (docs/reports.md, "Reach"): a HyperLogLog sketch of the identities served an ad (the domain's
// reach-sketch.ts: registers, never an id), per campaign, live creative ('' for the whole campaign), kind
// of identity ('browser', 'device'; 'none' keeps only the count of ads without one), grain ('quarter':
// a 15-minute UTC bucket; 'hour'; 'day': the campaign's local day, [bucket, bucket_end)) and bucket
// start; `ads` the ads counted into it. The serving processes
// merge their sketches in under the rows' locks (events/reach-sketches.ts); a report reads a local day's
// day row when it is exactly that day and complete, else its hours and the quarters of the hours its
// edge cuts.
export default /* sql */ `
create table reach_sketches (
  campaign_id text not null,
  live_id text not null,
  kind text not null check (kind in ('browser', 'device', 'none')),
  grain text not null check (grain in ('quarter', 'hour', 'day')),
  bucket timestamptz not null,
  bucket_end timestamptz,
  ads bigint not null default 0,
  sketch bytea,
  primary key (campaign_id, live_id, grain, bucket, kind)
);
`;
