// Client access (docs/security.md, "Client access"): a client of advertiser A reads A's advertiser,
// campaigns, creatives, dashboard and reports, and nothing of advertiser B's, whatever it calls. The walk
// goes through every operation of /api/openapi.json (so a route added later is walked too), first with no
// input, then with each of B's ids in every id field: a route that does not let clients in answers 403,
// and no answer is ever a success carrying B's data. Costs reach a client only where its advertiser
// allows them.
import { CLIENT_MESSAGES, COST_FIGURE_KEYS, MESSAGES, type ReportData } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../routes/index';
import { signedInClient } from '../test/clients';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { signedInAdmin, signedInUser } from '../test/helpers';

const RANGE = { start_dt: '2026-03-02 00:00:00', end_dt: '2026-03-03 23:59:59', tzOffset: '+00:00' };

/** The calls a client may make, by what they let it do: any change to this list is a decision. */
const CLIENT_ROUTES = {
  'GET /me': 'self',
  'PUT /v1/me': 'self',
  'PUT /v1/me/password': 'self',
  'GET /v1/advertiser/list': 'read',
  'GET /v1/advertiser/get': 'read',
  'GET /v1/campaign/get': 'read',
  'GET /v1/campaign/mine': 'read',
  'GET /v1/campaign/creative': 'read',
  'GET /v1/campaign/creatives': 'read',
  'GET /v1/dashboard': 'read',
  'GET /v1/campaign/reports': 'read',
  'GET /v1/campaign/events': 'read',
  'GET /v1/campaign/videoData': 'read',
};

/** Calls the walk leaves out: they end the walker's own session (anyone's call, not a client's). */
const SESSION_ENDING = new Set(['POST /logout']);

type Operation = {
  security?: unknown[];
  'x-clients'?: string;
  parameters?: { name: string; in: string; schema?: { type?: string } }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
};

interface Side {
  advertiser: string;
  campaign: string;
  creative: string;
  live: string;
}

let server: TestServer;
let owner: Client;
let admin: Client;
let client: Client;
let clientId: string;
let a: Side;
let b: Side;
/** What would show that an answer carries B's data: its ids and names. */
let bMarkers: string[];

/** An advertiser with a campaign at USD 2.50 CPM, a published banner and 4,000 impressions on it. */
async function side(name: string): Promise<Side> {
  const made = await owner.post<{ id: string }>('/v1/advertiser/create', {
    name: `${name} advertiser`,
    currency: 'USD',
    notes: `${name} internal notes`,
  });
  expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
  const advertiser = made.body.data?.id ?? '';
  const campaign =
    (
      await owner.post<{ id: string }>('/v1/campaign/new', {
        name: `${name} campaign`,
        advertiserId: advertiser,
        data: { rate: { model: 'CPM', amount: 2.5, currency: 'USD' } },
      })
    ).body.data?.id ?? '';
  const creative = await owner.post<{ id: string }>('/v1/campaign/creatives', {
    campaignID: campaign,
    name: `${name} banner`,
    type: 'Banner',
    width: 300,
    height: 250,
    trackers: { click: [{ type: 'redirect', url: 'https://landing.example/' }] },
  });
  expect(creative.httpStatus, JSON.stringify(creative.body)).toBe(200);
  const published = await owner.post<{ liveCreatives: { id: string }[] }>('/v1/campaign/creatives/publish', {
    id: creative.body.data?.id,
  });
  expect(published.httpStatus, JSON.stringify(published.body)).toBe(200);
  const live = published.body.data?.liveCreatives.at(-1)?.id ?? '';
  await server.app.adconsole.events.store.writeBatch([
    {
      liveId: live,
      type: 'impression',
      at: new Date('2026-03-02T12:00:00Z'),
      count: 4_000,
      impressionId: null,
      dims: { site: 'a.example', device: 'desktop', os: 'Windows 10', browser: 'Chrome 126', country: 'DE' },
    },
  ]);
  return { advertiser, campaign, creative: creative.body.data?.id ?? '', live };
}

