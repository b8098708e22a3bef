// The inventory forecast over real HTTP (docs/reports.md, "The inventory forecast"): the serving gate
// counts each request by hour, with the facts of the requests it takes (the forecast's history: each
// tag's first of the hour, then 1 in REQUEST_FACTS_SAMPLE_EVERY, "The history, sampled"); an account's 60 days of requests answer a
// new campaign "DE, mobile, weekdays 09-18 Berlin, 250,000 impressions" with a per-day availability and
// a verdict; a second campaign with the same targeting and flight meets the first as
// contention, with less available; bad input answers clear 400s; another account's history is not read.
import { DELIVERY_FACTS, type ForecastAnswer, REQUEST_FACTS, servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRequestFacts, type RequestFactsRow } from '../../db/queries/request-facts';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive, signedInUser } from '../../test/helpers';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DE = '79.192.7.7';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Weekdays 09:00-17:59 in the campaign's zone. */
const WEEKDAYS_9_TO_18 = Array.from({ length: 7 }, (_, day) =>
  Array.from({ length: 24 }, (_, hour) => day < 5 && hour >= 9 && hour < 18),
);
const TARGETING = {
  countries: { mode: 'include', values: ['DE'] },
  devices: { mode: 'include', values: ['mobile'] },
  daypart: WEEKDAYS_9_TO_18,
};
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const FLIGHT = { start: day(10), end: day(27), timezone: 'Europe/Berlin' };

