// Alerts as the API answers them (docs/alerts.md): an alert (one rule that fired on one
// campaign: open while it holds, closed when it recovered), a campaign's or an account's rule settings,
// and webhook endpoints with their delivery log. The rules, settings and lifecycle themselves are
// alerts/alerts.ts, alerts/alert-settings.ts and alerts/alert-lifecycle.ts.
import { z } from 'zod/mini';
import { recipientStateSchema } from '../reports/report';
import { ALERT_RULES, alertSettingsSchema } from './alert-settings';

export const ALERT_STATUSES = ['open', 'closed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const alertSchema = z.object({
  id: z.string(),
  campaignID: z.string(),
  campaignName: z.string(),
  rule: z.enum(ALERT_RULES),
  status: z.enum(ALERT_STATUSES),
  /** When the rule fired (ISO 8601). */
  openedAt: z.string(),
  /** When it recovered; null while open. */
  closedAt: z.nullable(z.string()),
  /** What the rule measured when it fired, and the line it crossed (docs/alerts.md, "The rules"). */
  value: z.nullable(z.number()),
  threshold: z.number(),
  message: z.string(),
  /** The rule's sentence when the alert closed. */
  recoveredMessage: z.nullable(z.string()),
  acknowledgedAt: z.nullable(z.string()),
  /** Who acknowledged it (an e-mail address). */
  acknowledgedBy: z.nullable(z.string()),
  /** Until when its notices (and the same rule's next alerts on the campaign) send nothing. */
  mutedUntil: z.nullable(z.string()),
});
export type Alert = z.infer<typeof alertSchema>;

/** The rules of an account (its defaults) or of one campaign, with what applies once merged. */
export const alertRulesSchema = z.object({
  /** null for the account's defaults. */
  campaignID: z.nullable(z.string()),
  /** The account's defaults, as set (only what was chosen). */
  account: alertSettingsSchema,
  /** The campaign's overrides as set; null for the account's defaults. */
  campaign: z.nullable(alertSettingsSchema),
  /** Every rule's settings once merged with the product's defaults (every field present). */
  effective: alertSettingsSchema,
  /** Where the campaign's alert mails go besides its owner, and whether each confirmed. */
  recipients: z.array(recipientStateSchema),
  /** The campaign owner's address (always mailed); for the account's defaults, the caller's. */
  ownerEmail: z.string(),
});
export type AlertRules = z.infer<typeof alertRulesSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  secretRotatedAt: z.nullable(z.string()),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint as made or rotated: its `whsec_` secret, shown this once. */
export const webhookEndpointWithSecretSchema = z.object({
  ...webhookEndpointSchema.shape,
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  /** The message's webhook-id (the same on every attempt). */
  id: z.string(),
  event: z.string(),
  alertID: z.nullable(z.string()),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** The JSON body as sent. */
  body: z.string(),
  attempts: z.array(
    z.object({
      attempt: z.number(),
      at: z.string(),
      /** The receiver's HTTP status; null when it did not answer. */
      status: z.nullable(z.number()),
      error: z.nullable(z.string()),
      durationMs: z.number(),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** Ports from `from` to `to`, both included. */
const portRangeSchema = z.object({ from: z.number(), to: z.number() });

/**
 * Where webhooks may go beyond public hosts on ports 80 and 443, as the server is set (admins only:
 * docs/alerts.md, "Where a webhook may go"): the allowed internal hosts and the allowed ports.
 */
export const webhookRulesSchema = z.object({
  /** WEBHOOK_ALLOWED_HOSTS: hosts that may be private, loopback or link-local. */
  hosts: z.array(z.string()),
  /** WEBHOOK_ALLOWED_PORTS: the ports a receiver may listen on, whatever its host. */
  ports: z.array(portRangeSchema),
});
export type WebhookRules = z.infer<typeof webhookRulesSchema>;

/** Allowed ports as a person reads them: '80 and 443', '80, 443 and 8000-8099'. */
export function webhookPortsText(ranges: readonly { from: number; to: number }[]): string {
  const items = ranges.map((range) =>
    range.from === range.to ? `${range.from}` : `${range.from}-${range.to}`,
  );
  return items.length <= 1 ? (items[0] ?? 'no port') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Webhook endpoints one account may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Chosen recipients of one campaign's alert mails (besides its owner). */
export const MAX_ALERT_RECIPIENTS = 20;
/** The longest an alert can be muted for: 30 days. */
export const MAX_MUTE_HOURS = 720;
