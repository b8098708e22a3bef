// What alerts look like outside the database: the API's answer (the domain's alertSchema), and the
// `data` of an alert webhook (docs/alerts.md, "Webhooks").
import { ALERT_RULE_LABELS, type Alert, type AlertEvaluation } from '@adconsole/domain';
import type { Context } from '../../context';
import type { EvaluatedCampaignRow, ListedAlertRow } from '../../db/queries/alerts';

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const alertAnswer = (row: ListedAlertRow): Alert => ({
  id: row.id,
  campaignID: row.campaign_id,
  campaignName: row.campaign_name,
  rule: row.rule,
  status: row.status,
  openedAt: new Date(row.opened_at).toISOString(),
  closedAt: isoOrNull(row.closed_at),
  value: row.value === null ? null : Number(row.value),
  threshold: Number(row.threshold),
  message: row.message,
  recoveredMessage: row.recovered_message,
  acknowledgedAt: isoOrNull(row.acknowledged_at),
  acknowledgedBy: row.acknowledged_by_email,
  mutedUntil: isoOrNull(row.muted_until),
});

/** The console page of a campaign's alerts. */
export const campaignAlertsUrl = (ctx: Pick<Context, 'config'>, campaignId: string) =>
  `${ctx.config.publicUrl}/campaigns/${encodeURIComponent(campaignId)}/alerts`;

/** The `data` of an `alert.fired` or `alert.recovered` webhook. */
export function alertWebhookData(
  ctx: Pick<Context, 'config'>,
  input: {
    alertId: string;
    campaign: Pick<EvaluatedCampaignRow, 'id' | 'name' | 'body'>;
    evaluation: AlertEvaluation;
    notice: 'fired' | 'recovered';
    openedAt: Date;
    now: Date;
  },
) {
  const { evaluation } = input;
  return {
    alert: {
      id: input.alertId,
      rule: evaluation.rule,
      ruleLabel: ALERT_RULE_LABELS[evaluation.rule],
      status: input.notice === 'fired' ? 'open' : 'closed',
      openedAt: input.openedAt.toISOString(),
      closedAt: input.notice === 'recovered' ? input.now.toISOString() : null,
      value: evaluation.value,
      threshold: evaluation.threshold,
      message: evaluation.message,
    },
    campaign: {
      id: input.campaign.id,
      name: input.campaign.name,
      timezone: input.campaign.body.data?.timezone ?? 'UTC',
    },
    url: campaignAlertsUrl(ctx, input.campaign.id),
  };
}