describe(`the inventory forecast (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;
  let ownerCampaign: string;
  let stranger: Client;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' });
    owner = (await signedInUser(server)).client;
    stranger = (await signedInUser(server)).client;
    ownerCampaign =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Running' })).body.data?.id ?? '';
    // 60 days of the account's requests, every hour: 30 from Germany on phones, 50 from
    // Germany on desktops, 20 from France on phones; 3 in 5 served.
    const rows: RequestFactsRow[] = [];
    const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const facts = (country: string, device: string) =>
      Object.fromEntries(
        DELIVERY_FACTS.map((fact) => [fact, { country, device, language: 'de' }[fact as string] ?? '']),
      ) as RequestFactsRow['facts'];
    for (let at = now - 60 * DAY_MS; at < now; at += HOUR_MS)
      for (const [country, device, requests] of [
        ['DE', 'mobile', 30],
        ['DE', 'desktop', 50],
        ['FR', 'mobile', 20],
      ] as const)
        rows.push({
          campaignId: ownerCampaign,
          bucket: new Date(at),
          facts: facts(country, device),
          requests,
          served: (requests * 3) / 5,
          refused: 0,
        });
    await addRequestFacts(server.db, rows);
  });
  afterAll(() => server.close());

  const forecast = (body: Record<string, unknown>, client: Client = owner) =>
    client.post<ForecastAnswer>('/v1/forecast', body);

  it('a new campaign "DE, mobile, weekdays 09-18 Berlin, 250,000": availability per day and a verdict', async () => {
    const answer = await forecast({ rules: TARGETING, ...FLIGHT, goal: 250_000 });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data as ForecastAnswer;
    expect(data.days).toHaveLength(18);
    // 30 of 100 an hour are German phones; 9 hours of a weekday: 270 requests, 162 impressions.
    const weekday = data.days.find(
      (entry) => ![0, 6].includes(new Date(`${entry.date}T12:00:00Z`).getUTCDay()),
    );
    const weekend = data.days.find((entry) =>
      [0, 6].includes(new Date(`${entry.date}T12:00:00Z`).getUTCDay()),
    );
    expect(weekday?.requests).toBeCloseTo(2400, 6);
    expect(weekday?.kept).toBeCloseTo(270, 6);
    expect(weekday?.impressions).toBeCloseTo(162, 6);
    expect(weekend?.kept).toBe(0);
    const weekdays = data.days.filter((entry) => entry.kept > 0).length;
    expect(data.funnel.map((step) => [step.rule, step.label, Math.round(step.share * 1000) / 1000])).toEqual([
      ['countries', 'Countries', 0.8],
      ['devices', 'Device types', 0.375],
      // 9 hours of each weekday of the flight's 18 days.
      ['daypart', 'Daypart', Math.round(((weekdays * 9) / (18 * 24)) * 1000) / 1000],
    ]);
    expect(data.serveRate).toBeCloseTo(0.6, 9);
    expect(data.verdict.kind).toBe('short');
    expect(data.verdict.shortPerDay).toBeGreaterThan(13_000);
    expect(data.verdict.text).toMatch(/^Falls short by about [\d,]+ impressions a day/);
    expect(data.method).toMatch(/From this account's 144,000 ad requests of the last 60 days/);
    expect(data.contention).toEqual([]);
  });

  it('a second campaign with the same targeting and flight meets the first as contention and finds less', async () => {
    const small = { rules: TARGETING, ...FLIGHT, goal: 1_000 };
    const before = (await forecast(small)).body.data as ForecastAnswer;
    expect(before.verdict.kind).toBe('fitsWithMode');
    const first = await owner.post<{ id: string }>('/v1/campaign/new', {
      name: 'DE mobile weekdays',
      data: {
        start: { date: FLIGHT.start },
        end: { date: FLIGHT.end },
        timezone: FLIGHT.timezone,
        goal: { metric: 'impressions', amount: 1_000 },
        deliveryMode: 'even',
      },
    });
    const firstID = first.body.data?.id ?? '';
    expect(
      (await owner.put('/v1/campaign/deliveryRules', { campaignID: firstID, rules: TARGETING })).httpStatus,
    ).toBe(200);
    const after = (await forecast(small)).body.data as ForecastAnswer;
    expect(after.contention).toEqual([
      expect.objectContaining({
        campaignID: firstID,
        name: 'DE mobile weekdays',
        goal: 1_000,
        deliveryMode: 'even',
        overlap: 1,
      }),
    ]);
    expect(after.contention[0]?.takenPerDay).toBeGreaterThan(0);
    const sum = (answer: ForecastAnswer) => answer.days.reduce((total, entry) => total + entry.available, 0);
    expect(sum(after)).toBeLessThan(sum(before));
    expect(after.method).toMatch(/One other campaign wants some of the same requests/);
    // The first campaign's own forecast (its rules dialog) does not compete with itself.
    const own = (await forecast({ ...small, campaignID: firstID })).body.data as ForecastAnswer;
    expect(own.contention).toEqual([]);
    // Paused, it serves nothing: it leaves the contenders; resumed, it competes again.
    expect((await owner.post('/v1/campaign/pause', { campaignID: firstID })).httpStatus).toBe(200);
    expect(((await forecast(small)).body.data as ForecastAnswer).contention).toEqual([]);
    expect((await owner.post('/v1/campaign/resume', { campaignID: firstID })).httpStatus).toBe(200);
    expect(((await forecast(small)).body.data as ForecastAnswer).contention).toHaveLength(1);
  });

  it('bad input answers 400 naming the field; a flight that ended, and another account, are refused', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ rules: TARGETING, ...FLIGHT, goal: 0 }, /goal: the impressions to deliver/],
      [{ rules: TARGETING, ...FLIGHT, goal: 1.5 }, /goal: the impressions to deliver/],
      [{ rules: TARGETING, ...FLIGHT, end: day(5), goal: 10 }, /end: the flight must end on or after/],
      [{ rules: TARGETING, ...FLIGHT, end: day(600), goal: 10 }, /at most 366 days/],
      [{ rules: TARGETING, ...FLIGHT, timezone: 'Mars/Base', goal: 10 }, /timezone: choose the timezone/],
      [{ rules: TARGETING, ...FLIGHT, start: '7 Dec', goal: 10 }, /start must be a date 'YYYY-MM-DD'/],
      [{ rules: { countries: { mode: 'include', values: ['XX'] } }, ...FLIGHT, goal: 10 }, /countries/],
      [{ rules: TARGETING, ...FLIGHT, start: day(-20), end: day(-2), goal: 10 }, /the flight has ended/],
    ];
    for (const [body, message] of cases) {
      const answer = await forecast(body);
      expect(answer.httpStatus, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const notYours = await forecast({ rules: {}, ...FLIGHT, goal: 10, campaignID: ownerCampaign }, stranger);
    expect(notYours.httpStatus).toBe(404);
    const empty = (await forecast({ rules: {}, ...FLIGHT, goal: 10 }, stranger)).body.data as ForecastAnswer;
    expect(empty.verdict.kind).toBe('noHistory');
    expect(empty.historyRequests).toBe(0);
  });

  /** A published banner of the campaign: a tag of its own (the history takes each tag's first request of the hour). */
  const bannerOf = async (campaignID: string) =>
    publishedLive(owner, campaignID, { name: 'Box', type: 'Banner', width: 300, height: 250 }, [
      { name: 'banner.png', bytes: await demoAsset('banner.png') },
    ]);
  /** A campaign's history by the facts named, summed over its hours (this process's counts written first). */
  const historyOf = async (campaignID: string, facts: string) => {
    // The forecast flushes this process's counts before it reads.
    await forecast({ rules: {}, ...FLIGHT, goal: 10 });
    return server.db.query<Record<string, string | number>>(
      `select ${facts}, sum(requests)::int as requests, sum(served)::int as served, sum(refused)::int as refused
       from ad_request_facts where campaign_id = $1 group by ${facts} order by ${facts}`,
      [campaignID],
    );
  };

  it('serving keeps the requests of people with their facts by hour: served, or refused by its own rules; sampled, every request still counted', async () => {
    const campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Served' })).body.data?.id ?? '';
    // Three tags, each request below its tag's first of the hour: taken with its own facts.
    const [first, second, third] = [
      await bannerOf(campaignID),
      await bannerOf(campaignID),
      await bannerOf(campaignID),
    ];
    const request = (live: string, agent: string) =>
      fetch(`${server.url}/serve/ad/${live}.json`, {
        headers: { 'User-Agent': agent, 'X-Forwarded-For': DE },
      });
    servedAdSchema.parse(await (await request(first, IPHONE)).json());
    await owner.put('/v1/campaign/deliveryRules', {
      campaignID,
      rules: { devices: { mode: 'include', values: ['desktop'] } },
    });
    await request(second, IPHONE);
    await request(third, BROWSER_USER_AGENT);
    expect(await historyOf(campaignID, 'country, device')).toEqual([
      { country: 'DE', device: 'desktop', requests: 1, served: 1, refused: 0 },
      { country: 'DE', device: 'mobile', requests: 2, served: 1, refused: 1 },
    ]);
    // 40 more from desktops to the first tag: about 1 in REQUEST_FACTS_SAMPLE_EVERY has its facts
    // taken (the rest count under the last one taken: the phone's until the next), but each is counted,
    // with its own outcome (served).
    for (let index = 0; index < 40; index += 1) await request(first, BROWSER_USER_AGENT);
    const rows = await historyOf(campaignID, 'country');
    expect(rows).toEqual([{ country: 'DE', requests: 43, served: 42, refused: 1 }]);
  });

  it('a fact the tag carries is kept in its column: the connection type of conn=, refused by a rule on it', async () => {
    const campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Connections' })).body.data?.id ?? '';
    await owner.put('/v1/campaign/deliveryRules', {
      campaignID,
      rules: { connectionTypes: { mode: 'exclude', values: ['4', '5'] } },
    });
    const request = (live: string, conn: string) =>
      fetch(`${server.url}/serve/ad/${live}.json?conn=${conn}`, {
        headers: { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': DE },
      });
    // A tag for each connection type: each tag's first request of the hour is taken with its facts (the
    // second on the first tag counts under the first's, conn=2 both).
    const [cellular, refused, unknown] = [
      await bannerOf(campaignID),
      await bannerOf(campaignID),
      await bannerOf(campaignID),
    ];
    for (const [live, conn] of [
      [cellular, '2'],
      [cellular, '2'],
      [refused, '5'],
      [unknown, '0'],
    ] as const)
      await request(live, conn);
    expect(await historyOf(campaignID, 'connection_type')).toEqual([
      { connection_type: '', requests: 1, served: 1, refused: 0 },
      { connection_type: '2', requests: 2, served: 2, refused: 0 },
      { connection_type: '5', requests: 1, served: 0, refused: 1 },
    ]);
  });

  it('keeps a column for every fact of REQUEST_FACTS, written from the list (a new fact needs no migration)', async () => {
    const columns = await server.db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'ad_request_facts'",
    );
    expect(columns.map((row) => row.column_name)).toEqual(
      expect.arrayContaining(REQUEST_FACTS.map((fact) => fact.column)),
    );
  });
});
