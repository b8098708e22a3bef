// Our webhook signatures, verified by the Standard Webhooks reference library (`standardwebhooks`),
// never by our own code: what a receiver using that library accepts, and what it refuses.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook } from './webhook-signing';

const body = '{"type":"alert.fired","data":{"campaign":"c1","rule":"delivery-drop"}}';

describe('webhook signatures (Standard Webhooks)', () => {
  it('a new secret is whsec_ and 32 random bytes in base64, a different one each time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs id.timestamp.body with the whsec_ key, as the reference library verifies', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = signWebhook({ id: 'msg_1', timestamp: now, body, secret });
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('a tampered body, another secret, another id or an old timestamp fails verification', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = signWebhook({ id: 'msg_1', timestamp: now, body, secret });
    const verifier = new Webhook(secret);
    expect(() => verifier.verify(body.replace('c1', 'c2'), { ...headers })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => verifier.verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    // The library refuses a timestamp more than five minutes away (a replayed message).
    const old = signWebhook({ id: 'msg_1', timestamp: now - 3_600, body, secret });
    expect(() => verifier.verify(body, { ...old })).toThrow();
  });

  it('matches the example of the Standard Webhooks specification for a fixed key, id, time and body', () => {
    // HMAC-SHA256 over "msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}" with the key
    // whose base64 is MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw.
    const headers = signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('a secret without the whsec_ prefix or without a key is refused', () => {
    expect(() =>
      signWebhook({ id: 'msg_1', timestamp: 1, body, secret: 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
    ).toThrow('A webhook secret starts with whsec_.');
    expect(() => signWebhook({ id: 'msg_1', timestamp: 1, body, secret: 'whsec_' })).toThrow(
      'A webhook secret holds a base64 key after whsec_.',
    );
  });
});
