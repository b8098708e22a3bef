// Alerts as the tests need them without waiting for an evaluation: an open alert written through the
// alerts' own query, as the evaluation writes one.
import type { AlertRule } from '@adconsole/domain';
import { insertAlert } from '../db/queries/alerts';
import type { TestServer } from './harness';
import { settled } from './helpers';

/** An open alert of the campaign on `rule` (its id is the rule's name); answers its id. */
export async function openAlert(server: TestServer, campaignId: string, rule: AlertRule): Promise<string> {
  await insertAlert(server.db, {
    id: rule,
    campaign_id: campaignId,
    rule,
    opened_at: new Date(),
    value: null,
    threshold: 50,
    message: 'Impressions dropped.',
    muted_until: null,
  });
  return rule;
}

/**
 * One alert evaluation at the server's clock as if 15 minutes had passed (its lease freed first), then
 * the notices it queued sent, and their background work settled.
 */
export async function runAlertEvaluation(server: TestServer): Promise<void> {
  await server.db.query("delete from job_leases where name = 'alert-evaluation'");
  await server.app.jobs.runOnce();
  await server.app.jobs.runOnce(20);
  await settled(server);
}
