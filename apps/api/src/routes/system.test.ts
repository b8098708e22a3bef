import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, testDatabaseKind } from '../test/harness';

describe(`public settings on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('GET /api/config gives the console the company domain sign-up is limited to', async () => {
    const response = await fetch(`${server.url}/api/config`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: number; data: { companyDomain: string } };
    expect(body.status).toBe(200);
    expect(body.data.companyDomain).toBe(server.config.companyDomain);
  });
});
