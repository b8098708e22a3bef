// Alert and webhook calls (docs/alerts.md) for the console's `*-queries.ts`.
import type {
  Alert,
  AlertRules,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookRules,
} from '../../alerts/alert';
import type { Http } from '../http';
import { type CallInput, send } from '../send';
import { alertsContract } from './contract';

export function alertCalls(http: Http) {
  const c = alertsContract;
  return {
    listAlerts: (input: CallInput<typeof c.listAlerts>): Promise<Alert[]> =>
      send(http, c.listAlerts, input, { emptyAnswer: [] }),
    acknowledgeAlert: (id: string): Promise<Alert> => send(http, c.acknowledgeAlert, { id }),
    muteAlert: (id: string, hours: number | null): Promise<Alert> => send(http, c.muteAlert, { id, hours }),
    getAlertRules: (campaignID?: string): Promise<AlertRules> =>
      send(http, c.getAlertRules, campaignID ? { campaignID } : {}),
    setAlertRules: (input: CallInput<typeof c.setAlertRules>): Promise<AlertRules> =>
      send(http, c.setAlertRules, input),
    listWebhooks: (): Promise<WebhookEndpoint[]> =>
      send(http, c.listWebhooks, undefined, { emptyAnswer: [] }),
    createWebhook: (input: CallInput<typeof c.createWebhook>): Promise<WebhookEndpointWithSecret> =>
      send(http, c.createWebhook, input),
    updateWebhook: (input: CallInput<typeof c.updateWebhook>): Promise<WebhookEndpoint> =>
      send(http, c.updateWebhook, input),
    deleteWebhook: (id: string): Promise<null> => send(http, c.deleteWebhook, { id }),
    rotateWebhookSecret: (id: string): Promise<WebhookEndpointWithSecret> =>
      send(http, c.rotateWebhookSecret, { id }),
    testWebhook: (id: string): Promise<{ id: string }> => send(http, c.testWebhook, { id }),
    /** Where webhooks may go beyond public hosts on 80 and 443 (administrators only). */
    getWebhookRules: (): Promise<WebhookRules> => send(http, c.getWebhookRules, undefined),
    listWebhookDeliveries: (endpointID: string): Promise<WebhookDelivery[]> =>
      send(http, c.listWebhookDeliveries, { endpointID }, { emptyAnswer: [] }),
  };
}
