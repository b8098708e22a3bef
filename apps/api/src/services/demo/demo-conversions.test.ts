// The demo's conversion actions (issue 45): the demo campaign lists a "Purchase" (every conversion,
// 30 days) and a "Newsletter sign-up" (one per click, 7 days), both in the campaign's rate currency,
// made at the flight's start with their history entries.
import type { AuditEntry, ConversionAction } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { DEMO_RATE, seedDemoData } from './demo';

const DAY_MS = 86_400_000;

describe(`the demo's conversion actions on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let client: Client;
  const now = new Date();
  beforeAll(async () => {
    server = await startServer({ DEMO_PASSWORD: 'demo-password', COMPANY_DOMAIN: 'example.org' });
    await seedDemoData(server.app.adconsole, { now, days: 2 });
    client = new Client(server.url);
    await client.post('/login', {
      method: 'password',
      username: 'demo@example.org',
      password: 'demo-password',
      remember: true,
    });
  });
  afterAll(async () => server?.close());

  it('the demo campaign has a Purchase (every, 30 days) and a Newsletter sign-up (one per click, 7 days) in its rate currency', async () => {
    const [campaign] = (await client.get<{ id: string }[]>('/v1/campaign/mine')).body.data ?? [];
    const actions =
      (await client.get<ConversionAction[]>(`/v1/campaign/conversionActions?campaignID=${campaign?.id}`)).body
        .data ?? [];
    expect(
      actions.map(({ name, type, counting, lookbackDays, currency, archived }) => ({
        name,
        type,
        counting,
        lookbackDays,
        currency,
        archived,
      })),
    ).toEqual([
      {
        name: 'Purchase',
        type: 'purchase',
        counting: 'every',
        lookbackDays: 30,
        currency: DEMO_RATE.currency,
        archived: false,
      },
      {
        name: 'Newsletter sign-up',
        type: 'sign-up',
        counting: 'one-per-click',
        lookbackDays: 7,
        currency: DEMO_RATE.currency,
        archived: false,
      },
    ]);
    // Made at the flight's start (two days ago), each with its history entry.
    expect(new Date(actions[0]?.createdAt ?? '').getTime()).toBeLessThanOrEqual(
      now.getTime() - 2 * DAY_MS + 1000,
    );
    const history =
      (await client.get<AuditEntry[]>(`/v1/campaign/history?campaignID=${campaign?.id}`)).body.data ?? [];
    const made = history.filter((entry) => entry.entity === 'conversionAction');
    expect(made.map((entry) => entry.changes.name?.[1]).sort()).toEqual(['Newsletter sign-up', 'Purchase']);
  });
});
