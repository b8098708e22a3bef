// Advertisers and insertion orders (docs/product.md §3): the free text a campaign named as its advertiser
// (body.data.advertiser, VAST's <Advertiser>) becomes a record of its owner's, and a campaign may be
// funded by one of that advertiser's insertion orders. Every campaign gets an advertiser: one per
// distinct (owner, trimmed name, case-insensitive) of the old text, spelt as its oldest campaign spelt it,
// in the currency most of its campaigns' rates are in (USD when none has a rate); the campaigns that named
// none share their owner's 'Unassigned' one (unnamed: VAST's <Advertiser> is then left out). The text is
// removed from the JSON only once the campaign's advertiser_id is set, so nothing is lost. An owner's
// advertisers go with the account (as its campaigns do); an advertiser's insertion orders go with it; a
// campaign whose order is deleted keeps running, unlinked.
export default /* sql */ `
create table advertisers (
  id text primary key,
  owner_id text not null references users (id) on delete cascade,
  name text not null,
  currency text not null,
  billing_name text,
  billing_email text,
  notes text,
  unnamed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index advertisers_owner_name_idx on advertisers (owner_id, lower(name));

create table insertion_orders (
  id text primary key,
  advertiser_id text not null references advertisers (id) on delete cascade,
  po_number text not null,
  name text not null,
  start_date date,
  end_date date,
  budget_minor bigint not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_date is null or start_date is null or end_date >= start_date)
);
create index insertion_orders_advertiser_idx on insertion_orders (advertiser_id, created_at);

alter table campaigns add column advertiser_id text references advertisers (id);
alter table campaigns add column insertion_order_id text references insertion_orders (id) on delete set null;

create temporary table advertiser_names on commit drop as
  select id as campaign_id, owner_id, created_at,
    left(regexp_replace(coalesce(body -> 'data' ->> 'advertiser', ''), '^\\s+|\\s+$', '', 'g'), 200) as name,
    body -> 'data' -> 'rate' ->> 'currency' as currency
  from campaigns;

insert into advertisers (id, owner_id, name, currency, unnamed)
  select left(md5(random()::text || clock_timestamp()::text || owner_id || lower(name)), 24), owner_id,
    (array_agg(name order by created_at, campaign_id))[1],
    coalesce(mode() within group (order by currency), 'USD'), false
  from advertiser_names where name <> ''
  group by owner_id, lower(name);

insert into advertisers (id, owner_id, name, currency, unnamed)
  select left(md5(random()::text || clock_timestamp()::text || owner_id || 'unnamed'), 24), owner_id,
    'Unassigned', 'USD', true
  from (select distinct owner_id from advertiser_names where name = '') as owners
  where not exists (
    select 1 from advertisers taken where taken.owner_id = owners.owner_id and lower(taken.name) = 'unassigned'
  );

update campaigns set advertiser_id = advertisers.id
  from advertiser_names, advertisers
  where advertiser_names.campaign_id = campaigns.id and advertisers.owner_id = campaigns.owner_id
    and ((advertiser_names.name <> '' and lower(advertisers.name) = lower(advertiser_names.name))
      or (advertiser_names.name = '' and lower(advertisers.name) = 'unassigned'));

alter table campaigns alter column advertiser_id set not null;
create index campaigns_advertiser_idx on campaigns (advertiser_id);
create index campaigns_insertion_order_idx on campaigns (insertion_order_id) where insertion_order_id is not null;

update campaigns set body = jsonb_set(body, '{data}', (body -> 'data') - 'advertiser')
  where jsonb_typeof(body -> 'data') = 'object' and (body -> 'data') ? 'advertiser';
`;
