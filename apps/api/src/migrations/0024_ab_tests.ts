// A/B tests of placements (docs/reports.md "A/B tests"): 2 to 5 of a placement's creatives, one
// the control, compared on one goal rate. `planned_sample` is fixed when the test starts (the horizon
// does not move). While a test runs its placement rotates evenly over the variants; `previous_mode` and
// `previous_items` keep the rotation it had, put back when the test is stopped. One running test per
// placement (the partial unique index); a deleted placement takes its tests with it.
export default /* sql */ `
create table ab_tests (
  id text primary key,
  placement_id text not null references placements (id) on delete cascade,
  campaign_id text not null references campaigns (id) on delete cascade,
  status text not null check (status in ('running', 'ended')),
  variants jsonb not null,
  control_id text not null,
  goal text not null,
  minimum_detectable_effect double precision not null,
  significance double precision not null,
  power double precision not null,
  baseline_rate double precision not null,
  planned_sample integer not null check (planned_sample > 0),
  previous_mode text not null,
  previous_items jsonb not null,
  started_at timestamptz not null default now(),
  ended_at timestamptz
);
create index ab_tests_placement_idx on ab_tests (placement_id, started_at desc);
create unique index ab_tests_one_running on ab_tests (placement_id) where status = 'running';
`;
