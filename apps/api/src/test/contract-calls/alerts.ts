// The contract test's calls of alerts, their rules and webhook endpoints.
import { openAlert } from '../alerts';
import { signedInUser } from '../helpers';
import type { Calls, ContractWorld } from './world';

/** Alerts, their rules and webhook endpoints. */
export function alertCalls(world: ContractWorld): Calls {
  /** An open alert of the contract's campaign (as the evaluation writes one), one rule each; its id. */
  const rules = ['delivery-drop', 'delivery-spike', 'no-delivery'] as const;
  let alerts = 0;
  const newAlert = () => openAlert(world.server, world.campaignID, rules[alerts++] ?? 'no-delivery');
  /** A webhook endpoint of the admin's (the world's loopback receiver); answers its id. */
  const newWebhook = async () =>
    (await world.admin.post<{ id: string }>('/v1/webhooks', { url: `${world.webhookUrl}/hooks` })).body.data
      ?.id ?? '';
  /** An endpoint of another account (what the admin calls on endpoints act on): its id and its owner's. */
  const othersWebhook = async () => {
    const { client } = await signedInUser(world.server);
    const userID = (await client.get<{ user: { id: string } }>('/me')).body.data?.user.id ?? '';
    const made = await client.post<{ id: string }>('/v1/webhooks', { url: `${world.webhookUrl}/theirs` });
    return { userID, id: made.body.data?.id ?? '' };
  };
  return {
    getV1UsersWebhooks: async () =>
      world.admin.get(`/v1/users/webhooks?userID=${(await othersWebhook()).userID}`),
    putV1UsersWebhooks: async () =>
      world.admin.put('/v1/users/webhooks', { id: (await othersWebhook()).id, enabled: false }),
    deleteV1UsersWebhooks: async () =>
      world.admin.delete(`/v1/users/webhooks?id=${(await othersWebhook()).id}`),
    getV1Alerts: async () => {
      await newAlert();
      return world.admin.get(`/v1/alerts?campaignID=${world.campaignID}&status=open`);
    },
    postV1AlertsAcknowledge: async () => world.admin.post('/v1/alerts/acknowledge', { id: await newAlert() }),
    postV1AlertsMute: async () => world.admin.post('/v1/alerts/mute', { id: await newAlert(), hours: 24 }),
    getV1AlertsRules: () => world.admin.get(`/v1/alerts/rules?campaignID=${world.campaignID}`),
    putV1AlertsRules: () =>
      world.admin.put('/v1/alerts/rules', {
        campaignID: world.campaignID,
        settings: { 'delivery-drop': { percent: 40 }, quietHours: 6 },
        recipients: [world.adminEmail],
      }),
    getV1Webhooks: async () => {
      await newWebhook();
      return world.admin.get('/v1/webhooks');
    },
    postV1Webhooks: () =>
      world.admin.post('/v1/webhooks', { url: `${world.webhookUrl}/contract`, description: 'Contract' }),
    putV1Webhooks: async () =>
      world.admin.put('/v1/webhooks', {
        id: await newWebhook(),
        url: `${world.webhookUrl}/moved`,
        enabled: false,
      }),
    deleteV1Webhooks: async () => world.admin.delete(`/v1/webhooks?id=${await newWebhook()}`),
    postV1WebhooksRotate: async () => world.admin.post('/v1/webhooks/rotate', { id: await newWebhook() }),
    postV1WebhooksTest: async () => world.admin.post('/v1/webhooks/test', { id: await newWebhook() }),
    getV1WebhooksAllowed: () => world.admin.get('/v1/webhooks/allowed'),
    getV1WebhooksDeliveries: async () => {
      const id = await newWebhook();
      await world.admin.post('/v1/webhooks/test', { id });
      return world.admin.get(`/v1/webhooks/deliveries?endpointID=${id}`);
    },
  };
}
