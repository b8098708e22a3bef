// Conversions nobody can forge into revenue (docs/conversions.md, "Signed postbacks and caps"; the fourth
// security review in docs/security.md):
// - a conversion action's postback settings: which conversions it counts without its postback key
//   (`unsigned`: existing actions keep counting them, as before), the most conversions one click counts
//   under "every" (`max_per_click`), the most one conversion may be worth (`max_value_minor`, null: no
//   maximum) and its postback key, kept only as a SHA-256 hash with its last characters as a hint;
// - the ledger: whether a conversion carried the key (`signed`), the new reasons, and an index for the
//   sweep of rows not counted;
// - `conversion_refusals`: refusals that prove no click of the action (forged, unknown action, unsigned,
//   invalid traffic, the rate rule) counted per action, reason and hour instead of a row each;
// - `conversion_click_counts`: the counted conversions of each click per action (the cap), locked row by
//   row so that processes of a fleet never pass the cap together;
// - the counters of signed, unsigned and refused conversions.
import { addCounterColumns } from './counter-columns';

export default /* sql */ `
alter table conversion_actions
  add column unsigned text not null default 'counted' check (unsigned in ('counted', 'tag-only', 'refused')),
  add column max_per_click integer not null default 5 check (max_per_click between 1 and 100),
  add column max_value_minor bigint check (max_value_minor >= 0),
  add column postback_key_hash text,
  add column postback_key_hint text,
  add column postback_key_created_at timestamptz;

alter table conversions drop constraint conversions_reason_check;
alter table conversions add constraint conversions_reason_check check (reason in ('forged', 'expired',
  'unknown-action', 'wrong-campaign', 'duplicate-order', 'duplicate-click', 'invalid-click', 'unsigned',
  'click-cap', 'over-max-value', 'invalid-traffic', 'rate'));
alter table conversions add column signed boolean not null default false;
create index conversions_not_counted_idx on conversions (converted_at) where reason is not null;
create index conversions_action_counted_idx on conversions (action_id) where reason is null;

create table conversion_refusals (
  action_id text not null,
  campaign_id text not null,
  reason text not null,
  bucket timestamptz not null,
  count bigint not null check (count >= 0),
  primary key (action_id, reason, bucket)
);
create index conversion_refusals_campaign_idx on conversion_refusals (campaign_id, bucket);
create index conversion_refusals_bucket_idx on conversion_refusals (bucket);

create table conversion_click_counts (
  action_id text not null,
  click_impression_id text not null,
  clicked_at timestamptz not null,
  counted integer not null default 0 check (counted >= 0),
  primary key (action_id, click_impression_id)
);
create index conversion_click_counts_clicked_idx on conversion_click_counts (clicked_at);

${addCounterColumns(['conversions_signed', 'conversions_unsigned', 'conversions_refused'])}
`;
