// Requests of the alert calls (docs/alerts.md): listing alerts, acknowledging and muting one,
// reading and setting rules (an account's defaults, or a campaign's overrides and recipients), and
// webhook endpoints. Whether the campaign or endpoint is the caller's is the server's check.
import { z } from 'zod/mini';
import { ALERT_STATUSES, MAX_ALERT_RECIPIENTS, MAX_MUTE_HOURS } from '../../alerts/alert';
import { alertSettingsSchema } from '../../alerts/alert-settings';
import { booleanField, emailField, idField, integerField } from '../../validation/fields';

/** GET /v1/alerts: the caller's alerts, or one campaign's; open, closed or all (default). */
export const listAlertsQuerySchema = z.strictObject({
  campaignID: z.optional(idField('campaignID')),
  status: z.optional(
    z.enum([...ALERT_STATUSES, 'all'], { error: 'status must be one of: open, closed, all' }),
  ),
  limit: z.optional(integerField('limit', 1, 200)),
});
export type ListAlertsQuery = z.output<typeof listAlertsQuerySchema>;

/** POST /v1/alerts/mute: mute an alert for 1 to 720 hours; `hours: null` unmutes it. */
export const muteAlertRequestSchema = z.strictObject({
  id: idField('id'),
  hours: z.nullable(integerField('hours', 1, MAX_MUTE_HOURS)),
});

/** GET /v1/alerts/rules: a campaign's rules, or (without campaignID) the account's defaults. */
export const alertRulesQuerySchema = z.strictObject({ campaignID: z.optional(idField('campaignID')) });

/** PUT /v1/alerts/rules: set the settings a level keeps (only what is chosen), and a campaign's recipients. */
export const setAlertRulesRequestSchema = z.strictObject({
  campaignID: z.optional(idField('campaignID')),
  settings: alertSettingsSchema,
  recipients: z.optional(
    z
      .array(emailField('Each recipient'), { error: 'recipients must be a list of e-mail addresses' })
      .check(z.maxLength(MAX_ALERT_RECIPIENTS, `At most ${MAX_ALERT_RECIPIENTS} recipients`)),
  ),
});
export type SetAlertRulesRequest = z.output<typeof setAlertRulesRequestSchema>;

const webhookUrlField = z
  .string({ error: "url must be the receiver's address" })
  .check(
    z.trim(),
    z.minLength(1, "Enter the receiver's URL"),
    z.maxLength(2000, 'The URL is too long (2,000 characters at most)'),
  );
const descriptionField = z.optional(
  z
    .string({ error: 'description must be text' })
    .check(z.trim(), z.maxLength(200, 'The description is too long (200 characters at most)')),
);

/** POST /v1/webhooks: a new endpoint; its secret is answered once. */
export const createWebhookRequestSchema = z.strictObject({
  url: webhookUrlField,
  description: descriptionField,
  enabled: z.optional(booleanField('enabled')),
});

/** PUT /v1/webhooks: change an endpoint's URL, description or whether it is on. */
export const updateWebhookRequestSchema = z.strictObject({
  id: idField('id'),
  url: webhookUrlField,
  description: descriptionField,
  enabled: booleanField('enabled'),
});
export type UpdateWebhookRequest = z.output<typeof updateWebhookRequestSchema>;

/** GET /v1/webhooks/deliveries: an endpoint's latest deliveries. */
export const webhookDeliveriesQuerySchema = z.strictObject({ endpointID: idField('endpointID') });
