// The alert calls of the contract (docs/alerts.md): alerts and rules are read by the
// campaign's owner (or an admin), and by tokens with reports:read; acknowledging, muting, setting rules
// and webhook endpoints are the console's (the session), each change audited.
import { z } from 'zod/mini';
import {
  alertRulesSchema,
  alertSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookRulesSchema,
} from '../../alerts/alert';
import { call } from '../call';
import { idQuerySchema } from '../common/requests';
import {
  alertRulesQuerySchema,
  createWebhookRequestSchema,
  listAlertsQuerySchema,
  muteAlertRequestSchema,
  setAlertRulesRequestSchema,
  updateWebhookRequestSchema,
  webhookDeliveriesQuerySchema,
} from './requests';

export const alertsContract = {
  listAlerts: call({
    method: 'GET',
    path: '/v1/alerts',
    input: listAlertsQuerySchema,
    answer: z.array(alertSchema),
    scope: 'reports:read',
  }),
  acknowledgeAlert: call({
    method: 'POST',
    path: '/v1/alerts/acknowledge',
    input: idQuerySchema,
    answer: alertSchema,
  }),
  muteAlert: call({
    method: 'POST',
    path: '/v1/alerts/mute',
    input: muteAlertRequestSchema,
    answer: alertSchema,
  }),
  getAlertRules: call({
    method: 'GET',
    path: '/v1/alerts/rules',
    input: alertRulesQuerySchema,
    answer: alertRulesSchema,
    scope: 'reports:read',
  }),
  setAlertRules: call({
    method: 'PUT',
    path: '/v1/alerts/rules',
    input: setAlertRulesRequestSchema,
    answer: alertRulesSchema,
  }),
  listWebhooks: call({ method: 'GET', path: '/v1/webhooks', answer: z.array(webhookEndpointSchema) }),
  createWebhook: call({
    method: 'POST',
    path: '/v1/webhooks',
    input: createWebhookRequestSchema,
    answer: webhookEndpointWithSecretSchema,
  }),
  updateWebhook: call({
    method: 'PUT',
    path: '/v1/webhooks',
    input: updateWebhookRequestSchema,
    answer: webhookEndpointSchema,
  }),
  deleteWebhook: call({ method: 'DELETE', path: '/v1/webhooks', input: idQuerySchema, answer: z.null() }),
  rotateWebhookSecret: call({
    method: 'POST',
    path: '/v1/webhooks/rotate',
    input: idQuerySchema,
    answer: webhookEndpointWithSecretSchema,
  }),
  testWebhook: call({
    method: 'POST',
    path: '/v1/webhooks/test',
    input: idQuerySchema,
    answer: z.object({ id: z.string() }),
  }),
  getWebhookRules: call({ method: 'GET', path: '/v1/webhooks/allowed', answer: webhookRulesSchema }),
  listWebhookDeliveries: call({
    method: 'GET',
    path: '/v1/webhooks/deliveries',
    input: webhookDeliveriesQuerySchema,
    answer: z.array(webhookDeliverySchema),
  }),
} as const;
