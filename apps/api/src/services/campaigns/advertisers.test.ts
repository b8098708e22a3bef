// Advertisers and insertion orders (docs/product.md §3, §6, §7): the calls with their checks and access,
// the campaigns' advertiser (by id, by the old free text, else 'Unassigned'), an order only of the
// campaign's advertiser, a rate only in the advertiser's currency, the overview's and the report's money
// computed by hand, VAST's <Advertiser> read from the record, the audit log and the tokens' scopes.
import type {
  Advertiser,
  AdvertiserOverview,
  AdvertiserReport,
  Campaign,
  InsertionOrder,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestServer } from '../../test/harness';
import { startServer, testStoresLabel } from '../../test/harness';
import { demoAsset, publishedLive, signedInAdmin, signedInUser, visit } from '../../test/helpers';
import { publish } from '../../test/reports-world';

let server: TestServer;
let owner: Client;
let other: Client;
let admin: Client;

const create = (client: Client, body: Record<string, unknown>) =>
  client.post<Advertiser>('/v1/advertiser/create', body);
const newCampaign = async (client: Client, body: Record<string, unknown>) => {
  const answer = await client.post<Campaign>('/v1/campaign/new', body);
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Campaign;
};
const idOf = async (client: Client, body: Record<string, unknown>) => {
  const answer = await create(client, body);
  expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data?.id ?? '';
};

