// The frequency report (docs/reports.md, "Frequency"): ads of campaigns with caps counted by their rank
// in the browser's window (1 for a browser's first ad of the window, 2 for its second... 11 for the 11th
// or later), per campaign, window kind ('hour', 'day', 'week', 'flight': the campaign's longest cap
// period) and 15-minute UTC bucket, summed by the serving processes (events/request-counter.ts) and
// added here, as the ad request rollups are.
export default /* sql */ `
create table ad_frequency_rollups (
  campaign_id text not null,
  bucket timestamptz not null,
  period text not null,
  rank smallint not null,
  ads bigint not null default 0,
  primary key (campaign_id, bucket, period, rank)
);
`;
