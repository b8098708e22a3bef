// Delivery rules (docs/serving.md, "Delivery rules"): a campaign's rules and a creative's own (the
// domain's campaignDeliveryRulesSchema and creativeDeliveryRulesSchema as stored: `{}` is no rule),
// read with a live creative or a placement into the serving cache and compiled there; and the ad
// requests by outcome (docs/reports.md, "Requests not served"): per campaign, placement ('' for a
// creative's own tag), live creative ('' when a placement had none to give), 15-minute UTC bucket and
// outcome ('served' or the reason it was not), summed by the serving processes and added here. The
// outcome is a row's value, not a column: a new reason needs no migration.
export default /* sql */ `
alter table campaigns add column delivery_rules jsonb not null default '{}';
alter table creatives add column delivery_rules jsonb not null default '{}';

create table ad_request_rollups (
  campaign_id text not null,
  placement_id text not null default '',
  live_id text not null default '',
  bucket timestamptz not null,
  outcome text not null,
  requests bigint not null default 0,
  primary key (campaign_id, bucket, placement_id, live_id, outcome)
);
`;
