// Duplicating a campaign keeps what copy-fields.ts names copied (docs/product.md, "Duplicating a campaign
// or a creative"): its delivery rules of every kind and its creatives' own rules, so the copy serves and
// refuses exactly as its original (the same requests sent to both over real HTTP); the copy's history
// says what it was duplicated from and what it booked; and every column of the campaigns and creatives
// tables and every field of a campaign's data is either copied or listed as not copied.
import { campaignDataSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../../test/harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive, signedInUser } from '../../test/helpers';
import { CAMPAIGN_COLUMNS_COPY, CAMPAIGN_DATA_COPY, CREATIVE_COLUMNS_COPY } from './copy-fields';

/** Broadband addresses in Germany, Austria and Great Britain. */
const DE = '79.192.7.7';
const AT = '80.110.0.1';
const GB = '81.2.69.142';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** Every hour of the week but one four hours from now (so the daypart narrows and now serves). */
function daypartWithoutOneHour(): boolean[][] {
  const off = new Date(Date.now() + 4 * 3_600_000);
  const offDay = (off.getUTCDay() + 6) % 7;
  return Array.from({ length: 7 }, (_, weekday) =>
    Array.from({ length: 24 }, (__, hour) => !(weekday === offDay && hour === off.getUTCHours())),
  );
}