const carriesB = (body: unknown) => {
  const text = JSON.stringify(body);
  return bMarkers.some((marker) => text.includes(marker));
};

const query = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, one);
  return search.toString();
};

describe(`client access on ${testDatabaseKind()}`, () => {
  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
    a = await side('Alpha');
    b = await side('Bravo');
    bMarkers = [b.advertiser, b.campaign, b.creative, b.live, 'Bravo'];
    ({ client, id: clientId } = await signedInClient(server, admin, [a.advertiser]));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets a client call only the routes that say so: the one rule, and the list of them', () => {
    const open = Object.fromEntries(
      allRoutes
        .filter((route) => route.clients !== undefined && route.access !== 'public')
        .map((route) => [`${route.call.method} ${route.call.path}`, route.clients]),
    );
    // The approval decision (docs/security.md, "Client access") is the one write a client may make.
    const { 'POST /v1/creative/review/decide': decide, ...reads } = open;
    expect(reads).toEqual(CLIENT_ROUTES);
    if (decide !== undefined) expect(decide).toBe('decide');
    for (const route of allRoutes.filter((r) => r.clients !== undefined && r.call.method !== 'GET'))
      expect(['self', 'decide'], `${route.call.method} ${route.call.path}`).toContain(route.clients);
  });

  it("walks every operation of /api/openapi.json as a client of A with B's ids: never B's data, 403 where clients are not let in", async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const idValues = [b.advertiser, b.campaign, b.creative, b.live];
    let walked = 0;
    let refused = 0;
    for (const [url, methods] of Object.entries(document.paths)) {
      if (!url.startsWith('/api/')) continue;
      const path = url.slice('/api'.length);
      for (const [lower, operation] of Object.entries(methods)) {
        const method = lower.toUpperCase();
        if (SESSION_ENDING.has(`${method} ${path}`)) continue;
        const signedIn = (operation.security ?? []).length > 0;
        const params = operation.parameters ?? [];
        const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        const isId = (name: string) => /(^id$|ID$|Id$|IDs$|Ids$|ids$)/.test(name);
        const variants: (string | undefined)[] = [undefined, ...idValues];
        for (const value of variants) {
          const fill = (name: string, type?: string) =>
            value !== undefined && isId(name) ? (type === 'array' ? [value] : value) : undefined;
          const queryParams: Record<string, string | string[]> = {};
          let target = path;
          for (const param of params) {
            const filled =
              fill(param.name, param.schema?.type) ?? (RANGE as Record<string, string>)[param.name];
            if (filled === undefined) continue;
            if (param.in === 'path') target = target.replace(`{${param.name}}`, String(filled));
            else if (param.in === 'query') queryParams[param.name] = filled;
          }
          const body: Record<string, unknown> = {};
          for (const [name, schema] of Object.entries(properties)) {
            const filled = fill(name, schema.type);
            if (filled !== undefined) body[name] = filled;
          }
          const search = query(queryParams);
          const answer = await client.call(
            method,
            `${target.replace(/\{[^}]+\}/g, b.live)}${search ? `?${search}` : ''}`,
            method === 'GET' ? undefined : body,
          );
          walked += 1;
          const name = `${method} ${path} ${value ?? '(no ids)'}`;
          expect(
            answer.httpStatus >= 200 && answer.httpStatus < 300 && carriesB(answer.body),
            `${name} answered B's data: ${JSON.stringify(answer.body).slice(0, 300)}`,
          ).toBe(false);
          if (signedIn && operation['x-clients'] === undefined) {
            expect(answer.httpStatus, name).toBe(403);
            // An admin-only call refuses as it refuses every non-admin; every other one names clients.
            expect([CLIENT_MESSAGES.notForClients, MESSAGES.onlyAdministrators], name).toContain(
              answer.body.message,
            );
            refused += 1;
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(400);
    // The walk was made signed in all along.
    expect((await client.get('/me')).httpStatus).toBe(200);
  });

  it("reads A's advertiser, campaigns, creatives and dashboard (200), without the owner's notes, schedules or costs", async () => {
    const advertisers = await client.get<{ advertisers: { id: string; notes: string | null }[] }>(
      '/v1/advertiser/list',
    );
    expect(advertisers.httpStatus).toBe(200);
    expect(advertisers.body.data?.advertisers).toEqual([
      expect.objectContaining({ id: a.advertiser, name: 'Alpha advertiser', notes: null }),
    ]);
    const mine = await client.get<{ id: string; data: { rate: unknown } }[]>('/v1/campaign/mine');
    expect(mine.httpStatus).toBe(200);
    expect(mine.body.data?.map((campaign) => campaign.id)).toEqual([a.campaign]);
    const one = await client.get<{ data: { rate: unknown; budget: unknown }; scheduledReports: unknown[] }>(
      `/v1/campaign/get?campaignID=${a.campaign}`,
    );
    expect(one.httpStatus).toBe(200);
    expect(one.body.data?.data.rate).toBeNull();
    expect(one.body.data?.scheduledReports).toEqual([]);
    expect((await client.get(`/v1/campaign/get?campaignID=${b.campaign}`)).httpStatus).toBe(404);
    expect((await client.get(`/v1/campaign/creative?id=${a.creative}`)).httpStatus).toBe(200);
    expect((await client.get(`/v1/campaign/creative?id=${b.creative}`)).httpStatus).toBe(404);
    expect((await client.get(`/v1/campaign/creatives?campaignID=${a.campaign}`)).httpStatus).toBe(200);
    expect((await client.get(`/v1/campaign/creatives?campaignID=${b.campaign}`)).httpStatus).toBe(404);
    const dashboard = await client.get<{
      campaignCount: number;
      topCampaigns: { id: string; rate: unknown; totals: Record<string, unknown> }[];
    }>(`/v1/dashboard?${query(RANGE)}`);
    expect(dashboard.httpStatus, JSON.stringify(dashboard.body)).toBe(200);
    expect(dashboard.body.data?.campaignCount).toBe(1);
    expect(dashboard.body.data?.topCampaigns.map((entry) => entry.id)).toEqual([a.campaign]);
    expect(dashboard.body.data?.topCampaigns[0]?.rate).toBeNull();
    expect(Object.keys(dashboard.body.data?.topCampaigns[0]?.totals ?? {})).not.toContain('spend');
  });

  it("reads A's advertiser page (GET /v1/advertiser/get): 200 without notes, orders or money unless clientSeesCosts; B's is 404", async () => {
    type Overview = {
      advertiser: { id: string; notes: string | null; clientSeesCosts?: boolean };
      insertionOrders: { id: string; budget: number }[];
      campaigns: { id: string; impressions: number; spend: number | null; budget?: unknown }[];
    };
    const order = await owner.post('/v1/insertion-order/create', {
      advertiserId: a.advertiser,
      poNumber: 'PO-A1',
      name: 'Alpha order',
      budget: 500,
      campaignIds: [a.campaign],
    });
    expect(order.httpStatus, JSON.stringify(order.body)).toBe(200);
    // The owner reads it all: the notes, the order, the spend (4,000 impressions at USD 2.50 CPM).
    const owners = await owner.get<Overview>(`/v1/advertiser/get?id=${a.advertiser}`);
    expect(owners.body.data?.advertiser.notes).toBe('Alpha internal notes');
    expect(owners.body.data?.insertionOrders).toHaveLength(1);
    expect(owners.body.data?.campaigns[0]).toMatchObject({ id: a.campaign, spend: 10 });

    const costless = await client.get<Overview>(`/v1/advertiser/get?id=${a.advertiser}`);
    expect(costless.httpStatus, JSON.stringify(costless.body)).toBe(200);
    expect(costless.body.data?.advertiser).toMatchObject({
      id: a.advertiser,
      notes: null,
      clientSeesCosts: false,
    });
    expect(costless.body.data?.insertionOrders).toEqual([]);
    expect(costless.body.data?.campaigns).toEqual([
      expect.objectContaining({ id: a.campaign, impressions: 4_000, spend: null, budget: null }),
    ]);
    expect(JSON.stringify(costless.body)).not.toContain('internal notes');

    await server.db.query('update advertisers set client_sees_costs = true where id = $1', [a.advertiser]);
    const costly = await client.get<Overview>(`/v1/advertiser/get?id=${a.advertiser}`);
    expect(costly.body.data?.advertiser.notes).toBeNull();
    expect(costly.body.data?.insertionOrders).toEqual([expect.objectContaining({ budget: 500 })]);
    expect(costly.body.data?.campaigns[0]).toMatchObject({ id: a.campaign, spend: 10 });
    await server.db.query('update advertisers set client_sees_costs = false where id = $1', [a.advertiser]);

    const other = await client.get(`/v1/advertiser/get?id=${b.advertiser}`);
    expect(other.httpStatus).toBe(404);
    expect(carriesB(other.body)).toBe(false);
  });

  it("a client's report of a campaign whose advertiser does not show costs carries none; with clientSeesCosts, USD 10.00 at 2.50 CPM", async () => {
    const report = async () => {
      const answer = await client.get<ReportData>(
        `/v1/campaign/reports?${query({ campaignID: a.campaign, ...RANGE, breakdown: 'site' })}`,
      );
      expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data as ReportData;
    };
    const costless = await report();
    expect(costless.totals.impressions).toBe(4_000);
    const keys = new Set([
      ...Object.keys(costless.totals),
      ...costless.series.flatMap((row) => Object.keys(row)),
      ...costless.creatives.flatMap((creative) => Object.keys(creative.totals)),
      ...(costless.breakdown?.rows ?? []).flatMap((row) => Object.keys(row)),
    ]);
    for (const key of COST_FIGURE_KEYS) expect(keys.has(key), key).toBe(false);
    expect(costless.rate ?? null).toBeNull();
    expect(costless.reportToken).toEqual([]);
    expect(costless.scheduledReports).toEqual([]);
    expect(
      (await client.get(`/v1/campaign/reports?${query({ campaignID: b.campaign, ...RANGE })}`)).httpStatus,
    ).toBe(404);
    expect(
      (await client.get(`/v1/campaign/reports?${query({ liveIDs: b.live, ...RANGE })}`)).httpStatus,
    ).toBe(404);
    // Its CSV download too: the client's own file, without a cost column.
    const csv = await client.get<{ file: string }>(
      `/v1/campaign/reports?${query({ campaignID: a.campaign, ...RANGE, type: 'csv' })}`,
    );
    expect(csv.httpStatus, JSON.stringify(csv.body)).toBe(200);
    const file = await fetch(`${server.url}/api/uploads/${csv.body.data?.file}`, {
      headers: { Cookie: client.cookie ?? '' },
    });
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text).toContain('Impressions');
    expect(text).not.toMatch(/Spend|eCPM|eCPC|CPCV|Conversion value|Cost per conversion|ROAS|USD/);
    await server.db.query('update advertisers set client_sees_costs = true where id = $1', [a.advertiser]);
    const costly = await report();
    // 4,000 impressions at USD 2.50 a thousand: USD 10.00.
    expect(costly.totals).toMatchObject({ impressions: 4_000, spend: 10, ecpm: 2.5 });
    await server.db.query('update advertisers set client_sees_costs = false where id = $1', [a.advertiser]);
  });

  it('a client changes nothing of A: writes answer 403 before anything is read', async () => {
    const writes: [string, string, unknown][] = [
      ['PUT', '/v1/campaign/update', { id: a.campaign, name: 'Renamed' }],
      ['POST', '/v1/campaign/pause', { campaignID: a.campaign }],
      ['DELETE', `/v1/campaign/delete?campaignID=${a.campaign}`, undefined],
      ['POST', '/v1/campaign/newToken', { campaignID: a.campaign }],
      ['POST', '/v1/tokens', { name: 'Mine', scopes: ['reports:read'] }],
      ['PUT', '/v1/advertiser/update', { id: a.advertiser, name: 'Renamed' }],
    ];
    for (const [method, path, body] of writes) {
      const answer = await client.call(method, path, body);
      expect(answer.httpStatus, `${method} ${path}`).toBe(403);
    }
    const kept = await owner.get<{ name: string }>(`/v1/campaign/get?campaignID=${a.campaign}`);
    expect(kept.body.data?.name).toBe('Alpha campaign');
  });

  it("decides on its advertiser's creatives in review, the one write it makes; another advertiser's are 404", async () => {
    for (const creativeID of [a.creative, b.creative]) {
      const submitted = await owner.post('/v1/creative/review/submit', { creativeID });
      expect(submitted.httpStatus, JSON.stringify(submitted.body)).toBe(200);
    }
    const decided = await client.post<{ state: string }>('/v1/creative/review/decide', {
      creativeID: a.creative,
      decision: 'approve',
    });
    expect(decided.httpStatus, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.data?.state).toBe('approved');
    const other = await client.post('/v1/creative/review/decide', {
      creativeID: b.creative,
      decision: 'approve',
    });
    expect(other.httpStatus).toBe(404);
  });

  it("an API token works for no client, even one made before its account became a client's", async () => {
    const { client: other, email } = await signedInUser(server);
    const made = await other.post<{ secret: string }>('/v1/tokens', {
      name: 'Old',
      scopes: ['reports:read'],
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    await server.db.query("update users set role = 'client' where email = $1", [email]);
    const answer = await fetch(`${server.url}/api/v1/dashboard?${query(RANGE)}`, {
      headers: { Authorization: `Bearer ${made.body.data?.secret}` },
    });
    expect(answer.status).toBe(403);
  });

  it('invitations: a client needs existing advertisers; only a client names them; a client keeps its role', async () => {
    const invite = (body: Record<string, unknown>) =>
      admin.post('/v1/users/invite', { emails: ['someone@client.example'], ...body });
    expect((await invite({ role: 'client' })).body.message).toContain(CLIENT_MESSAGES.clientNeedsAdvertisers);
    expect((await invite({ role: 'client', advertiserIds: ['missing'] })).body.message).toBe(
      CLIENT_MESSAGES.unknownAdvertisers,
    );
    expect((await invite({ role: 'user', advertiserIds: [a.advertiser] })).body.message).toContain(
      CLIENT_MESSAGES.advertisersOnlyForClients,
    );
    const role = await admin.put('/v1/users/role', { id: clientId, role: 'user' });
    expect(role.httpStatus).toBe(409);
    expect(role.body.message).toBe(CLIENT_MESSAGES.clientRoleFixed);
  });

  it("the admin's user list shows a client's advertisers; changing them changes what the client reads at once", async () => {
    const users = await admin.get<{ id: string; role: string; advertiserIds?: string[] }[]>('/v1/users');
    expect(users.body.data?.find((user) => user.id === clientId)).toMatchObject({
      role: 'client',
      advertiserIds: [a.advertiser],
    });
    const changed = await admin.put<{ advertiserIds: string[] }>('/v1/users/advertisers', {
      id: clientId,
      advertiserIds: [b.advertiser],
    });
    expect(changed.httpStatus, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data?.advertiserIds).toEqual([b.advertiser]);
    expect((await client.get(`/v1/campaign/get?campaignID=${b.campaign}`)).httpStatus).toBe(200);
    expect((await client.get(`/v1/campaign/get?campaignID=${a.campaign}`)).httpStatus).toBe(404);
    const history = await server.db.query<{ entity: string }>(
      "select entity from audit_log where route = 'PUT /v1/users/advertisers'",
    );
    expect(history.map((row) => row.entity)).toEqual(['user']);
  });
});
