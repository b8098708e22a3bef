// The delivery rules calls (docs/serving.md, "Delivery rules"; docs/api.md) over real HTTP: rules set and
// read per level; bad input answers 400 naming the field and saves nothing; rules that exclude every
// request are refused, alone and with the other level; nobody reads or sets another owner's rules; every
// change is audited from what to what; the estimate before saving from the last 7 days' impressions (by
// hand: 3 of 4 impressions from Germany); the tag tester's reason for one request; an A/B test's variants
// keep the same rules.
import {
  type CampaignDeliveryRules,
  DELIVERY_RULE,
  type DeliveryEstimateAnswer,
  type DeliveryTest,
  deliveryRulesServeNothingMessage,
  MESSAGES,
  servedAdSchema,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive, signedInUser } from '../../test/helpers';
import { readRequestPeriods } from '../events/queries/request-periods';
import { GATE_STEPS } from '../serving/gate';

const DE = '79.192.7.7';
const GB = '81.2.69.142';
const DAY_MS = 86_400_000;
const week = (on: (weekday: number, hour: number) => boolean) =>
  Array.from({ length: 7 }, (_, weekday) => Array.from({ length: 24 }, (__, hour) => on(weekday, hour)));

describe(`the delivery rules calls (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let stranger: Client;
  let campaignID: string;
  let live: string;
  let creativeID: string;
  let other: string;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' });
    owner = (await signedInUser(server)).client;
    stranger = (await signedInUser(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Rules' })).body.data?.id ?? '';
    const image = await demoAsset('banner.png');
    const publish = (name: string) =>
      publishedLive(owner, campaignID, { name, type: 'Banner', width: 300, height: 250 }, [
        { name: 'banner.png', bytes: image },
      ]);
    live = await publish('Leaderboard');
    const otherLive = await publish('Sidebar');
    const creativeOf = async (id: string) =>
      (
        await server.db.query<{ creative_id: string }>(
          'select creative_id from live_creatives where id = $1',
          [id],
        )
      )[0]?.creative_id ?? '';
    creativeID = await creativeOf(live);
    other = await creativeOf(otherLive);
  });
  afterAll(() => server.close());

  const rulesOf = async (client: Client = owner) =>
    client.get<CampaignDeliveryRules>(`/v1/campaign/deliveryRules?campaignID=${campaignID}`);
  const setRules = (rules: unknown, client: Client = owner) =>
    client.put<CampaignDeliveryRules>('/v1/campaign/deliveryRules', { campaignID, rules });
  const setCreativeRules = (id: string, rules: unknown) =>
    owner.put<CampaignDeliveryRules>('/v1/campaign/creatives/deliveryRules', { creativeID: id, rules });

  it("sets and reads a campaign's rules and each creative's own; the campaign answers them for its summary", async () => {
    const set = await setRules({ countries: { mode: 'include', values: ['de', 'AT'] }, unknownSite: 'skip' });
    expect(set.httpStatus, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data?.rules).toEqual({
      countries: { mode: 'include', values: ['AT', 'DE'] },
      unknownSite: 'skip',
    });
    const creative = await setCreativeRules(creativeID, { devices: { mode: 'include', values: ['mobile'] } });
    expect(creative.httpStatus).toBe(200);
    const read = await rulesOf();
    expect(read.body.data).toMatchObject({
      campaignID,
      timezone: 'UTC',
      creatives: [
        { creativeID, name: 'Leaderboard', rules: { devices: { mode: 'include', values: ['mobile'] } } },
        { creativeID: other, name: 'Sidebar', rules: {} },
      ],
    });
    const campaign = await owner.get<{ deliveryRules: unknown }>(`/v1/campaign/get?campaignID=${campaignID}`);
    expect(campaign.body.data?.deliveryRules).toEqual(set.body.data?.rules);
    // Cleared again for the next tests.
    expect((await setRules({})).httpStatus).toBe(200);
    expect((await setCreativeRules(creativeID, {})).httpStatus).toBe(200);
  });

  it('bad input: 400 naming the field, and nothing half-saved', async () => {
    await setRules({ devices: { mode: 'exclude', values: ['ctv'] } });
    const cases: [unknown, string][] = [
      [
        { countries: { mode: 'include', values: ['DE', 'ZZ'] } },
        `rules.countries.values.1: ${MESSAGES.deliveryRuleCountry}`,
      ],
      [
        { devices: { mode: 'include', values: ['phone'] } },
        `rules.devices.values.0: ${MESSAGES.deliveryRuleDevice}`,
      ],
      [{ sites: { allow: ['exa mple.com'] } }, `rules.sites.allow.0: ${MESSAGES.deliveryRuleSite}`],
      [{ daypart: week(() => true).slice(1) }, `rules.daypart: ${MESSAGES.deliveryRuleDaypart}`],
      [
        { daypart: week(() => false) },
        `rules.daypart: ${deliveryRulesServeNothingMessage(DELIVERY_RULE.daypart.servesNothing)}`,
      ],
      [
        { frequencyCaps: [{ count: 0, period: 'day' }] },
        `rules.frequencyCaps.0.count: ${MESSAGES.deliveryRuleCapCount}`,
      ],
      [
        {
          frequencyCaps: [
            { count: 3, period: 'day' },
            { count: 3, period: 'month' },
          ],
        },
        `rules.frequencyCaps.1.period: ${MESSAGES.deliveryRuleCapPeriod}`,
      ],
      [{ uncappable: 'never' }, `rules.uncappable: ${MESSAGES.deliveryRuleUncappable}`],
    ];
    for (const [rules, message] of cases) {
      // A valid rule beside the bad one is not saved either.
      const answer = await setRules({ ...(rules as object), os: { mode: 'include', values: ['Android'] } });
      expect(answer.httpStatus, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect((await rulesOf()).body.data?.rules).toEqual({ devices: { mode: 'exclude', values: ['ctv'] } });
    await setRules({});
  });

  it("rules that leave a creative nothing with the other level's are refused, naming it", async () => {
    expect((await setRules({ countries: { mode: 'include', values: ['DE'] } })).httpStatus).toBe(200);
    const narrowed = await setCreativeRules(creativeID, { countries: { mode: 'include', values: ['FR'] } });
    expect(narrowed.httpStatus).toBe(400);
    expect(narrowed.body.message).toMatch(
      /this creative's rules would exclude every request \(every country is excluded\)/,
    );
    expect(
      (await setCreativeRules(creativeID, { countries: { mode: 'exclude', values: ['AT'] } })).httpStatus,
    ).toBe(200);
    const stranding = await setRules({ countries: { mode: 'include', values: ['AT'] } });
    expect(stranding.httpStatus).toBe(400);
    expect(stranding.body.message).toMatch(/the creative "Leaderboard" could never serve/);
    expect((await rulesOf()).body.data?.rules).toEqual({ countries: { mode: 'include', values: ['DE'] } });
    await setCreativeRules(creativeID, {});
    await setRules({});
  });

  it("nobody reads or sets another owner's rules: 404 as for a missing campaign or creative", async () => {
    expect((await rulesOf(stranger)).httpStatus).toBe(404);
    expect((await setRules({}, stranger)).httpStatus).toBe(404);
    const creative = await stranger.put('/v1/campaign/creatives/deliveryRules', { creativeID, rules: {} });
    expect([creative.httpStatus, creative.body.message]).toEqual([404, MESSAGES.creativeNotFound]);
    expect(
      (await stranger.post('/v1/campaign/deliveryRules/estimate', { campaignID, rules: {} })).httpStatus,
    ).toBe(404);
    expect(
      (await stranger.post('/v1/campaign/deliveryRules/test', { campaignID, liveID: live })).httpStatus,
    ).toBe(404);
  });

  it('every change is audited: who changed which rule from what to what', async () => {
    await setRules({ countries: { mode: 'include', values: ['DE'] } });
    await setRules({
      countries: { mode: 'exclude', values: ['GB'] },
      daypart: week((day, hour) => day < 5 && hour >= 8 && hour < 20),
      frequencyCaps: [
        { count: 10, period: 'week' },
        { count: 3, period: 'day' },
      ],
      uncappable: 'skip',
    });
    const history = await owner.get<{ entity: string; entityId: string; changes: Record<string, unknown> }[]>(
      `/v1/campaign/history?campaignID=${campaignID}`,
    );
    const latest = history.body.data?.find((entry) => entry.entity === 'deliveryRules');
    expect(latest).toMatchObject({
      entityId: campaignID,
      changes: {
        countries: ['include DE', 'exclude GB'],
        daypart: [null, 'Mon 08-20 · Tue 08-20 · Wed 08-20 · Thu 08-20 · Fri 08-20 · Sat none · Sun none'],
        frequencyCaps: [null, '3 a day, 10 a week'],
        uncappable: [null, 'not served'],
      },
    });
    await setRules({});
  });

  it("the audit's 'from' is read under the campaign's lock: four changes at once each record the one before it", async () => {
    await setRules({});
    const countries = ['AT', 'BE', 'CH', 'DK'];
    const answers = await Promise.all(
      countries.map((country) => setRules({ countries: { mode: 'include', values: [country] } })),
    );
    expect(answers.map((answer) => answer.httpStatus)).toEqual([200, 200, 200, 200]);
    const history = await owner.get<{ entity: string; changes: Record<string, [unknown, unknown]> }[]>(
      `/v1/campaign/history?campaignID=${campaignID}`,
    );
    const changes = (history.body.data ?? [])
      .filter((entry) => entry.entity === 'deliveryRules' && entry.changes.countries !== undefined)
      .slice(0, 4)
      .map((entry) => entry.changes.countries ?? [undefined, undefined]);
    // Newest first: each change's 'from' is the 'to' of the change after it in the list, the oldest's
    // 'from' is no rule. Read before the lock, all four said they changed 'no rule' (on PostgreSQL, where
    // the four run at once; PGlite's one connection runs them one after another).
    expect(changes.map(([, to]) => to).sort()).toEqual(countries.map((country) => `include ${country}`));
    for (let index = 0; index < changes.length - 1; index += 1)
      expect(changes[index]?.[0]).toBe(changes[index + 1]?.[1]);
    expect(changes.at(-1)?.[0]).toBeNull();
    await setRules({});
  });

  it("the estimate: the share of the last 7 days' impressions the new rules would have kept (3 of 4 from Germany)", async () => {
    for (const address of [DE, DE, DE, GB]) {
      const headers = { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': address };
      const ad = servedAdSchema.parse(
        await (await fetch(`${server.url}/serve/ad/${live}.json`, { headers })).json(),
      );
      const local = `${server.url}${new URL(ad.events.impression ?? '').pathname}${new URL(ad.events.impression ?? '').search}`;
      expect((await fetch(local, { headers })).status).toBe(200);
    }
    const estimate = await owner.post<DeliveryEstimateAnswer>('/v1/campaign/deliveryRules/estimate', {
      campaignID,
      rules: {
        countries: { mode: 'include', values: ['DE'] },
        devices: { mode: 'include', values: ['desktop'] },
      },
    });
    expect(estimate.httpStatus, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body.data).toMatchObject({
      impressions: 4,
      share: 0.75,
      rules: [
        { rule: 'countries', share: 0.75 },
        { rule: 'devices', share: 1 },
      ],
    });
    // A creative's rules over its own impressions: the other creative had none.
    const creative = await owner.post<DeliveryEstimateAnswer>('/v1/campaign/deliveryRules/estimate', {
      campaignID,
      creativeID: other,
      rules: { countries: { mode: 'include', values: ['DE'] } },
    });
    expect(creative.body.data).toMatchObject({ impressions: 0, share: null });
  });

  /**
   * The campaign's ad requests by outcome, summed over every day from the first tested `at` to tomorrow,
   * read as the report reads them (the event store's own read: PostgreSQL's rollups or ClickHouse's).
   */
  const requestsByOutcome = async () => {
    await server.app.adconsole.events.requests.flush();
    const rows = await readRequestPeriods(
      server.app.adconsole.events.store,
      { campaignId: campaignID },
      new Date('2026-01-01T00:00:00Z'),
      new Date(Date.now() + 2 * DAY_MS),
      { offset: '+00:00' },
      'day',
    );
    const sums: Record<string, number> = {};
    for (const row of rows) sums[row.outcome] = (sums[row.outcome] ?? 0) + row.requests;
    return sums;
  };

  it('the tag tester: why one request would or would not serve, counted nowhere', async () => {
    await setRules({ countries: { mode: 'include', values: ['DE'] } });
    const before = await requestsByOutcome();
    const tested = await owner.post<DeliveryTest>('/v1/campaign/deliveryRules/test', {
      campaignID,
      liveID: live,
      address: GB,
      userAgent: BROWSER_USER_AGENT,
      at: '2026-03-02T09:30:00+01:00',
    });
    expect(tested.body.data).toMatchObject({
      served: false,
      reason: 'country',
      reasonLabel: 'Country',
      liveID: live,
      creativeID,
      request: {
        country: 'GB',
        device: 'desktop',
        os: 'Windows 10',
        browser: 'Chrome 126',
        localTime: 'Mon 08:30',
      },
    });
    const served = await owner.post<DeliveryTest>('/v1/campaign/deliveryRules/test', {
      campaignID,
      liveID: live,
      address: DE,
      site: 'https://www.example.com/page',
    });
    expect(served.body.data).toMatchObject({
      served: true,
      reason: null,
      request: { country: 'DE', site: 'example.com' },
    });
    // Neither the refused nor the served test added to any outcome (a served one would add to the row the
    // estimate's requests made today, leaving the number of rows as it was).
    expect(await requestsByOutcome()).toEqual(before);
    // The read sees what serving counts: one real request from Britain adds one refusal by country.
    const refused = await fetch(`${server.url}/serve/ad/${live}.json`, {
      headers: { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': GB },
    });
    expect(refused.status).toBe(404);
    expect(await requestsByOutcome()).toEqual({ ...before, country: (before.country ?? 0) + 1 });
    const both = await owner.post('/v1/campaign/deliveryRules/test', {
      campaignID,
      liveID: live,
      placementID: 'p',
    });
    expect([both.httpStatus, both.body.message]).toEqual([400, MESSAGES.deliveryTestTag]);
    await setRules({});
  });

  it("the tag tester from a desk: as a phone, with another browser's languages; it names every rule that refuses", async () => {
    await setRules({
      countries: { mode: 'include', values: ['DE'] },
      devices: { mode: 'include', values: ['mobile'] },
      languages: { mode: 'include', values: ['de'] },
    });
    const test = (body: Record<string, unknown>) =>
      owner.post<DeliveryTest>('/v1/campaign/deliveryRules/test', { campaignID, liveID: live, ...body });
    // The desk's own desktop browser, in Britain, in English: three rules refuse it, serving counts the first.
    const desk = await test({ address: GB, userAgent: BROWSER_USER_AGENT, language: 'en-GB,en;q=0.9' });
    expect(desk.body.data).toMatchObject({
      served: false,
      reason: 'country',
      reasons: [
        { reason: 'country', label: 'Country' },
        { reason: 'device', label: 'Device type' },
        { reason: 'language', label: 'Language' },
      ],
      request: { country: 'GB', device: 'desktop', language: 'en' },
    });
    // As a phone in Germany with German as its language: served.
    const phone = await test({ address: DE, device: 'mobile', language: 'de-DE,de;q=0.9' });
    expect(phone.body.data).toMatchObject({
      served: true,
      reasons: [],
      request: { country: 'DE', device: 'mobile', os: 'Android 14', language: 'de' },
    });
    const both = await test({ device: 'mobile', userAgent: BROWSER_USER_AGENT });
    expect([both.httpStatus, both.body.message]).toEqual([400, MESSAGES.deliveryTestDeviceOrAgent]);
    await setRules({});
  });

  it("the tag tester from a desk: a country in place of the address's, a typed user agent, the caller's own languages", async () => {
    await setRules({
      countries: { mode: 'include', values: ['DE'] },
      languages: { mode: 'include', values: ['de'] },
    });
    const test = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      owner.call<DeliveryTest>(
        'POST',
        '/v1/campaign/deliveryRules/test',
        { campaignID, liveID: live, ...body },
        headers,
      );
    // From a British address, as a visitor in Germany, with a German browser's header: served.
    const german = await test(
      { address: GB, country: 'de', userAgent: BROWSER_USER_AGENT },
      { 'Accept-Language': 'de-DE,de;q=0.9' },
    );
    expect(german.body.data).toMatchObject({
      served: true,
      request: { country: 'DE', language: 'de', browser: 'Chrome 126' },
    });
    // The caller's own Accept-Language when no languages are given (once read as unknown): English.
    const english = await test(
      { address: DE, userAgent: BROWSER_USER_AGENT },
      { 'Accept-Language': 'en-US,en;q=0.9' },
    );
    expect(english.body.data).toMatchObject({
      served: false,
      reasons: [{ reason: 'language', label: 'Language' }],
      request: { country: 'DE', language: 'en' },
    });
    // The languages given win over the caller's.
    const given = await test({ address: DE, language: 'de' }, { 'Accept-Language': 'en-US' });
    expect(given.body.data).toMatchObject({ served: true, request: { language: 'de' } });
    const unknown = await test({ country: 'EU' });
    expect([unknown.httpStatus, unknown.body.message]).toEqual([400, MESSAGES.deliveryTestCountry]);
    await setRules({});
  });

  it('the tag tester sets a fact the tag carries from its closed set: the connection type, sent as conn=', async () => {
    await setRules({ connectionTypes: { mode: 'include', values: ['2'] } });
    const test = (body: Record<string, unknown>) =>
      owner.post<DeliveryTest>('/v1/campaign/deliveryRules/test', {
        campaignID,
        liveID: live,
        address: DE,
        userAgent: BROWSER_USER_AGENT,
        ...body,
      });
    const wifi = await test({ connectionType: '2' });
    expect(wifi.body.data).toMatchObject({ served: true, request: { connectionType: '2' } });
    const cellular = await test({ connectionType: '6' });
    expect(cellular.body.data).toMatchObject({
      served: false,
      reasons: [{ reason: 'connectionType', label: 'Connection type' }],
      request: { connectionType: '6' },
    });
    // None given: unknown, as from a tag that does not carry it.
    const none = await test({});
    expect(none.body.data).toMatchObject({ served: false, request: { connectionType: '' } });
    const bad = await test({ connectionType: 'satellite' });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.message).toContain('Unknown connection type');
    await setRules({});
  });

  it("the tag tester judges every step of the gate: paused, out of its flight, each with its reason; a step of the requester's own state said not judged", async () => {
    const test = () =>
      owner.post<DeliveryTest>('/v1/campaign/deliveryRules/test', {
        campaignID,
        liveID: live,
        address: DE,
        userAgent: BROWSER_USER_AGENT,
      });
    const verdicts = (answer: DeliveryTest | undefined) =>
      Object.fromEntries((answer?.steps ?? []).map((step) => [step.step, step.verdict]));
    const open = await test();
    expect(open.body.data).toMatchObject({ served: true, reasons: [] });
    // Every step of the gate, in its order (read from GATE_STEPS: a step added there is answered here).
    expect(open.body.data?.steps?.map((step) => step.step)).toEqual([...GATE_STEPS]);
    expect(new Set(Object.values(verdicts(open.body.data)))).toEqual(new Set(['passed']));
    // Paused: not served, the pause's reason.
    expect((await owner.post('/v1/campaign/pause', { campaignID })).httpStatus).toBe(200);
    const paused = await test();
    expect(paused.body.data).toMatchObject({
      served: false,
      reason: 'paused',
      reasonLabel: 'Paused or archived',
      reasons: [{ reason: 'paused', label: 'Paused or archived' }],
    });
    expect(verdicts(paused.body.data)).toMatchObject({
      paused: 'refused',
      flight: 'passed',
      rules: 'passed',
    });
    expect((await owner.post('/v1/campaign/resume', { campaignID })).httpStatus).toBe(200);
    // Its flight ended: not served, the flight's reason.
    const flight = { start: { date: '2020-01-01' }, end: { date: '2020-01-31' } };
    expect(
      (await owner.put('/v1/campaign/update', { id: campaignID, name: 'Rules', data: flight })).httpStatus,
    ).toBe(200);
    const ended = await test();
    expect(ended.body.data).toMatchObject({
      served: false,
      reason: 'flight',
      reasonLabel: 'Outside the flight',
      reasons: [{ reason: 'flight', label: 'Outside the flight' }],
    });
    // A flight around now again (last year's first day to five years on): served.
    const year = new Date().getUTCFullYear();
    const running = { start: { date: `${year - 1}-01-01` }, end: { date: `${year + 5}-12-31` } };
    expect(
      (await owner.put('/v1/campaign/update', { id: campaignID, name: 'Rules', data: running })).httpStatus,
    ).toBe(200);
    // Frequency caps count the requester's own history: served, the caps step said not judged here, and why.
    await setRules({ frequencyCaps: [{ count: 3, period: 'day' }] });
    const capped = await test();
    expect(capped.body.data).toMatchObject({ served: true, reasons: [] });
    expect(capped.body.data?.steps?.find((step) => step.step === 'caps')).toMatchObject({
      verdict: 'notJudged',
      note: expect.stringContaining('own history'),
    });
    await setRules({});
    expect((await test()).body.data).toMatchObject({ served: true });
    // The answer's `steps` stand in /api/openapi.json, each verdict named.
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const answer = JSON.stringify(
      document.paths['/api/v1/campaign/deliveryRules/test']?.post?.responses[200],
    );
    expect(answer).toContain('"steps"');
    expect(answer).toContain('"notJudged"');
  });

  it("an A/B test's variants have the same rules: a test of differing ones is refused, a variant's rules stay while it runs", async () => {
    await setCreativeRules(creativeID, { countries: { mode: 'include', values: ['DE'] } });
    const placement = await owner.post<{ id: string }>('/v1/campaign/placements', {
      campaignID,
      name: 'Tested',
      items: [{ creativeId: creativeID }, { creativeId: other }],
    });
    const start = () =>
      owner.post('/v1/campaign/placements/abtest', {
        placementID: placement.body.data?.id,
        variants: [creativeID, other],
        control: creativeID,
        goal: 'ctr',
        minimumDetectableEffect: 20,
        baselineRate: 1,
      });
    const refused = await start();
    expect(refused.httpStatus).toBe(400);
    expect(refused.body.message).toMatch(/"Leaderboard" and "Sidebar" differ/);
    await setCreativeRules(creativeID, {});
    expect((await start()).httpStatus).toBe(200);
    const changed = await setCreativeRules(other, { devices: { mode: 'include', values: ['mobile'] } });
    expect([changed.httpStatus, changed.body.message]).toEqual([409, MESSAGES.deliveryRulesInAbTest]);
  });
});