describe(`duplicating a campaign on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let image: Buffer;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' });
    owner = (await signedInUser(server)).client;
    image = await demoAsset('banner.png');
  });
  afterAll(() => server.close());

  it('every column and data field is copied or listed as not copied', async () => {
    const columns = async (table: string) =>
      (
        await server.db.query<{ column_name: string }>(
          'select column_name from information_schema.columns where table_name = $1 order by column_name',
          [table],
        )
      ).map((row) => row.column_name);
    expect(await columns('campaigns')).toEqual(Object.keys(CAMPAIGN_COLUMNS_COPY).sort());
    expect(await columns('creatives')).toEqual(Object.keys(CREATIVE_COLUMNS_COPY).sort());
    expect(Object.keys(campaignDataSchema.shape).sort()).toEqual(Object.keys(CAMPAIGN_DATA_COPY).sort());
  });

  it('a copy with every kind of rule serves and refuses exactly as its original, and its history says from what', async () => {
    const made = await owner.post<{ id: string }>('/v1/campaign/new', {
      name: 'Germany · desktop · weekdays',
      data: {
        start: { date: day(-1) },
        end: { date: day(30) },
        timezone: 'UTC',
        goal: { metric: 'impressions', amount: 250_000 },
        rate: { model: 'CPM', amount: 4, currency: 'EUR' },
      },
    });
    expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    const campaignID = made.body.data?.id ?? '';
    const rules = {
      countries: { mode: 'include', values: ['DE', 'AT'] },
      devices: { mode: 'exclude', values: ['mobile'] },
      os: { mode: 'exclude', values: ['iOS'] },
      browsers: { mode: 'exclude', values: ['Firefox'] },
      languages: { mode: 'include', values: ['de'] },
      sites: { allow: [], block: ['forum.example.com'] },
      daypart: daypartWithoutOneHour(),
      frequencyCaps: [{ count: 2, period: 'day' }],
    };
    const set = await owner.put('/v1/campaign/deliveryRules', { campaignID, rules });
    expect(set.httpStatus, JSON.stringify(set.body)).toBe(200);
    const originalLive = await publishedLive(
      owner,
      campaignID,
      { name: 'Banner', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: image }],
    );
    const [creative] = await server.db.query<{ id: string }>(
      'select id from creatives where campaign_id = $1',
      [campaignID],
    );
    // The creative's own rules narrow the campaign's: not Austria.
    const creativeRules = await owner.put('/v1/campaign/creatives/deliveryRules', {
      creativeID: creative?.id,
      rules: { countries: { mode: 'exclude', values: ['AT'] } },
    });
    expect(creativeRules.httpStatus, JSON.stringify(creativeRules.body)).toBe(200);

    const copy = await owner.post<{ id: string; creatives: { id: string }[] }>('/v1/campaign/duplicate', {
      campaignID,
    });
    expect(copy.httpStatus, JSON.stringify(copy.body)).toBe(200);
    const copyID = copy.body.data?.id ?? '';
    const stored = async (table: string, column: string, id: string) =>
      (
        await server.db.query<{ rules: unknown }>(
          `select delivery_rules as rules from ${table} where ${column} = $1`,
          [id],
        )
      )[0]?.rules;
    expect(await stored('campaigns', 'id', copyID)).toEqual(await stored('campaigns', 'id', campaignID));
    expect(await stored('creatives', 'campaign_id', copyID)).toEqual({
      countries: { mode: 'exclude', values: ['AT'] },
    });
    const published = await owner.post<{ liveCreatives: { id: string }[] }>(
      '/v1/campaign/creatives/publish',
      {
        id: copy.body.data?.creatives[0]?.id,
      },
    );
    expect(published.httpStatus, JSON.stringify(published.body)).toBe(200);
    const copyLive = published.body.data?.liveCreatives[0]?.id ?? '';

    // The same requests to both: a German desktop Chrome in German first (served), then each refused.
    const requests: [string, Record<string, string>, string][] = [
      ['served', { 'X-Forwarded-For': DE }, ''],
      ['country', { 'X-Forwarded-For': GB }, ''],
      ["the creative's country", { 'X-Forwarded-For': AT }, ''],
      ['device and OS', { 'X-Forwarded-For': DE, 'User-Agent': IPHONE }, ''],
      ['browser', { 'X-Forwarded-For': DE, 'User-Agent': FIREFOX }, ''],
      ['language', { 'X-Forwarded-For': DE, 'Accept-Language': 'en-GB,en;q=0.9' }, ''],
      ['site', { 'X-Forwarded-For': DE }, `?page=${encodeURIComponent('https://forum.example.com/t/1')}`],
      // One device under the cap of 2 a day, GDPR not applying (gdpr=0): served, served, refused.
      ['cap 1', { 'X-Forwarded-For': DE }, '?ifa=6d92078a-8246-4ba4-ae5b-000000000001&gdpr=0'],
      ['cap 2', { 'X-Forwarded-For': DE }, '?ifa=6d92078a-8246-4ba4-ae5b-000000000001&gdpr=0'],
      ['cap 3', { 'X-Forwarded-For': DE }, '?ifa=6d92078a-8246-4ba4-ae5b-000000000001&gdpr=0'],
    ];
    const statuses = async (liveId: string) => {
      const answers: Record<string, number> = {};
      for (const [name, headers, query] of requests)
        answers[name] = (
          await fetch(`${server.url}/serve/ad/${liveId}.json${query}`, {
            headers: { 'User-Agent': BROWSER_USER_AGENT, 'Accept-Language': 'de-DE,de;q=0.9', ...headers },
          })
        ).status;
      return answers;
    };
    const original = await statuses(originalLive);
    expect(original).toEqual({
      served: 200,
      country: 404,
      "the creative's country": 404,
      'device and OS': 404,
      browser: 404,
      language: 404,
      site: 404,
      'cap 1': 200,
      'cap 2': 200,
      'cap 3': 404,
    });
    expect(await statuses(copyLive)).toEqual(original);

    const history = await owner.get<{ action: string; changes: Record<string, [unknown, unknown]> }[]>(
      `/v1/campaign/history?campaignID=${copyID}`,
    );
    const created = history.body.data?.find((entry) => entry.action === 'create' && entry.changes.copiedFrom);
    expect(created?.changes.copiedFromName?.[1]).toBe('Germany · desktop · weekdays');
    expect(created?.changes.copiedFrom?.[1]).toBe(campaignID);
    expect(created?.changes.goal?.[1]).toBe('250,000 impressions');
  });

  interface Copy {
    id: string;
    name: string;
    data: { start: { date: string } | null; end: { date: string } | null; timezone: string };
    pausedAt: string | null;
    pacing: { status: string } | null;
  }
  const running = async (name: string) =>
    (
      await owner.post<{ id: string }>('/v1/campaign/new', {
        name,
        data: {
          start: { date: day(-10) },
          end: { date: day(19) },
          goal: { metric: 'impressions', amount: 300_000 },
        },
      })
    ).body.data?.id ?? '';

  it('takes a name and new flight days: the copy of a running campaign is "not started", never at risk', async () => {
    const campaignID = await running('Running spring');
    await owner.post('/v1/campaign/pause', { campaignID });
    const copy = await owner.post<Copy>('/v1/campaign/duplicate', {
      campaignID,
      name: 'Summer push',
      start: day(0),
      end: day(29),
    });
    expect(copy.httpStatus, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.data?.name).toBe('Summer push');
    expect(copy.body.data?.data.start?.date).toBe(day(0));
    expect(copy.body.data?.data.end?.date).toBe(day(29));
    // A paused original's copy is not paused.
    expect(copy.body.data?.pausedAt).toBeNull();
    expect(copy.body.data?.pacing?.status).toBe('not-started');
    // Left out, the copy rule's name and the original's days.
    const plain = await owner.post<Copy>('/v1/campaign/duplicate', { campaignID });
    expect(plain.body.data?.name).toBe('Running spring (Copy)');
    expect(plain.body.data?.data.start?.date).toBe(day(-10));
    // Only an end: checked against the original's start.
    const endOnly = await owner.post<Copy>('/v1/campaign/duplicate', { campaignID, end: day(40) });
    expect(endOnly.body.data?.data).toMatchObject({ start: { date: day(-10) }, end: { date: day(40) } });
    const history = await owner.get<{ changes: Record<string, [unknown, unknown]> }[]>(
      `/v1/campaign/history?campaignID=${copy.body.data?.id}`,
    );
    expect(history.body.data?.[0]?.changes).toMatchObject({
      name: [null, 'Summer push'],
      start: [null, day(0)],
      copiedFromName: [null, 'Running spring'],
    });
  });

  it('refuses bad names and days with a 400 naming the field, and copies nothing', async () => {
    const campaignID = await running('Refused copies');
    const count = async () => (await owner.get<Copy[]>('/v1/campaign/mine?q=Refused')).body.data?.length ?? 0;
    const before = await count();
    const refused: [Record<string, unknown>, RegExp][] = [
      [{ start: day(5), end: day(1) }, /end.*The end date must be on or after the start date/],
      [{ start: day(0), end: day(4000) }, /end.*A flight runs at most 3,660 days/],
      // The original starts 10 days ago: an end before it is refused too.
      [{ end: day(-20) }, /end.*The end date must be on or after the start date/],
      [{ start: '2026-02-30' }, /start/],
      [{ start: 'tomorrow' }, /start must be a date 'YYYY-MM-DD'/],
      [{ name: '   ' }, /Fill in the campaign name/],
      [{ name: 'x'.repeat(201) }, /Campaign name is too long/],
      [{ colour: 'red' }, /colour/],
    ];
    for (const [body, message] of refused) {
      const answer = await owner.post('/v1/campaign/duplicate', { campaignID, ...body });
      expect(answer.httpStatus, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(body)).toMatch(message);
    }
    expect(await count()).toBe(before);
  });
});
