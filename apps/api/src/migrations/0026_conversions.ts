// Conversions (docs/conversions.md). Three parts:
// - the counters: `conversions` and `conversion_value` (the value in the minor unit of the action's
//   currency) in every counter table and in the breakdowns' rollups, and the two server-written event
//   types in the raw events' check;
// - `conversion_actions`: what an advertiser counts (a purchase, a lead...), per campaign, with its
//   counting, lookback window and currency; `campaigns.click_param` names the landing URL's parameter;
// - `conversions`: the ledger of every conversion received, counted (`reason` null) or not (its reason),
//   with the click it came through. The two partial unique indexes are the counting rules that need a
//   memory: an order counts once per action, and under "one per click" a click converts once per action.
//   The order id is kept hashed; no address or user agent is stored.
import { addCounterColumns } from './counter-columns';

const CONVERSION_COLUMNS = ['conversions', 'conversion_value'];

export default /* sql */ `
alter table events drop constraint events_type_check;
alter table events add constraint events_type_check check (
  type in ('impression', 'viewable', 'engagement', 'click', 'start', 'firstQuartile', 'midpoint',
    'thirdQuartile', 'complete', 'creativeView', 'loaded', 'skip', 'closeLinear', 'notViewable',
    'viewUndetermined', 'conversion', 'conversionValue')
  or type ~ '^(error|verificationNotExecuted):[0-9]{1,3}$'
);

${addCounterColumns(CONVERSION_COLUMNS)}
${addCounterColumns(CONVERSION_COLUMNS, ['event_dimension_rollups', 'event_dimension_days'])}

alter table campaigns add column click_param text not null default 'adc_click';

create table conversion_actions (
  id text primary key,
  campaign_id text not null references campaigns (id) on delete cascade,
  name text not null,
  type text not null check (type in ('purchase', 'lead', 'sign-up', 'other')),
  counting text not null check (counting in ('every', 'one-per-click')),
  lookback_days integer not null check (lookback_days between 1 and 90),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index conversion_actions_campaign_idx on conversion_actions (campaign_id, created_at);

create table conversions (
  id text primary key,
  action_id text,
  campaign_id text,
  live_id text,
  creative_id text,
  click_impression_id text,
  clicked_at timestamptz,
  converted_at timestamptz not null,
  value_minor bigint not null default 0 check (value_minor >= 0),
  currency text,
  order_hash text,
  click_key text,
  reason text check (reason in ('forged', 'expired', 'unknown-action', 'wrong-campaign',
    'duplicate-order', 'duplicate-click', 'invalid-click')),
  source text not null check (source in ('tag', 'postback'))
);
create unique index conversions_one_order on conversions (action_id, order_hash)
  where reason is null and order_hash is not null;
create unique index conversions_one_per_click on conversions (action_id, click_key)
  where reason is null and click_key is not null;
create index conversions_campaign_idx on conversions (campaign_id, converted_at);
`;
