// Webhook signatures as the Standard Webhooks specification (standardwebhooks.com) has them, so a
// receiver verifies ours with that specification's libraries: `webhook-id` (one id per message, the
// same on every retry, so a receiver drops duplicates), `webhook-timestamp` (seconds, the time of this
// attempt) and `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed by
// the base64-decoded part of the endpoint's `whsec_` secret. Node's crypto: this runs on the server only.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
/** Random bytes in a new secret (the specification asks for 24 to 64). */
const SECRET_BYTES = 32;

/** A new endpoint secret: `whsec_` and 32 random bytes in base64, shown to its owner once. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The key a `whsec_` secret stands for (the base64 after the prefix). */
function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_.');
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  if (key.length === 0) throw new Error('A webhook secret holds a base64 key after whsec_.');
  return key;
}

export interface SignedWebhook {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three Standard Webhooks headers of one attempt to deliver `body` (`timestamp` in seconds). */
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
