// Alerts as the API answers them, for the alert screens' stories: open, acknowledged, muted, recovered.
import {
  type Alert,
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookTimedOutMessage,
} from '@adconsole/domain';

const base = {
  campaignID: '6650a1f0c2b3d4e5f6a7b8c9',
  campaignName: 'Spring sale 2026',
  closedAt: null,
  recoveredMessage: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  mutedUntil: null,
} satisfies Partial<Alert>;

export const openDrop: Alert = {
  ...base,
  id: 'a1',
  rule: 'delivery-drop',
  status: 'open',
  openedAt: '2026-03-31T12:05:00Z',
  value: 400,
  threshold: 500,
  message:
    'Impressions dropped to 400 in the hour from 13:00 on 2026-03-31 (Europe/Berlin): 40 % of the usual 1,000 for that hour of the week, under the 50 % this alert allows.',
};

export const acknowledgedVast: Alert = {
  ...base,
  id: 'a2',
  campaignID: '6650a1f0c2b3d4e5f6a7b8d0',
  campaignName: 'Pre-roll Q2',
  rule: 'vast-errors',
  status: 'open',
  openedAt: '2026-03-31T10:05:00Z',
  value: 10,
  threshold: 5,
  message:
    'VAST errors at 10 % of impressions (100 error pings for 1,000 impressions; most were error 405 (Problem displaying MediaFile): 80), over the 5 % this alert allows.',
  acknowledgedAt: '2026-03-31T10:20:00Z',
  acknowledgedBy: 'ada@adconsole.test',
};

export const mutedSpike: Alert = {
  ...base,
  id: 'a3',
  rule: 'delivery-spike',
  status: 'open',
  openedAt: '2026-03-30T08:05:00Z',
  value: 3_500,
  threshold: 3_000,
  message:
    'Impressions spiked to 3,500 in the hour from 09:00 on 2026-03-30 (Europe/Berlin): 3.5 times the usual 1,000 for that hour of the week, over the 3 times this alert allows.',
  mutedUntil: '2099-01-01T00:00:00Z',
};

const recoveredSilence: Alert = {
  ...base,
  id: 'a4',
  rule: 'no-delivery',
  status: 'closed',
  openedAt: '2026-03-29T04:05:00Z',
  closedAt: '2026-03-29T07:20:00Z',
  value: 2.1,
  threshold: 2,
  message:
    'No impressions for 2.1 hours since the last one, while the flight is live (the alert is at 2 hours).',
  recoveredMessage: 'Delivering: 0.2 hours since the last one (the alert is at 2 hours).',
};

export const alerts = [openDrop, acknowledgedVast, mutedSpike, recoveredSilence];

export const endpoint: WebhookEndpoint = {
  id: 'w1',
  url: 'https://hooks.agency.example/adconsole',
  description: 'On-call pager',
  enabled: true,
  createdAt: '2026-03-01T09:00:00Z',
  secretRotatedAt: null,
};

export const pausedEndpoint: WebhookEndpoint = {
  id: 'w2',
  url: 'https://ops.client.example/webhooks/delivery',
  description: '',
  enabled: false,
  createdAt: '2026-03-02T09:00:00Z',
  secretRotatedAt: '2026-03-20T16:00:00Z',
};

export const deliveries: WebhookDelivery[] = [
  {
    id: 'msg_1c2d3e4f5a6b7c8d',
    event: 'webhook.test',
    alertID: null,
    state: 'pending',
    createdAt: '2026-03-31T12:41:00Z',
    finishedAt: null,
    body: '{"type":"webhook.test","timestamp":"2026-03-31T12:41:00.000Z","data":{}}',
    attempts: [],
  },
  {
    id: 'msg_8a7b6c5d4e3f2a1b',
    event: 'alert.recovered',
    alertID: 'a1',
    state: 'pending',
    createdAt: '2026-03-31T12:30:00Z',
    finishedAt: null,
    body: '{"type":"alert.recovered","timestamp":"2026-03-31T12:30:00.000Z","data":{"alert":{"rule":"delivery-drop"}}}',
    attempts: [
      {
        attempt: 1,
        at: '2026-03-31T12:30:00Z',
        status: 500,
        error: 'The receiver answered 500.',
        durationMs: 40,
      },
    ],
  },
  {
    id: 'msg_2f9d0c1b7a6e5d4c',
    event: 'alert.fired',
    alertID: 'a1',
    state: 'delivered',
    createdAt: '2026-03-31T12:05:01Z',
    finishedAt: '2026-03-31T12:07:32Z',
    body: '{"type":"alert.fired","timestamp":"2026-03-31T12:05:00.000Z","data":{"alert":{"rule":"delivery-drop"}}}',
    attempts: [
      {
        attempt: 1,
        at: '2026-03-31T12:05:01Z',
        status: 503,
        error: 'The receiver answered 503.',
        durationMs: 212,
      },
      {
        attempt: 2,
        at: '2026-03-31T12:05:32Z',
        status: null,
        error: webhookTimedOutMessage(15),
        durationMs: 15_000,
      },
      { attempt: 3, at: '2026-03-31T12:07:32Z', status: 204, error: null, durationMs: 88 },
    ],
  },
];