describe(`advertisers and insertion orders on ${testStoresLabel()}`, () => {
  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
  });
  afterAll(() => server.close());

  it('creates, lists, updates and deletes an advertiser; refuses bad input with a sentence and a taken name', async () => {
    const made = await create(owner, {
      name: '  Acme Outdoor ',
      currency: 'eur',
      billingEmail: ' AP@Acme.example ',
      notes: '',
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      name: 'Acme Outdoor',
      currency: 'EUR',
      billingName: null,
      billingEmail: 'AP@acme.example',
      notes: null,
      unnamed: false,
    });
    const id = made.body.data?.id ?? '';
    expect((await create(owner, { name: 'ACME OUTDOOR', currency: 'USD' })).body).toMatchObject({
      status: 409,
      message: 'You already have an advertiser of this name: choose another name',
    });
    // Another owner may use the name.
    expect((await create(other, { name: 'Acme Outdoor', currency: 'USD' })).httpStatus).toBe(200);
    const bad = await create(owner, {
      name: ' ',
      currency: 'EURO',
      billingEmail: 'nope',
      notes: 'x'.repeat(2001),
    });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        'Fill in the advertiser name',
        'The currency must be an ISO 4217 code such as USD or EUR',
        'The billing e-mail must be an e-mail address',
        'Notes are too long (2,000 characters at most)',
      ]),
    );
    const listed = await owner.get<{ advertisers: (Advertiser & { campaignCount: number })[] }>(
      '/v1/advertiser/list',
    );
    expect(listed.body.data?.advertisers.map((a) => [a.name, a.campaignCount])).toEqual([
      ['Acme Outdoor', 0],
    ]);
    const renamed = await owner.put<Advertiser>('/v1/advertiser/update', {
      ...made.body.data,
      name: 'Acme',
      billingName: 'Acme AP',
    });
    expect(renamed.body.data).toMatchObject({ name: 'Acme', billingName: 'Acme AP', currency: 'EUR' });
    expect((await owner.delete(`/v1/advertiser/delete?id=${id}`)).httpStatus).toBe(200);
    expect((await owner.get(`/v1/advertiser/get?id=${id}`)).httpStatus).toBe(404);
    // Each change is in the audit log, under the advertiser.
    const entries = await server.db.query<{ action: string; changes: Record<string, unknown> }>(
      "select action, changes from audit_log where entity = 'advertiser' and entity_id = $1 order by id",
      [id],
    );
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]?.changes).toEqual({ name: ['Acme Outdoor', 'Acme'], billingName: [null, 'Acme AP'] });
  });

  it("another user's advertiser or order answers 404, an admin reaches it; view=all is the admins'", async () => {
    const id = await idOf(owner, { name: 'Private', currency: 'USD' });
    const order = await owner.post<InsertionOrder>('/v1/insertion-order/create', {
      advertiserId: id,
      poNumber: 'PO-7',
      name: 'Q1',
      budget: 10,
    });
    const orderId = order.body.data?.id ?? '';
    for (const answer of [
      await other.get(`/v1/advertiser/get?id=${id}`),
      await other.put('/v1/advertiser/update', { id, name: 'Mine now' }),
      await other.delete(`/v1/advertiser/delete?id=${id}`),
      await other.get(`/v1/advertiser/report?id=${id}&startDate=2026-01-01&endDate=2026-01-02`),
      await other.get(`/v1/insertion-order/get?id=${orderId}`),
      await other.put('/v1/insertion-order/update', { id: orderId, budget: 1 }),
      await other.post('/v1/insertion-order/create', {
        advertiserId: id,
        poNumber: 'X',
        name: 'X',
        budget: 1,
      }),
    ])
      expect(answer.httpStatus).toBe(404);
    expect((await other.get('/v1/advertiser/list?view=all')).httpStatus).toBe(403);
    expect((await admin.get(`/v1/advertiser/get?id=${id}`)).httpStatus).toBe(200);
    const all = await admin.get<{ advertisers: Advertiser[] }>('/v1/advertiser/list?view=all');
    expect(all.body.data?.advertisers.find((a) => a.id === id)?.ownerEmail).toMatch(/@/);
    // A campaign of the other user cannot be put under the owner's advertiser either.
    const theirs = await newCampaign(other, { name: 'Theirs' });
    expect(
      (await other.put('/v1/campaign/update', { id: theirs.id, name: 'Theirs', advertiserId: id }))
        .httpStatus,
    ).toBe(404);
  });

  it('a campaign takes its advertiser by id, by the old free text (found or made), else the owner’s Unassigned', async () => {
    const user = (await signedInUser(server)).client;
    const none = await newCampaign(user, { name: 'No advertiser' });
    expect(none.data.advertiser).toBeNull();
    const text = await newCampaign(user, { name: 'Texted', data: { advertiser: ' Beta Foods ' } });
    const again = await newCampaign(user, { name: 'Texted again', data: { advertiser: 'beta foods' } });
    expect(text.data.advertiser).toBe('Beta Foods');
    expect(again.advertiserId).toBe(text.advertiserId);
    const listed = await user.get<{ advertisers: (Advertiser & { campaignCount: number })[] }>(
      '/v1/advertiser/list',
    );
    expect(listed.body.data?.advertisers.map((a) => [a.name, a.unnamed, a.campaignCount])).toEqual([
      ['Beta Foods', false, 2],
      ['Unassigned', true, 1],
    ]);
    expect(none.advertiserId).toBe(listed.body.data?.advertisers[1]?.id);
    const moved = await user.put<Campaign>('/v1/campaign/update', {
      id: none.id,
      name: 'No advertiser',
      advertiserId: text.advertiserId,
    });
    expect(moved.body.data).toMatchObject({
      advertiserId: text.advertiserId,
      data: { advertiser: 'Beta Foods' },
    });
    // An update naming none keeps it; null puts it back under Unassigned.
    const kept = await user.put<Campaign>('/v1/campaign/update', { id: none.id, name: 'Renamed' });
    expect(kept.body.data?.advertiserId).toBe(text.advertiserId);
    const history = await user.get<{ entity: string; changes: Record<string, unknown> }[]>(
      `/v1/campaign/history?campaignID=${none.id}`,
    );
    expect(history.body.data?.find((entry) => entry.changes.advertiser)?.changes.advertiser).toEqual([
      null,
      'Beta Foods',
    ]);
    const back = await user.put<Campaign>('/v1/campaign/update', {
      id: none.id,
      name: 'Renamed',
      advertiserId: null,
    });
    expect(back.body.data?.data.advertiser).toBeNull();
    // The copy keeps the original's advertiser unless told otherwise.
    const copy = await user.post<Campaign>('/v1/campaign/duplicate', { campaignID: text.id });
    expect(copy.body.data?.advertiserId).toBe(text.advertiserId);
  });

  it("refuses an insertion order of another advertiser, and a rate not in the advertiser's currency", async () => {
    const euro = await idOf(owner, { name: 'Euro brand', currency: 'EUR' });
    const dollar = await idOf(owner, { name: 'Dollar brand', currency: 'USD' });
    const order = await owner.post<InsertionOrder>('/v1/insertion-order/create', {
      advertiserId: dollar,
      poNumber: 'PO-100',
      name: 'Dollar order',
      budget: 100,
    });
    const refusedOrder = await owner.post('/v1/campaign/new', {
      name: 'Wrong order',
      advertiserId: euro,
      insertionOrderId: order.body.data?.id,
    });
    expect(refusedOrder.body).toMatchObject({
      status: 400,
      message: "The insertion order belongs to another advertiser: choose one of the campaign's advertiser",
    });
    const refusedRate = await owner.post('/v1/campaign/new', {
      name: 'Wrong currency',
      advertiserId: euro,
      data: { rate: { model: 'CPM', amount: 2, currency: 'USD' } },
    });
    expect(refusedRate.body).toMatchObject({
      status: 400,
      message: "data.rate.currency: The rate must be in the advertiser's currency (EUR)",
    });
    const priced = await newCampaign(owner, {
      name: 'Priced in dollars',
      advertiserId: dollar,
      data: { rate: { model: 'CPM', amount: 2, currency: 'USD' } },
    });
    // Moving it to the euro advertiser would leave its rate in another currency.
    const moved = await owner.put('/v1/campaign/update', {
      id: priced.id,
      name: priced.name,
      advertiserId: euro,
    });
    expect(moved.httpStatus).toBe(400);
    // Nor can the advertiser's currency change under it; nor can it go while it has campaigns.
    expect((await owner.put('/v1/advertiser/update', { id: dollar, currency: 'GBP' })).body).toMatchObject({
      status: 409,
      message:
        "The advertiser's currency cannot change while its campaigns have a rate in another currency or a budget",
    });
    expect((await owner.delete(`/v1/advertiser/delete?id=${dollar}`)).httpStatus).toBe(409);
    // An order's campaigns are its advertiser's; a budget has the currency's decimals at most.
    const foreign = await newCampaign(owner, { name: 'Euro campaign', advertiserId: euro });
    expect(
      (await owner.put('/v1/insertion-order/update', { id: order.body.data?.id, campaignIds: [foreign.id] }))
        .body.message,
    ).toBe("An insertion order's campaigns must be campaigns of its advertiser");
    expect(
      (
        await owner.post('/v1/insertion-order/create', {
          advertiserId: dollar,
          poNumber: 'P',
          name: 'N',
          budget: 1.005,
        })
      ).body.message,
    ).toBe('budget: A budget in USD has at most 2 decimals');
  });

  it('the overview and the report: 1,234 impressions at USD 5.00 CPM are USD 6.17, against a USD 100.00 order', async () => {
    const brand = await idOf(owner, { name: 'Counted brand', currency: 'USD' });
    const order = await owner.post<InsertionOrder>('/v1/insertion-order/create', {
      advertiserId: brand,
      poNumber: 'PO-2026-01',
      name: 'January',
      start: { date: '2026-01-01' },
      end: { date: '2026-01-31' },
      budget: 100,
    });
    const orderId = order.body.data?.id ?? '';
    const rate = { model: 'CPM', amount: 5, currency: 'USD' };
    const funded = await newCampaign(owner, {
      name: 'Funded',
      advertiserId: brand,
      insertionOrderId: orderId,
      data: { rate, goal: { metric: 'impressions', amount: 10_000 } },
    });
    const unpriced = await newCampaign(owner, { name: 'Unpriced', advertiserId: brand });
    const live = await publish(owner, funded.id, { name: 'Banner', type: 'Banner' });
    const other = await publish(owner, unpriced.id, { name: 'Banner', type: 'Banner' });
    const imported = await admin.post('/v1/events/import', {
      events: [
        { liveID: live, type: 'impression', at: '2026-01-10T12:00:00Z', count: 1_234 },
        { liveID: live, type: 'click', at: '2026-01-10T12:00:00Z', count: 7 },
        { liveID: other, type: 'impression', at: '2026-01-11T12:00:00Z', count: 100 },
      ],
    });
    expect(imported.httpStatus, JSON.stringify(imported.body)).toBe(200);

    const overview = (await owner.get<AdvertiserOverview>(`/v1/advertiser/get?id=${brand}`)).body.data;
    expect(overview?.campaigns.find((c) => c.id === funded.id)).toMatchObject({
      impressions: 1_234,
      clicks: 7,
      spend: 6.17,
      insertionOrderId: orderId,
      status: 'live',
    });
    expect(overview?.campaigns.find((c) => c.id === unpriced.id)).toMatchObject({
      impressions: 100,
      spend: null,
    });
    // Booked: 10,000 impressions at USD 5.00 CPM = USD 50.00; left: 100.00 - 6.17 = 93.83.
    expect(overview?.insertionOrders).toEqual([
      expect.objectContaining({
        poNumber: 'PO-2026-01',
        budget: 100,
        currency: 'USD',
        campaignIds: [funded.id],
        booked: 50,
        delivered: { impressions: 1_234, clicks: 7, completes: 0 },
        spent: 6.17,
        left: 93.83,
      }),
    ]);
    const orderPage = await owner.get<{ campaigns: { id: string }[]; left: number }>(
      `/v1/insertion-order/get?id=${orderId}`,
    );
    expect(orderPage.body.data).toMatchObject({ left: 93.83, campaigns: [{ id: funded.id }] });

    const report = (
      await owner.get<AdvertiserReport>(
        `/v1/advertiser/report?id=${brand}&startDate=2026-01-01&endDate=2026-01-31&timezone=Europe/Berlin`,
      )
    ).body.data;
    // Each row is the campaign report's own summary over the same days and zone.
    const campaignReport = await owner.get<{ totals: Record<string, unknown> }>(
      `/v1/campaign/reports?campaignID=${funded.id}&start_dt=2026-01-01%2000:00:00&end_dt=2026-01-31%2023:59:59&timezone=Europe/Berlin&withVideoData=true`,
    );
    expect(report?.campaigns.find((c) => c.id === funded.id)?.totals).toEqual(
      campaignReport.body.data?.totals,
    );
    // 1,334 impressions, 7 clicks (CTR 7 / 1,334), spend over the priced campaign only: USD 6.17, eCPM 5.
    expect(report?.totals).toMatchObject({ impressions: 1_334, clicks: 7, spend: 6.17, ecpm: 5 });
    expect(report?.totals.ctr).toBeCloseTo((7 / 1_334) * 100, 10);
    expect(report).toMatchObject({ currency: 'USD', truncated: false, timezone: 'Europe/Berlin' });

    // An order deleted: its campaign keeps running, unlinked.
    expect((await owner.delete(`/v1/insertion-order/delete?id=${orderId}`)).httpStatus).toBe(200);
    const after = await owner.get<Campaign>(`/v1/campaign/get?campaignID=${funded.id}`);
    expect(after.body.data?.insertionOrderId).toBeNull();
  });

  it("VAST's <Advertiser> is the advertiser's name as it is now, and none for the unnamed one", async () => {
    const brand = await idOf(owner, { name: 'Smith & Sons', currency: 'USD' });
    const campaign = await newCampaign(owner, { name: 'Video', advertiserId: brand });
    const live = await publishedLive(
      owner,
      campaign.id,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: await demoAsset('main.mp4') }],
    );
    const vast = async () => (await visit(`${server.url}/serve/vast/${live}.xml`)).text();
    expect(await vast()).toContain('<Advertiser>Smith &amp; Sons</Advertiser>');
    await owner.put('/v1/advertiser/update', { id: brand, name: 'Smith & Daughters' });
    expect(await vast()).toContain('<Advertiser>Smith &amp; Daughters</Advertiser>');
    await owner.put('/v1/campaign/update', { id: campaign.id, name: 'Video', advertiserId: null });
    expect(await vast()).not.toContain('<Advertiser');
  });

  it('API tokens: reads under campaigns:read, writes under campaigns:write', async () => {
    const token = async (scopes: string[]) =>
      ((await owner.post<{ secret: string }>('/v1/tokens', { name: scopes.join(' '), scopes })).body.data
        ?.secret ?? '') as string;
    const call = async (secret: string, method: string, pathname: string, body?: unknown) =>
      (
        await fetch(`${server.url}/api${pathname}`, {
          method,
          headers: {
            Authorization: `Bearer ${secret}`,
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).status;
    const reader = await token(['campaigns:read']);
    const writer = await token(['campaigns:write']);
    const reports = await token(['reports:read']);
    expect(await call(reader, 'GET', '/v1/advertiser/list')).toBe(200);
    expect(await call(reports, 'GET', '/v1/advertiser/list')).toBe(403);
    expect(await call(reader, 'POST', '/v1/advertiser/create', { name: 'By token', currency: 'USD' })).toBe(
      403,
    );
    expect(await call(writer, 'POST', '/v1/advertiser/create', { name: 'By token', currency: 'USD' })).toBe(
      200,
    );
  });
});
