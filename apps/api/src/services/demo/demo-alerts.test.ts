// The demo's alerts (docs/alerts.md): seeded, the demo account finds an open "VAST errors" alert that the real
// evaluation opened from the pre-roll's failing last two hours (naming error 405), and a delivery drop
// that recovered three days ago.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { seedDemoData } from './demo';

describe(`the demo's alerts on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startServer({ DEMO_PASSWORD: 'demo-password', COMPANY_DOMAIN: 'example.org' });
    await seedDemoData(server.app.adconsole, { days: 2, now: new Date('2026-11-25T15:07:00Z') });
    client = new Client(server.url);
    await client.post('/login', {
      method: 'password',
      username: 'demo@example.org',
      password: 'demo-password',
      remember: true,
    });
  });
  afterAll(async () => server?.close());

  it('shows one open alert the evaluation opened and one recovered', async () => {
    const alerts =
      (await client.get<{ rule: string; status: string; message: string; openedAt: string }[]>('/v1/alerts'))
        .body.data ?? [];
    const vast = alerts.find((alert) => alert.rule === 'vast-errors');
    expect(vast).toMatchObject({ status: 'open', openedAt: '2026-11-25T15:07:00.000Z' });
    expect(vast?.message).toContain('most were error 405');
    const drop = alerts.find((alert) => alert.rule === 'delivery-drop');
    expect(drop).toMatchObject({ status: 'closed', openedAt: '2026-11-22T03:05:00.000Z' });
  });
});
