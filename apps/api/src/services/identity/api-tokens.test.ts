// Personal API tokens (docs/api.md "API tokens"): made, listed and revoked from a session;
// `Authorization: Bearer` accepted only where the contract names a scope the token holds, as its owner,
// without a CSRF header, limited per token in the database, and ended by revocation or the owner's removal.
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type CallContract,
  type CreatedApiToken,
  contract,
  createApiClient,
  MESSAGES,
  tokenLacksScopeMessage,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';
import { hashSecret } from '../ids';

interface BearerAnswer<T = unknown> {
  httpStatus: number;
  body: { status: number; data?: T; message?: string; errors?: string[] };
  headers: Headers;
}

/** A request as another product sends it: the token, no cookie and no CSRF header. */
async function bearer<T = unknown>(
  baseUrl: string,
  token: string,
  method: string,
  pathname: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<BearerAnswer<T>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...extraHeaders };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    httpStatus: response.status,
    body: (await response.json()) as BearerAnswer<T>['body'],
    headers: response.headers,
  };
}

const REPORT_QUERY = 'start_dt=2026-03-01%2000:00:00&end_dt=2026-03-07%2023:59:59&tzOffset=%2B00:00';

describe(`personal API tokens on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let ownerEmail: string;
  let other: Client;
  let campaignID: string;
  let otherCampaignID: string;

  const makeToken = async (client: Client, scopes: string[], name = 'Reporting product') => {
    const answer = await client.post<CreatedApiToken>('/v1/tokens', { name, scopes });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as CreatedApiToken;
  };
  const call = <T = unknown>(token: string, method: string, pathname: string, body?: unknown) =>
    bearer<T>(server.url, token, method, pathname, body);

  beforeAll(async () => {
    server = await startServer();
    ({ client: owner, email: ownerEmail } = await signedInUser(server));
    ({ client: other } = await signedInUser(server));
    campaignID = (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Winter sale' })).body.data
      ?.id as string;
    otherCampaignID = (await other.post<{ id: string }>('/v1/campaign/new', { name: 'Theirs' })).body.data
      ?.id as string;
  });
  afterAll(() => server.close());

  it('shows the secret once, stores only its hash, and lists name, scopes, created and last-used times', async () => {
    const made = await makeToken(owner, ['reports:read', 'campaigns:read'], '  Looker export ');
    expect(made.secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(made).toMatchObject({
      name: 'Looker export',
      scopes: ['reports:read', 'campaigns:read'],
      lastUsedAt: null,
      owner: { email: ownerEmail },
    });
    const stored = await server.db.query<Record<string, unknown>>('select * from api_tokens where id = $1', [
      made.id,
    ]);
    expect(stored[0]?.secret_hash).toBe(hashSecret(made.secret));
    expect(JSON.stringify(stored)).not.toContain(made.secret);

    const listed = await owner.get<ApiToken[]>('/v1/tokens');
    const entry = listed.body.data?.find((token) => token.id === made.id);
    expect(entry).toEqual({
      id: made.id,
      name: 'Looker export',
      scopes: ['reports:read', 'campaigns:read'],
      createdAt: made.createdAt,
      lastUsedAt: null,
      owner: { id: expect.any(String), email: ownerEmail },
    });
    expect(JSON.stringify(listed.body)).not.toContain(made.secret);

    const used = await call(made.secret, 'GET', `/v1/campaign/get?campaignID=${campaignID}`);
    expect(used.httpStatus).toBe(200);
    const after = await owner.get<ApiToken[]>('/v1/tokens');
    const lastUsedAt = after.body.data?.find((token) => token.id === made.id)?.lastUsedAt;
    expect(lastUsedAt).not.toBeNull();
    expect(Date.parse(lastUsedAt as string)).toBeGreaterThanOrEqual(Date.parse(made.createdAt));
  });

  it('refuses a token without a name or scopes, or with an unknown scope, with clear 400s', async () => {
    const noName = await owner.post('/v1/tokens', { name: ' ', scopes: ['reports:read'] });
    expect(noName.httpStatus).toBe(400);
    expect(noName.body.errors?.join(' ')).toContain(MESSAGES.apiTokenName);
    const noScopes = await owner.post('/v1/tokens', { name: 'x', scopes: [] });
    expect(noScopes.httpStatus).toBe(400);
    expect(noScopes.body.errors?.join(' ')).toContain(MESSAGES.apiTokenScopes);
    const unknown = await owner.post('/v1/tokens', { name: 'x', scopes: ['users:write'] });
    expect(unknown.httpStatus).toBe(400);
    expect(unknown.body.errors?.join(' ')).toContain(MESSAGES.apiTokenUnknownScope);
  });

  it('scopes: a token makes the calls its scopes allow, and answers 403 on the others', async () => {
    const read = await makeToken(owner, ['reports:read']);
    const report = await call(
      read.secret,
      'GET',
      `/v1/campaign/reports?campaignID=${campaignID}&${REPORT_QUERY}`,
    );
    expect(report.httpStatus, JSON.stringify(report.body)).toBe(200);
    // A read token cannot write, nor read what another scope covers.
    const write = await call(read.secret, 'POST', '/v1/campaign/new', { name: 'Sneaky' });
    expect(write.httpStatus).toBe(403);
    expect(write.body.message).toBe(tokenLacksScopeMessage('campaigns:write'));
    const campaign = await call(read.secret, 'GET', `/v1/campaign/get?campaignID=${campaignID}`);
    expect(campaign.httpStatus).toBe(403);
    expect(campaign.body.message).toBe(tokenLacksScopeMessage('campaigns:read'));

    const writer = await makeToken(owner, ['campaigns:write']);
    const made = await call<{ id: string; name: string }>(writer.secret, 'POST', '/v1/campaign/new', {
      name: 'From the other product',
    });
    expect(made.httpStatus).toBe(200);
    expect(
      (await call(writer.secret, 'GET', `/v1/campaign/reports?campaignID=${campaignID}&${REPORT_QUERY}`))
        .httpStatus,
    ).toBe(403);
  });

  it('acts as its owner: the same campaigns, and the same role limits', async () => {
    const token = await makeToken(owner, ['campaigns:read', 'campaigns:write', 'reports:read']);
    // Another user's campaign is as missing for the owner's token as for the owner's session.
    expect(
      (await call(token.secret, 'GET', `/v1/campaign/get?campaignID=${otherCampaignID}`)).httpStatus,
    ).toBe(404);
    expect(
      (await call(token.secret, 'GET', `/v1/campaign/reports?campaignID=${otherCampaignID}&${REPORT_QUERY}`))
        .httpStatus,
    ).toBe(404);
    // Campaigns it makes are the owner's.
    const made = await call<{ id: string }>(token.secret, 'POST', '/v1/campaign/new', { name: 'Owned' });
    const seen = await owner.get<{ name: string }>(`/v1/campaign/get?campaignID=${made.body.data?.id}`);
    expect(seen.body.data?.name).toBe('Owned');
    const mine = await call<{ id: string }[]>(token.secret, 'GET', '/v1/campaign/mine');
    expect(mine.body.data?.map((entry) => entry.id)).toContain(made.body.data?.id);
    expect(mine.body.data?.map((entry) => entry.id)).not.toContain(otherCampaignID);

    // An admin's token sees what an admin sees; when the owner stops being an admin, so does the token.
    const { client: admin, email: adminEmail } = await signedInAdmin(server);
    const adminToken = await makeToken(admin, ['campaigns:read']);
    expect(
      (await call(adminToken.secret, 'GET', `/v1/campaign/get?campaignID=${otherCampaignID}`)).httpStatus,
    ).toBe(200);
    await server.db.query("update users set role = 'user' where email = $1", [adminEmail]);
    expect(
      (await call(adminToken.secret, 'GET', `/v1/campaign/get?campaignID=${otherCampaignID}`)).httpStatus,
    ).toBe(404);
  });

  it('no bearer on account, token or admin routes (nor any call without a scope), whatever its scopes', async () => {
    const { client: admin } = await signedInAdmin(server);
    const all = await makeToken(admin, ['reports:read', 'campaigns:read', 'campaigns:write']);
    const refused: [string, string, unknown?][] = [
      ['GET', '/me'],
      ['PUT', '/v1/me', { firstName: 'A', lastName: 'B' }],
      ['PUT', '/v1/me/password', { currentPassword: 'x', password: 'y', confirmPassword: 'y' }],
      ['POST', '/logout', {}],
      ['GET', '/v1/tokens'],
      ['POST', '/v1/tokens', { name: 'child', scopes: ['reports:read'] }],
      ['DELETE', `/v1/tokens?id=${all.id}`],
      ['GET', '/v1/users'],
      ['POST', '/v1/users/invite', { emails: ['x@adconsole.test'], role: 'admin' }],
      ['GET', '/v1/campaign/all'],
      ['POST', '/v1/events/import', { events: [] }],
      ['POST', '/v1/campaign/newToken', { campaignID }],
    ];
    for (const [method, pathname, body] of refused) {
      // With the console's header too, so the refusal is the token's, not the CSRF check's.
      const answer = await bearer(server.url, all.secret, method, pathname, body, {
        'X-Requested-With': 'adconsole',
      });
      expect(answer.httpStatus, `${method} ${pathname}`).toBe(403);
      expect(answer.body.message, `${method} ${pathname}`).toBe(MESSAGES.tokenNotAccepted);
    }
    // The token still exists: refusing did not run the call.
    const listed = await admin.get<ApiToken[]>('/v1/tokens');
    expect(listed.body.data?.map((token) => token.id)).toContain(all.id);
  });

  it('a bearer request needs no CSRF header (it carries no cookie); a cookie brings the CSRF check back', async () => {
    const token = await makeToken(owner, ['campaigns:write']);
    const answer = await call(token.secret, 'POST', '/v1/campaign/new', { name: 'No header' });
    expect(answer.httpStatus).toBe(200);
    // The same request carrying the session cookie is what a cross-site form could send: refused.
    const withCookie = await bearer(
      server.url,
      token.secret,
      'POST',
      '/v1/campaign/new',
      { name: 'x' },
      {
        Cookie: owner.cookie as string,
      },
    );
    expect(withCookie.httpStatus).toBe(403);
    expect(withCookie.body.message).toBe(MESSAGES.csrfRefused);
    // A route that refuses tokens keeps the CSRF check: the token does not skip it there.
    const account = await call(token.secret, 'PUT', '/v1/me', { firstName: 'A', lastName: 'B' });
    expect(account.httpStatus).toBe(403);
    expect(account.body.message).toBe(MESSAGES.csrfRefused);
  });

  it('a revoked token and an unknown token answer 401', async () => {
    const token = await makeToken(owner, ['reports:read']);
    const revoked = await owner.delete(`/v1/tokens?id=${token.id}`);
    expect(revoked.httpStatus).toBe(200);
    const answer = await call(
      token.secret,
      'GET',
      `/v1/campaign/reports?campaignID=${campaignID}&${REPORT_QUERY}`,
    );
    expect(answer.httpStatus).toBe(401);
    expect(answer.body.message).toBe(MESSAGES.tokenInvalid);
    const unknown = await call(
      `${API_TOKEN_PREFIX}nothing`,
      'GET',
      '/v1/dashboard?start_dt=2026-03-01%2000:00:00&end_dt=2026-03-02%2023:59:59&tzOffset=%2B00:00',
    );
    expect(unknown.httpStatus).toBe(401);
    expect((await owner.get<ApiToken[]>('/v1/tokens')).body.data?.map((entry) => entry.id)).not.toContain(
      token.id,
    );
  });

  it('tokens stop working when their owner is removed', async () => {
    const { client, email } = await signedInUser(server);
    const token = await makeToken(client, ['campaigns:read']);
    expect((await call(token.secret, 'GET', '/v1/campaign/mine')).httpStatus).toBe(200);
    await server.db.query('delete from users where email = $1', [email]);
    const answer = await call(token.secret, 'GET', '/v1/campaign/mine');
    expect(answer.httpStatus).toBe(401);
    expect(answer.body.message).toBe(MESSAGES.tokenInvalid);
    expect(await server.db.query('select id from api_tokens where id = $1', [token.id])).toEqual([]);
  });

  it('admins list everyone’s tokens and revoke anyone’s; users list and revoke only their own', async () => {
    const mine = await makeToken(owner, ['reports:read'], 'Owner token');
    const theirs = await makeToken(other, ['reports:read'], 'Other token');
    // A user neither lists all nor revokes another's token (it reads as missing).
    const listAll = await owner.get('/v1/tokens?all=true');
    expect(listAll.httpStatus).toBe(403);
    expect(listAll.body.message).toBe(MESSAGES.apiTokenListOnlyAdmins);
    const own = await owner.get<ApiToken[]>('/v1/tokens');
    expect(own.body.data?.map((token) => token.id)).not.toContain(theirs.id);
    const notYours = await owner.delete(`/v1/tokens?id=${theirs.id}`);
    expect(notYours.httpStatus).toBe(404);
    expect(notYours.body.message).toBe(MESSAGES.apiTokenNotFound);

    const { client: admin } = await signedInAdmin(server);
    const everyone = await admin.get<ApiToken[]>('/v1/tokens?all=true');
    const ids = everyone.body.data?.map((token) => token.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(everyone.body.data?.find((token) => token.id === mine.id)?.owner.email).toBe(ownerEmail);
    expect((await admin.delete(`/v1/tokens?id=${theirs.id}`)).httpStatus).toBe(200);
    expect(
      (await call(theirs.secret, 'GET', `/v1/campaign/reports?campaignID=${otherCampaignID}&${REPORT_QUERY}`))
        .httpStatus,
    ).toBe(401);
    expect(
      (await call(mine.secret, 'GET', `/v1/campaign/reports?campaignID=${campaignID}&${REPORT_QUERY}`))
        .httpStatus,
    ).toBe(200);
  });

  it("the domain's client calls with a token: no cookie, no CSRF header, the token's scopes", async () => {
    const token = await makeToken(owner, ['campaigns:read']);
    const product = createApiClient({ baseUrl: `${server.url}/api`, token: token.secret });
    expect((await product.getCampaign(campaignID)).name).toBe('Winter sale');
    await expect(product.createCampaign({ name: 'Nope' })).rejects.toMatchObject({
      status: 403,
      message: tokenLacksScopeMessage('campaigns:write'),
    });
  });

  it('OpenAPI declares the bearer scheme and each operation’s scope, as the contract names it', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security: Record<string, string[]>[] }>>;
    };
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const entry of Object.values(contract) as CallContract[]) {
      const operation = document.paths[`/api${entry.path}`]?.[entry.method.toLowerCase()];
      const tokenScopes = operation?.security.find((requirement) => 'apiToken' in requirement)?.apiToken;
      expect(tokenScopes, `${entry.method} ${entry.path}`).toEqual(entry.scope ? [entry.scope] : undefined);
    }
  });
});

describe(`the per-token rate limit, counted in the database, on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ API_TOKEN_RATE_LIMIT: '3' });
  });
  afterAll(() => server.close());

  it('counts every use of a token in the database, so a second API process sees the same count', async () => {
    const { client } = await signedInUser(server);
    const made = await client.post<CreatedApiToken>('/v1/tokens', {
      name: 'busy',
      scopes: ['campaigns:read'],
    });
    const token = made.body.data as CreatedApiToken;
    const other = await client.post<CreatedApiToken>('/v1/tokens', {
      name: 'calm',
      scopes: ['campaigns:read'],
    });
    // A second process on the same database: its memory knows nothing of the first one's requests.
    const second = await buildApp(server.config, { db: server.db, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    const secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      expect((await bearer(server.url, token.secret, 'GET', '/v1/campaign/mine')).httpStatus).toBe(200);
      expect((await bearer(secondUrl, token.secret, 'GET', '/v1/campaign/mine')).httpStatus).toBe(200);
      expect((await bearer(server.url, token.secret, 'GET', '/v1/campaign/mine')).httpStatus).toBe(200);
      const [uses] = await server.db.query<{ count: number }>(
        'select count(*)::int as count from api_token_uses where token_id = $1',
        [token.id],
      );
      expect(uses?.count).toBe(3);
      const limited = await bearer(secondUrl, token.secret, 'GET', '/v1/campaign/mine');
      expect(limited.httpStatus).toBe(429);
      expect(limited.body.message).toBe(MESSAGES.tokenRateLimited);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The limit is the token's: another token of the same person still works.
      const calm = other.body.data as CreatedApiToken;
      expect((await bearer(server.url, calm.secret, 'GET', '/v1/campaign/mine')).httpStatus).toBe(200);
    } finally {
      await second.close();
    }
  });
});
