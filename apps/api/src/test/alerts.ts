// Alerts as the tests need them without waiting for an evaluation: an open alert written through the
// alerts' own query, as the evaluation writes one.
import type { AlertRule } from '@adconsole/domain';
import { insertAlert } from '../db/queries/alerts';
import type { TestServer } from './harness';

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
