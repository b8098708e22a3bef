// What the retention sweeps read by age (docs/privacy.md, "What is stored, and for how long"): raw events
// by their time, the audit log by its time, the webhooks' finished deliveries by when they finished. Each
// sweep deletes the oldest rows past its period in batches through these indexes, never a full scan.
export default /* sql */ `
create index events_at_idx on events (at);
create index audit_log_at on audit_log (at);
create index webhook_deliveries_finished on webhook_deliveries (finished_at) where finished_at is not null;
`;
