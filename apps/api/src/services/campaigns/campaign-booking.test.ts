// A campaign's goal and booked rate (docs/product.md §3): stored with the campaign, answered in
// its data, changed or cleared (null) by an update, copied by a duplicate, recorded in the audit log, and
// refused with the domain's messages when invalid (packages/domain/src/campaigns/pricing.ts).
import { MESSAGES, rateDecimalsMessage } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';

interface Booked {
  id: string;
  name: string;
  data: { goal: unknown; rate: unknown; advertiser: string | null };
}
interface Entry {
  route: string | null;
  action: string;
  entity: string;
  changes: Record<string, [unknown, unknown]>;
}

const GOAL = { metric: 'impressions', amount: 1_000_000 };
const RATE = { model: 'CPM', amount: 2.5, currency: 'USD' };

describe(`a campaign's goal and rate on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let other: Client;
  let admin: Client;
  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    other = (await signedInUser(server)).client;
    admin = (await signedInAdmin(server)).client;
  });
  afterAll(() => server.close());

  const create = async (data: Record<string, unknown>) => {
    const answer = await owner.post<Booked>('/v1/campaign/new', { name: 'Booked', data });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Booked;
  };
  const get = async (id: string, client = owner) =>
    (await client.get<Booked>(`/v1/campaign/get?campaignID=${id}`)).body.data as Booked;
  const history = async (id: string) =>
    (await owner.get<Entry[]>(`/v1/campaign/history?campaignID=${id}`)).body.data ?? [];

  it('creates a campaign with a goal and a rate and answers them in its data; without them both are null', async () => {
    const booked = await create({ goal: GOAL, rate: RATE });
    expect(booked.data).toMatchObject({ goal: GOAL, rate: RATE });
    expect((await get(booked.id)).data).toMatchObject({ goal: GOAL, rate: RATE });
    const plain = await create({});
    expect(plain.data).toMatchObject({ goal: null, rate: null });
  });

  it('an update changes the goal or rate it sends, keeps what it leaves out, and null clears', async () => {
    const booked = await create({ goal: GOAL, rate: RATE });
    const cpc = { model: 'CPC', amount: 0.4, currency: 'EUR' };
    const changed = await owner.put<Booked>('/v1/campaign/update', {
      id: booked.id,
      name: 'Booked',
      data: { rate: cpc },
    });
    expect(changed.httpStatus, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data?.data).toMatchObject({ goal: GOAL, rate: cpc });
    const cleared = await owner.put<Booked>('/v1/campaign/update', {
      id: booked.id,
      name: 'Booked',
      data: { goal: null, rate: null },
    });
    expect(cleared.body.data?.data).toMatchObject({ goal: null, rate: null });
    expect((await get(booked.id)).data).toMatchObject({ goal: null, rate: null });
  });

  it('the whole campaign as answered goes back unchanged (goal and rate included)', async () => {
    const booked = await create({ goal: GOAL, rate: RATE });
    const back = await owner.put<Booked>('/v1/campaign/update', { ...(await get(booked.id)), name: 'Again' });
    expect(back.httpStatus, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data?.data).toMatchObject({ goal: GOAL, rate: RATE });
  });

  it('refuses an invalid goal or rate with a 400 naming the field and the domain message', async () => {
    const refused = async (data: Record<string, unknown>, message: string) => {
      const answer = await owner.post('/v1/campaign/new', { name: 'Refused', data });
      expect(answer.httpStatus).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(message);
    };
    // USD has two decimals: 2.505 is not a price.
    await refused({ rate: { ...RATE, amount: 2.505 } }, rateDecimalsMessage('USD', 2));
    await refused({ rate: { ...RATE, currency: 'XYZ' } }, MESSAGES.rateCurrency);
    await refused({ rate: { ...RATE, currency: 'usd' } }, MESSAGES.rateCurrency);
    await refused({ rate: { ...RATE, model: 'CPA' } }, MESSAGES.rateModel);
    await refused({ rate: { ...RATE, amount: 0 } }, MESSAGES.rateAmount);
    await refused({ goal: { ...GOAL, amount: 0 } }, MESSAGES.goalAmount);
    await refused({ goal: { ...GOAL, amount: 1.5 } }, MESSAGES.goalAmount);
    await refused({ goal: { ...GOAL, metric: 'sales' } }, MESSAGES.goalMetric);
    // The same rules on an update, and nothing changes.
    const booked = await create({ goal: GOAL, rate: RATE });
    const answer = await owner.put('/v1/campaign/update', {
      id: booked.id,
      name: 'Booked',
      data: { rate: { ...RATE, amount: 2.505 } },
    });
    expect(answer.httpStatus).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('data.rate.amount');
    expect((await get(booked.id)).data.rate).toEqual(RATE);
  });

  it("the audit log records goal and rate as people read them ('1,000,000 impressions', 'USD 2.50 CPM'), at creation and each change as [before, after]", async () => {
    const booked = await create({ goal: GOAL, rate: RATE });
    await owner.put('/v1/campaign/update', { id: booked.id, name: 'Booked', data: { goal: null } });
    const [cleared, created] = await history(booked.id);
    // As people read them: the history shows these texts.
    expect(created?.changes).toMatchObject({
      goal: [null, '1,000,000 impressions'],
      rate: [null, 'USD 2.50 CPM'],
    });
    expect(cleared).toMatchObject({ action: 'update', route: 'PUT /v1/campaign/update' });
    expect(cleared?.changes).toEqual({ goal: ['1,000,000 impressions', null] });
    await owner.put('/v1/campaign/update', {
      id: booked.id,
      name: 'Booked',
      data: { rate: { model: 'CPCV', amount: 0.05, currency: 'EUR' } },
    });
    const [changed] = await history(booked.id);
    expect(changed?.changes).toEqual({ rate: ['USD 2.50 CPM', 'EUR 0.05 CPCV'] });
  });

  it('a duplicate carries the goal and rate', async () => {
    const booked = await create({ goal: GOAL, rate: RATE });
    const copy = await owner.post<Booked>('/v1/campaign/duplicate', { campaignID: booked.id });
    expect(copy.httpStatus).toBe(200);
    expect(copy.body.data?.data).toMatchObject({ goal: GOAL, rate: RATE });
    const [entry] = await history(copy.body.data?.id ?? '');
    expect(entry?.changes).toMatchObject({
      goal: [null, '1,000,000 impressions'],
      rate: [null, 'USD 2.50 CPM'],
    });
  });

  it("another user's campaign is 404 for setting a goal or rate; an admin may set it", async () => {
    const booked = await create({});
    const answer = await other.put('/v1/campaign/update', {
      id: booked.id,
      name: 'Mine',
      data: { goal: GOAL },
    });
    expect(answer.httpStatus).toBe(404);
    expect((await get(booked.id)).data.goal).toBeNull();
    const byAdmin = await admin.put<Booked>('/v1/campaign/update', {
      id: booked.id,
      name: 'Booked',
      data: { goal: GOAL },
    });
    expect(byAdmin.body.data?.data.goal).toEqual(GOAL);
  });
});
