// The inventory forecast's history (docs/reports.md, "The inventory forecast"): every ad request of a
// known tag (invalid traffic left out), summed per campaign, UTC hour and the facts the delivery rules
// read (DELIVERY_RULES: country, device type, OS, browser, language, site; '' unknown), with how many
// were served an ad and how many their own campaign refused (its flight, its pause, its rules, its
// throttle: requests another campaign could still have had). Added by the serving processes about once
// a second; read per account (its campaigns' rows together) by the forecast; kept 120 days (a sweep).
export default /* sql */ `
create table ad_request_facts (
  campaign_id text not null,
  bucket timestamptz not null,
  country text not null default '',
  device text not null default '',
  os text not null default '',
  browser text not null default '',
  language text not null default '',
  site text not null default '',
  requests bigint not null default 0,
  served bigint not null default 0,
  refused bigint not null default 0,
  primary key (campaign_id, bucket, country, device, os, browser, language, site)
);
-- The retention sweep deletes the oldest hours first through it (REQUEST_FACTS_KEPT_DAYS).
create index ad_request_facts_bucket on ad_request_facts (bucket);
`;
