// Creative QA (docs/builder.md, "Creative QA"): each run of a creative in headless Chromium. `assets_hash`
// names what was measured (the creative's type, size, HTML and asset files), so a later upload makes the
// result stale; `state` is running, measured, not_measured (no Chromium on the server) or error;
// `results` the measurement (the domain's creativeQaMeasurementSchema) once measured.
export default /* sql */ `
create table creative_qa (
  id text primary key,
  creative_id text not null references creatives (id) on delete cascade,
  assets_hash text not null,
  state text not null check (state in ('running', 'measured', 'not_measured', 'error')),
  results jsonb,
  reason text,
  queued_at timestamptz not null default now(),
  measured_at timestamptz
);
create index creative_qa_creative_idx on creative_qa (creative_id, queued_at desc);
`;
