// Alerts, their rules and webhook endpoints (docs/alerts.md). Declarations only: the work is
// in services/alerts/.
import { contract, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as alerts from '../services/alerts/alerts';
import * as webhooks from '../services/alerts/webhook-endpoints';

const campaignNotYours = `${MESSAGES.campaignNotFound} (also for a campaign that is not yours)`;
const alertNotYours = `${MESSAGES.alertNotFound} (also for an alert of a campaign that is not yours)`;
const webhookNotYours = `${MESSAGES.webhookNotFound} (also for another account's webhook)`;
const badUrl =
  'A URL that is not absolute http(s), carries a user name or password, names a port WEBHOOK_ALLOWED_PORTS does not allow (80 and 443 by default), or points at (or resolves to) a private, loopback or link-local address unless WEBHOOK_ALLOWED_HOSTS names its host; a host that does not resolve.';

/** Test sends one user may ask for in 15 minutes (docs/security.md, "Round 4"). */
const WEBHOOK_TESTS_PER_USER = 20;

export const alertRoutes = [
  defineRoute({
    call: contract.listAlerts,
    access: 'user',
    summary:
      "Alerts newest first: of one campaign (campaignID), or of every campaign of the caller's. status picks open or closed ones (default all), limit 1-200 (default 100). Each names its rule, what it measured (value) against its line (threshold), the sentence it fired with and the one it recovered with, and whether it is acknowledged or muted.",
    tag: 'Alerts',
    errors: { 404: campaignNotYours },
    handler: ({ input, user, ctx }) => alerts.listAlerts(ctx, user, input),
  }),
  defineRoute({
    call: contract.acknowledgeAlert,
    audit: 'alert',
    access: 'user',
    summary: 'Acknowledge an open alert: someone is on it. It stays open until its rule clears.',
    tag: 'Alerts',
    errors: { 404: alertNotYours, 409: MESSAGES.alertAlreadyClosed },
    handler: ({ input, user, ctx }) => alerts.acknowledgeAlert(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.muteAlert,
    audit: 'alert',
    access: 'user',
    summary:
      'Mute an alert for 1-720 hours (hours: null unmutes it). While muted it sends no mail or webhook, not even its recovery, and the same rule firing again on the campaign opens a muted alert.',
    tag: 'Alerts',
    errors: { 400: 'hours is not a whole number from 1 to 720, or null.', 404: alertNotYours },
    handler: ({ input, user, ctx }) => alerts.muteAlert(ctx, user, input.id, input.hours),
  }),
  defineRoute({
    call: contract.getAlertRules,
    access: 'user',
    summary:
      "A campaign's alert rules (campaignID), or without it the account's defaults: each level as set, what applies once merged with the product's defaults (effective), the campaign's chosen mail recipients with whether each confirmed, and the owner's address (always mailed).",
    tag: 'Alerts',
    errors: { 404: campaignNotYours },
    handler: ({ input, user, ctx }) => alerts.getAlertRules(ctx, user, input.campaignID),
  }),
  defineRoute({
    call: contract.setAlertRules,
    audit: 'alertRules',
    access: 'user',
    summary:
      "Set the rules of the account's defaults (without campaignID) or of a campaign: the settings sent replace the level's (a field left out falls back to the account's default, then the product's). A campaign's recipients (up to 20) replace its list; an address outside the company domain gets one confirmation mail and nothing else until it confirms.",
    tag: 'Alerts',
    errors: {
      400: `A threshold out of its range (docs/alerts.md, "Settings"), more than 20 recipients or one that is not an e-mail address, or ${MESSAGES.alertRecipientsOnlyForCampaigns}`,
      404: campaignNotYours,
    },
    handler: ({ input, user, ctx }) => alerts.setAlertRules(ctx, user, input),
  }),
  defineRoute({
    call: contract.listWebhooks,
    access: 'user',
    summary: "The account's webhook endpoints (never their secrets).",
    tag: 'Alerts',
    handler: ({ user, ctx }) => webhooks.listWebhooks(ctx, user),
  }),
  defineRoute({
    call: contract.createWebhook,
    audit: 'webhook',
    access: 'user',
    summary:
      'Add a webhook endpoint: alert.fired and alert.recovered are POSTed to it as JSON signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). The answer holds its whsec_ secret, shown this once.',
    tag: 'Alerts',
    errors: { 400: badUrl, 409: MESSAGES.webhookTooMany },
    handler: ({ input, user, ctx }) => webhooks.createWebhook(ctx, user, input),
  }),
  defineRoute({
    call: contract.updateWebhook,
    audit: 'webhook',
    access: 'user',
    summary: "Change an endpoint's URL, description, or whether it receives messages.",
    tag: 'Alerts',
    errors: { 400: badUrl, 404: webhookNotYours },
    handler: ({ input, user, ctx }) => webhooks.updateWebhook(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteWebhook,
    audit: 'webhook',
    access: 'user',
    summary: 'Delete an endpoint and its delivery log; its pending retries are dropped.',
    tag: 'Alerts',
    errors: { 404: webhookNotYours },
    handler: ({ input, user, ctx }) => webhooks.deleteWebhook(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.rotateWebhookSecret,
    audit: 'webhook',
    access: 'user',
    summary:
      "Rotate an endpoint's secret: the answer holds the new whsec_ secret, shown this once; every delivery from now on (retries too) is signed with it.",
    tag: 'Alerts',
    errors: { 404: webhookNotYours },
    handler: ({ input, user, ctx }) => webhooks.rotateWebhookSecret(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.testWebhook,
    audit: { none: 'sends a test message; nothing of the account changes (the delivery log shows it)' },
    access: 'user',
    perIdentityLimit: { max: WEBHOOK_TESTS_PER_USER, by: 'user' },
    summary:
      "Send a webhook.test message to the endpoint now, delivered and logged like an alert but tried once (a failed test is not retried); answers its webhook-id. While the endpoint's last test waits for its attempt, a new one is that one (the same webhook-id, nothing more queued).",
    tag: 'Alerts',
    errors: { 404: webhookNotYours },
    handler: ({ input, user, ctx }) => webhooks.testWebhook(ctx, user, input.id),
  }),
  defineRoute({
    call: contract.getWebhookRules,
    access: 'admin',
    summary:
      "Where webhooks may go beyond public hosts on ports 80 and 443, as the server is set (admins only: internal host names are not every user's to read): the hosts of WEBHOOK_ALLOWED_HOSTS, which may be private, and the ports of WEBHOOK_ALLOWED_PORTS, which hold for every host.",
    tag: 'Alerts',
    handler: async ({ ctx }) => webhooks.webhookRules(ctx),
  }),
  defineRoute({
    call: contract.listWebhookDeliveries,
    access: 'user',
    summary:
      "An endpoint's latest 50 messages, newest first: webhook-id, event, body as sent, state (pending, delivered, failed after a day of retries) and each attempt's time, HTTP status, error and duration.",
    tag: 'Alerts',
    errors: { 404: webhookNotYours },
    handler: ({ input, user, ctx }) => webhooks.listWebhookDeliveries(ctx, user, input.endpointID),
  }),
];
