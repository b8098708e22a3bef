// The ClickHouse event store's seen-set (EVENTS_URL): which event types of which signed impressions
// already counted, so a replayed beacon counts once. A row is needed only while its impression can still
// verify (48 hours and the allowed clock skew after it was issued), so the store prunes older rows; the
// PostgreSQL store does not use this table (its raw events table has the unique index).
export default /* sql */ `
create table event_seen (
  impression_id text not null,
  type text not null,
  seen_at timestamptz not null default now(),
  primary key (impression_id, type)
);
create index event_seen_at_idx on event_seen (seen_at);
`;
