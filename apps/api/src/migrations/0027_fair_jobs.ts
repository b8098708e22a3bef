// A fair job queue (docs/architecture.md "How to add a job kind", docs/security.md "Round 4"): each job
// names the account whose work it is ('' for the server's own: sweeps, the evaluation), and a poll claims
// every account's oldest due jobs in turn, so one account's backlog (150 test sends, a failing
// receiver's retries) no longer delays another account's jobs. The jobs already pending take the
// account of what they send: a webhook's endpoint owner, a scheduled report's or an alert's campaign owner.
export default /* sql */ `
alter table jobs add column account_id text not null default '';

update jobs j set account_id = e.user_id
  from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
 where j.kind = 'webhook' and j.state = 'pending' and d.id = j.payload->>'deliveryId';
update jobs j set account_id = c.owner_id
  from scheduled_reports s join campaigns c on c.id = s.campaign_id
 where j.kind = 'report-delivery' and j.state = 'pending' and s.id = j.payload->>'scheduleId';
update jobs j set account_id = c.owner_id
  from alerts a join campaigns c on c.id = a.campaign_id
 where j.kind = 'alert-mail' and j.state = 'pending' and a.id = j.payload->>'alertId';

create index jobs_pending_by_account on jobs (account_id, run_at, id) where state = 'pending';
`;
