// Outgoing webhooks, as the Standard Webhooks specification (standardwebhooks.com) has them, so a
// receiver verifies ours with that specification's libraries: each delivery is a JSON body POSTed with
// `webhook-id` (one id per message, the same on every retry, so a receiver drops duplicates),
// `webhook-timestamp` (seconds, the time of this attempt) and `webhook-signature` (`v1,` and the base64
// HMAC-SHA256 of `id.timestamp.body` under the endpoint's `whsec_` secret). Deliveries are jobs
// (services/jobs): a failed attempt (no answer, or not a 2xx) is retried with back-off for about a day.
// No redirect is followed, and a destination that is or resolves to a private, loopback or link-local
// address is refused, when the URL is checked and again when the delivery connects (a name can be
// re-pointed in between), unless an admin allowed the host (WEBHOOK_ALLOWED_HOSTS).
import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { ApiError, webhookPrivateAddressMessage, webhookUrlMessage } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { enqueueJob } from '../../db/queries/jobs';
import { newId } from '../ids';
import type { JobKind, JobResult } from '../jobs/kinds';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64, shown to its owner once. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The key a `whsec_` secret stands for (the base64 after the prefix). */
function secretKey(secret: string): Buffer {
  if (!secret.startsWith('whsec_')) throw new Error('A webhook secret starts with whsec_.');
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

export interface SignedWebhook {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three Standard Webhooks headers of one attempt to deliver `body`. */
export function signWebhook(input: {
  id: string;
  timestamp: number;
  body: string;
  secret: string;
}): SignedWebhook {
  const timestamp = String(Math.floor(input.timestamp));
  const signature = createHmac('sha256', secretKey(input.secret))
    .update(`${input.id}.${timestamp}.${input.body}`)
    .digest('base64');
  return { 'webhook-id': input.id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

/** Where no webhook may go: the addresses of this machine, its networks and its cloud's metadata. */
const privateRanges = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8], // "this" network
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local, where cloud metadata answers (169.254.169.254)
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15], // benchmarking
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, and the broadcast address
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96], // NAT64: an IPv4 address behind an IPv6 one
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['ff00::', 8], // multicast
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/** Whether an address is private, loopback, link-local or otherwise not a public receiver's. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? privateRanges.check(mapped, 'ipv4') : privateRanges.check(address, 'ipv6');
}

/** The URL of a webhook, checked: absolute http(s), no credentials, no private literal address. */
export function webhookUrl(text: string, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw ApiError.of(400, webhookUrlMessage);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw ApiError.of(400, webhookUrlMessage);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!allowedHosts.includes(host) && (host === 'localhost' || (isIP(host) && isPrivateAddress(host))))
    throw ApiError.of(400, webhookPrivateAddressMessage(host));
  return url;
}

/** DNS resolution that refuses a private answer: the connection is made only to addresses checked here. */
export function guardedLookup(host: string, allowed: boolean): typeof dnsLookup {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = !allowed && addresses.some((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new Error(webhookPrivateAddressMessage(host)));
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new Error(`${host} has no address.`));
      return callback(null, first.address, first.family);
    });
  }) as typeof dnsLookup;
}

/** The longest a receiver may take to answer one attempt. */
const WEBHOOK_TIMEOUT_MS = 15_000;

/** POSTs one signed delivery; resolves with the receiver's status when it is a 2xx, throws otherwise. */
function postWebhook(
  target: { url: string; secret: string },
  message: { id: string; body: string },
  options: { allowedHosts: readonly string[]; now?: () => number },
): Promise<number> {
  const url = webhookUrl(target.url, options.allowedHosts);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const headers = {
    ...signWebhook({
      id: message.id,
      timestamp: (options.now ?? Date.now)() / 1000,
      body: message.body,
      secret: target.secret,
    }),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(message.body)),
    'user-agent': 'Adconsole-Webhooks/1',
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers,
        timeout: WEBHOOK_TIMEOUT_MS,
        lookup: guardedLookup(host, options.allowedHosts.includes(host)),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        response.on('end', () =>
          status >= 200 && status < 300
            ? resolve(status)
            : reject(
                new Error(
                  `The receiver answered ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}.`,
                ),
              ),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`)),
    );
    request.on('error', reject);
    request.end(message.body);
  });
}

/**
 * After the nth failed attempt (the first is at once): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, the
 * schedule the Standard Webhooks guidance gives (about a day in all), then failed for good.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2, 5, 10, 10].map((value, index) =>
  index < 3 ? value : value * 60 * 60_000,
);

export const webhookKind = 'webhook';

interface WebhookPayload {
  url: string;
  secret: string;
  /** The message's webhook-id, the same on every attempt. */
  id: string;
  body: string;
}

/** Queues one message to one endpoint (in the caller's transaction); returns its webhook-id. */
export async function queueWebhook(
  tx: Queryable,
  target: { url: string; secret: string },
  message: { event: string; data: unknown },
): Promise<string> {
  const id = `msg_${newId()}`;
  const body = JSON.stringify({
    type: message.event,
    timestamp: new Date().toISOString(),
    data: message.data,
  });
  const payload: WebhookPayload & Record<string, unknown> = {
    url: target.url,
    secret: target.secret,
    id,
    body,
  };
  await enqueueJob(tx, { id: newId(), kind: webhookKind, key: `webhook:${id}`, payload, runAt: new Date() });
  return id;
}

/** Webhook deliveries as a job kind: one attempt per run, retried on the schedule above. */
export const webhookDeliveries: JobKind = {
  kind: webhookKind,
  retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
  async run(ctx, job): Promise<JobResult> {
    const payload = job.payload as unknown as WebhookPayload;
    const status = await postWebhook(payload, payload, { allowedHosts: ctx.config.webhookAllowedHosts });
    // What the row keeps once delivered: the message and the answer, not the endpoint's secret.
    return { id: payload.id, url: payload.url, status };
  },
};
