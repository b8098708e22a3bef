// What the event log's link writes in the server's log: never the credentials of EVENTS_BUS's URLs.
import { describe, expect, it } from 'vitest';
import { withoutCredentials } from './connection';

describe('event log link', () => {
  it('writes a NATS server in the log without its user name or password', () => {
    expect(withoutCredentials('nats://api:s3cret@10.0.0.5:4222')).toBe('nats://10.0.0.5:4222');
    expect(withoutCredentials('nats://token@nats.internal:4222')).toBe('nats://nats.internal:4222');
    expect(withoutCredentials('nats://127.0.0.1:4222')).toBe('nats://127.0.0.1:4222');
    expect(withoutCredentials('tls://u:p@[::1]:4222')).toBe('tls://[::1]:4222');
  });
});
