// Conversion actions (docs/conversions.md): the calls under /v1/campaign/conversionActions, their access (another
// owner reads and changes nothing: 404), their checks (name, type, counting, lookback, currency and the
// one-currency rule), archiving, their audit entries, and the campaign's click parameter.
import { type ConversionAction, conversionActionSchema, MESSAGES } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { signedInAdmin, signedInUser } from '../../test/helpers';

describe(`conversion actions on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let stranger: Client;
  let campaignID: string;

  const newCampaign = async (body: Record<string, unknown> = {}) =>
    (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Shop', ...body })).body.data?.id ?? '';
  const create = (body: Record<string, unknown>, client: Client = owner) =>
    client.post<ConversionAction>('/v1/campaign/conversionActions', { campaignID, ...body });
  const auditOf = (id: string) =>
    server.db.query<{ entity: string; action: string; campaign_id: string; changes: unknown }>(
      'select entity, action, campaign_id, changes from audit_log where entity_id = $1 order by id',
      [id],
    );

  beforeAll(async () => {
    server = await startServer();
    owner = (await signedInUser(server)).client;
    stranger = (await signedInUser(server)).client;
    campaignID = await newCampaign();
  });
  afterAll(() => server.close());

  it('creates an action (every conversion, 30 days, USD, 3 a click, at most 100,000.00 by default), reads it, lists it and records the change', async () => {
    const made = await create({ name: 'Purchase', type: 'purchase' });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const action = conversionActionSchema.parse(made.body.data);
    expect(action).toMatchObject({
      campaignID,
      name: 'Purchase',
      type: 'purchase',
      counting: 'every',
      lookbackDays: 30,
      currency: 'USD',
      maxPerClick: 3,
      maxValue: '100000.00',
      archived: false,
    });
    expect((await owner.get(`/v1/campaign/conversionAction?id=${action.id}`)).body.data).toEqual(action);
    const listed = await owner.get<ConversionAction[]>(
      `/v1/campaign/conversionActions?campaignID=${campaignID}`,
    );
    expect(listed.body.data?.map((each) => each.id)).toContain(action.id);
    expect(await auditOf(action.id)).toEqual([
      {
        entity: 'conversionAction',
        action: 'create',
        campaign_id: campaignID,
        changes: {
          archived: [null, false],
          counting: [null, 'every'],
          currency: [null, 'USD'],
          lookbackDays: [null, 30],
          maxPerClick: [null, 3],
          maxValueMinor: [null, 10_000_000],
          name: [null, 'Purchase'],
          type: [null, 'purchase'],
          unsigned: [null, 'tag-only'],
        },
      },
    ]);
  });

  it('the postback settings: a maximum value in the currency (exact, its decimals checked), conversions per click, the key shown once and rotated', async () => {
    const made = await create({
      name: 'Sale',
      type: 'purchase',
      maxValue: '500',
      maxPerClick: 3,
      unsigned: 'refused',
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      maxValue: '500.00',
      maxPerClick: 3,
      unsigned: 'refused',
      postbackKey: null,
    });
    const id = made.body.data?.id ?? '';
    const decimals = await owner.put('/v1/campaign/conversionActions', { id, maxValue: '1.999' });
    expect(decimals.httpStatus).toBe(400);
    expect(decimals.body.message).toContain('USD');
    const cleared = await owner.put<ConversionAction>('/v1/campaign/conversionActions', { id, maxValue: '' });
    expect(cleared.body.data?.maxValue).toBeNull();
    const first = await owner.post<{ action: ConversionAction; key: string }>(
      '/v1/campaign/conversionActions/key',
      {
        id,
      },
    );
    expect(first.httpStatus).toBe(200);
    const key = first.body.data?.key ?? '';
    expect(key).toMatch(/^adck_[A-Za-z0-9_-]{43}$/);
    expect(first.body.data?.action.postbackKey).toEqual({
      hint: key.slice(-4),
      createdAt: expect.any(String),
    });
    // Shown once: never in a read, never stored or audited in clear.
    const read = await owner.get(`/v1/campaign/conversionAction?id=${id}`);
    expect(JSON.stringify(read.body)).not.toContain(key);
    const [row] = await server.db.query<Record<string, unknown>>(
      'select * from conversion_actions where id = $1',
      [id],
    );
    expect(JSON.stringify(row)).not.toContain(key);
    expect(JSON.stringify(await auditOf(id))).not.toContain(key);
    const second = await owner.post<{ key: string }>('/v1/campaign/conversionActions/key', { id });
    expect(second.body.data?.key).not.toBe(key);
    expect((await owner.post('/v1/campaign/conversionActions/key', { id })).httpStatus).toBe(200);
    expect((await stranger.post('/v1/campaign/conversionActions/key', { id })).httpStatus).toBe(404);
  });

  it('lists a campaign of its own oldest first; a campaign without actions lists none', async () => {
    const shop = await newCampaign();
    for (const name of ['First', 'Second'])
      await owner.post('/v1/campaign/conversionActions', { campaignID: shop, name, type: 'lead' });
    const listed = await owner.get<ConversionAction[]>(`/v1/campaign/conversionActions?campaignID=${shop}`);
    expect(listed.body.data?.map((each) => each.name)).toEqual(['First', 'Second']);
    const empty = await owner.get(`/v1/campaign/conversionActions?campaignID=${await newCampaign()}`);
    expect(empty.body.data).toEqual([]);
  });

  it('updates what is sent and keeps the rest; the action sent back as answered is accepted; one audit entry', async () => {
    const action = (await create({ name: 'Lead form', type: 'lead' })).body.data as ConversionAction;
    const changed = await owner.put<ConversionAction>('/v1/campaign/conversionActions', {
      id: action.id,
      counting: 'one-per-click',
      lookbackDays: 7,
    });
    expect(changed.httpStatus, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: 'Lead form',
      type: 'lead',
      counting: 'one-per-click',
      lookbackDays: 7,
    });
    const back = await owner.put<ConversionAction>('/v1/campaign/conversionActions', {
      ...changed.body.data,
      name: 'Lead form (contact page)',
    });
    expect(back.httpStatus, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data?.name).toBe('Lead form (contact page)');
    const entries = await auditOf(action.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
    expect(entries[1]?.changes).toEqual({ counting: ['every', 'one-per-click'], lookbackDays: [30, 7] });
  });

  it('refuses a missing or long name, an unknown type or counting, a lookback outside 1-90 and a non-ISO currency', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'purchase' }, MESSAGES.conversionActionName],
      [{ name: ' ', type: 'purchase' }, MESSAGES.conversionActionName],
      [{ name: 'x'.repeat(101), type: 'purchase' }, MESSAGES.conversionActionNameTooLong],
      [{ name: 'Sale', type: 'sale' }, MESSAGES.conversionActionType],
      [{ name: 'Sale', type: 'purchase', counting: 'first' }, MESSAGES.conversionActionCounting],
      [{ name: 'Sale', type: 'purchase', lookbackDays: 0 }, MESSAGES.conversionActionLookback],
      [{ name: 'Sale', type: 'purchase', lookbackDays: 91 }, MESSAGES.conversionActionLookback],
      [{ name: 'Sale', type: 'purchase', lookbackDays: 1.5 }, MESSAGES.conversionActionLookback],
      [{ name: 'Sale', type: 'purchase', currency: 'usd' }, MESSAGES.conversionActionCurrency],
    ];
    for (const [body, message] of cases) {
      const answer = await create(body);
      expect(answer.httpStatus, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(body)).toContain(message);
    }
    const action = (await create({ name: 'Sign-up', type: 'sign-up' })).body.data as ConversionAction;
    const bad = await owner.put('/v1/campaign/conversionActions', { id: action.id, lookbackDays: 120 });
    expect(bad.httpStatus).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MESSAGES.conversionActionLookback);
  });

  it("another owner's campaign and actions answer 404; nothing of theirs changes", async () => {
    const action = (await create({ name: 'Private', type: 'other' })).body.data as ConversionAction;
    const notFound = [
      await create({ name: 'Intruder', type: 'lead' }, stranger),
      await stranger.get(`/v1/campaign/conversionActions?campaignID=${campaignID}`),
      await stranger.get(`/v1/campaign/conversionAction?id=${action.id}`),
      await stranger.put('/v1/campaign/conversionActions', { id: action.id, name: 'Mine now' }),
      await stranger.post('/v1/campaign/conversionActions/archive', { id: action.id }),
    ];
    expect(notFound.map((answer) => answer.httpStatus)).toEqual([404, 404, 404, 404, 404]);
    expect(notFound[0]?.body.message).toBe(MESSAGES.campaignNotFound);
    expect(notFound[2]?.body.message).toBe(MESSAGES.conversionActionNotFound);
    const still = await owner.get<ConversionAction>(`/v1/campaign/conversionAction?id=${action.id}`);
    expect(still.body.data).toMatchObject({ name: 'Private', archived: false });
    const admin = (await signedInAdmin(server)).client;
    expect((await admin.get(`/v1/campaign/conversionAction?id=${action.id}`)).httpStatus).toBe(200);
  });

  it('archives an action (it stays listed, archived: true) and restores it, one audit entry each', async () => {
    const action = (await create({ name: 'Newsletter', type: 'sign-up' })).body.data as ConversionAction;
    const archived = await owner.post<ConversionAction>('/v1/campaign/conversionActions/archive', {
      id: action.id,
    });
    expect(archived.httpStatus).toBe(200);
    expect(archived.body.data?.archived).toBe(true);
    const listed = await owner.get<ConversionAction[]>(
      `/v1/campaign/conversionActions?campaignID=${campaignID}`,
    );
    expect(listed.body.data?.find((each) => each.id === action.id)?.archived).toBe(true);
    // Archiving again keeps it as it is and writes nothing.
    expect((await owner.post('/v1/campaign/conversionActions/archive', { id: action.id })).httpStatus).toBe(
      200,
    );
    const restored = await owner.post<ConversionAction>('/v1/campaign/conversionActions/unarchive', {
      id: action.id,
    });
    expect(restored.body.data?.archived).toBe(false);
    const entries = await auditOf(action.id);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['create', expect.anything()],
      ['update', { archived: [false, true] }],
      ['update', { archived: [true, false] }],
    ]);
  });

  describe("a campaign's actions share one currency, the booked rate's when it has one", () => {
    const rate = (currency: string) => ({ model: 'CPM', amount: 2.5, currency });

    it("takes the rate's currency by default and refuses another", async () => {
      const booked = await newCampaign({ data: { rate: rate('EUR') } });
      const made = await owner.post<ConversionAction>('/v1/campaign/conversionActions', {
        campaignID: booked,
        name: 'Purchase',
        type: 'purchase',
      });
      expect(made.body.data?.currency).toBe('EUR');
      const refused = await owner.post('/v1/campaign/conversionActions', {
        campaignID: booked,
        name: 'Sale in dollars',
        type: 'purchase',
        currency: 'USD',
      });
      expect(refused.httpStatus).toBe(400);
      expect(refused.body.message).toBe(
        "This campaign's rate is booked in EUR: its conversion actions count value in EUR too (not USD), so ROAS compares like with like.",
      );
      const changed = await owner.put('/v1/campaign/conversionActions', {
        id: made.body.data?.id,
        currency: 'GBP',
      });
      expect(changed.httpStatus).toBe(400);
    });

    it("without a rate, a second action takes the first one's currency and refuses another; the only action may change its own", async () => {
      const shop = await newCampaign();
      const first = await owner.post<ConversionAction>('/v1/campaign/conversionActions', {
        campaignID: shop,
        name: 'Purchase',
        type: 'purchase',
        currency: 'GBP',
      });
      expect(first.body.data?.currency).toBe('GBP');
      const second = await owner.post<ConversionAction>('/v1/campaign/conversionActions', {
        campaignID: shop,
        name: 'Lead',
        type: 'lead',
      });
      expect(second.body.data?.currency).toBe('GBP');
      const refused = await owner.put('/v1/campaign/conversionActions', {
        id: second.body.data?.id,
        currency: 'JPY',
      });
      expect(refused.httpStatus).toBe(400);
      expect(refused.body.message).toBe(
        "This campaign's conversion actions count value in GBP: every action of a campaign uses one currency (not JPY).",
      );
      const alone = await newCampaign();
      const only = await owner.post<ConversionAction>('/v1/campaign/conversionActions', {
        campaignID: alone,
        name: 'Purchase',
        type: 'purchase',
      });
      const moved = await owner.put<ConversionAction>('/v1/campaign/conversionActions', {
        id: only.body.data?.id,
        currency: 'JPY',
      });
      expect(moved.body.data?.currency).toBe('JPY');
    });

    it('attack: a currency changed after conversions counted mixes units in its totals (refused with what to do: a new action)', async () => {
      const alone = await newCampaign();
      const only = await owner.post<ConversionAction>('/v1/campaign/conversionActions', {
        campaignID: alone,
        name: 'Purchase',
        type: 'purchase',
        currency: 'USD',
      });
      const id = only.body.data?.id ?? '';
      expect(only.body.data?.hasCounted).toBe(false);
      // One counted conversion of 49.99 USD in its ledger.
      await server.db.query(
        `insert into conversions (id, action_id, campaign_id, converted_at, value_minor, currency, source)
         values ('counted-usd', $1, $2, now(), 4999, 'USD', 'postback')`,
        [id, alone],
      );
      expect(
        (await owner.get<ConversionAction>(`/v1/campaign/conversionAction?id=${id}`)).body.data?.hasCounted,
      ).toBe(true);
      const refused = await owner.put('/v1/campaign/conversionActions', { id, currency: 'EUR' });
      expect(refused.httpStatus).toBe(400);
      expect(refused.body.message).toBe(MESSAGES.conversionActionCurrencyCounted);
      expect(refused.body.message).toContain('make a new conversion action');
      expect(
        (await owner.get<ConversionAction>(`/v1/campaign/conversionAction?id=${id}`)).body.data?.currency,
      ).toBe('USD');
      // The same currency sent back (the action as answered) is no change, and other fields still change.
      const renamed = await owner.put<ConversionAction>('/v1/campaign/conversionActions', {
        id,
        currency: 'USD',
        name: 'Purchase (USD)',
      });
      expect(renamed.body.data).toMatchObject({ name: 'Purchase (USD)', currency: 'USD' });
    });

    it("a rate is booked only in the actions' currency (archived ones too); clearing it is allowed", async () => {
      const shop = await newCampaign();
      const action = await owner.post<ConversionAction>('/v1/campaign/conversionActions', {
        campaignID: shop,
        name: 'Purchase',
        type: 'purchase',
        currency: 'USD',
      });
      await owner.post('/v1/campaign/conversionActions/archive', { id: action.body.data?.id });
      const refused = await owner.put('/v1/campaign/update', {
        id: shop,
        name: 'Shop',
        data: { rate: rate('EUR') },
      });
      expect(refused.httpStatus).toBe(400);
      expect(refused.body.message).toBe(
        "This campaign's conversion actions count value in USD: book the rate in USD too (not EUR), so ROAS compares like with like.",
      );
      const booked = await owner.put('/v1/campaign/update', {
        id: shop,
        name: 'Shop',
        data: { rate: rate('USD') },
      });
      expect(booked.httpStatus).toBe(200);
      const cleared = await owner.put('/v1/campaign/update', {
        id: shop,
        name: 'Shop',
        data: { rate: null },
      });
      expect(cleared.httpStatus).toBe(200);
    });
  });

  describe("the campaign's click parameter", () => {
    it('is adc_click by default, changes through the campaign edit call, and is kept by edits that leave it out', async () => {
      const id = await newCampaign();
      const got = await owner.get<{ data: { clickParam: string } }>(`/v1/campaign/get?campaignID=${id}`);
      expect(got.body.data?.data.clickParam).toBe('adc_click');
      const changed = await owner.put<{ data: { clickParam: string } }>('/v1/campaign/update', {
        id,
        name: 'Shop',
        data: { clickParam: 'clid' },
      });
      expect(changed.body.data?.data.clickParam).toBe('clid');
      const renamed = await owner.put<{ data: { clickParam: string } }>('/v1/campaign/update', {
        id,
        name: 'Shop renamed',
      });
      expect(renamed.body.data?.data.clickParam).toBe('clid');
      const [entry] = await server.db.query<{ changes: unknown }>(
        "select changes from audit_log where entity_id = $1 and action = 'update' order by id limit 1",
        [id],
      );
      expect(entry?.changes).toEqual({ clickParam: ['adc_click', 'clid'] });
      const copy = await owner.post<{ data: { clickParam: string } }>('/v1/campaign/duplicate', {
        campaignID: id,
      });
      expect(copy.body.data?.data.clickParam).toBe('clid');
    });

    it('can be named when the campaign is made; a name against the pattern is refused with its message; empty is adc_click again', async () => {
      const made = await owner.post<{ id: string; data: { clickParam: string } }>('/v1/campaign/new', {
        name: 'Named',
        data: { clickParam: 'gclid' },
      });
      expect(made.body.data?.data.clickParam).toBe('gclid');
      for (const clickParam of ['1click', 'click id', 'x'.repeat(33)]) {
        const refused = await owner.put('/v1/campaign/update', {
          id: campaignID,
          name: 'Shop',
          data: { clickParam },
        });
        expect(refused.httpStatus, clickParam).toBe(400);
        expect(JSON.stringify(refused.body)).toContain(MESSAGES.clickParam);
      }
      const reset = await owner.put<{ data: { clickParam: string } }>('/v1/campaign/update', {
        id: made.body.data?.id,
        name: 'Named',
        data: { clickParam: '' },
      });
      expect(reset.body.data?.data.clickParam).toBe('adc_click');
    });
  });
});
