// Every refused conversion counted, none stored a row each (docs/conversions.md, "What is stored"): the
// refusals that name a real click (a cap, the maximum value, a repeat, the lookback, an invalid click,
// another campaign's click) join those that prove none in `conversion_refusals`, which now keeps the
// click's live creative ('' when the refusal names none), so a creative's report still lists them. The
// index reads an action's latest counted values (the implausible-value rule).
export default /* sql */ `
alter table conversion_refusals add column live_id text not null default '';
alter table conversion_refusals drop constraint conversion_refusals_pkey;
alter table conversion_refusals add primary key (action_id, live_id, reason, bucket);
create index conversion_refusals_live_idx on conversion_refusals (live_id, bucket) where live_id <> '';

alter table conversions drop constraint conversions_reason_check;
alter table conversions add constraint conversions_reason_check check (reason in ('forged', 'expired',
  'unknown-action', 'wrong-campaign', 'duplicate-order', 'duplicate-click', 'invalid-click', 'unsigned',
  'click-cap', 'over-max-value', 'invalid-traffic', 'rate', 'implausible'));
create index conversions_action_latest_idx on conversions (action_id, converted_at desc) where reason is null;
`;
