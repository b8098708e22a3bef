// The forecast and its history bounded (docs/security.md, "Round 6"): S6-2, a forecast beside flights
// ending in 2100 walks only its own days, off the event loop, one at a time per user with at most 20 of
// theirs at once; S6-6, the history keeps browsers and OSes by family, so a client changing its browser
// version on every request adds a handful of rows.
import { DELIVERY_FACTS, type ForecastAnswer } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRequestFacts, type RequestFactsRow } from '../../db/queries/request-facts';
import { type Client, startServer, type TestServer, testStoresLabel } from '../../test/harness';
import { demoAsset, publishedLive, signedInUser } from '../../test/helpers';
import { FORECASTS_AT_ONCE_PER_USER, FORECASTS_BUSY } from './forecast';

const DAY_MS = 86_400_000;
const NO_FACTS = Object.fromEntries(DELIVERY_FACTS.map((fact) => [fact, ''])) as RequestFactsRow['facts'];
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const chrome = (major: number, minor: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.${minor}.0 Safari/537.36`;

describe(`the forecast, bounded (${testStoresLabel()})`, () => {
  let server: TestServer;
  let owner: Client;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '100000' });
    owner = (await signedInUser(server)).client;
  });
  afterAll(() => server.close());

  const forecast = (body: Record<string, unknown>, client: Client = owner) =>
    client.post<ForecastAnswer>('/v1/forecast', body);

  it('S6-2: five campaigns ending in 2100, then a 2-day forecast: its 2 days, the health check answering meanwhile', async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const made = await owner.post<{ id: string }>('/v1/campaign/new', {
        name: `Far ${name}`,
        data: {
          start: { date: '2099-01-01' },
          end: { date: '2100-12-31' },
          goal: { metric: 'impressions', amount: 1_000_000 },
        },
      });
      expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
    }
    const body = { rules: {}, start: '2100-12-01', end: '2100-12-02', timezone: 'UTC', goal: 1000 };
    const pending = forecast(body);
    // The health check is answered while the forecast is computed (the old walk held the process 11 s);
    // a bound far above a loaded machine's answer and far below the old block.
    const started = performance.now();
    const health = await fetch(`${server.url}/serve/health`);
    expect(health.ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
    const answer = await pending;
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data?.days.map((entry) => entry.date)).toEqual(['2100-12-01', '2100-12-02']);
    expect(answer.body.data?.contention).toHaveLength(5);
  });

  it(`S6-2: a user's forecasts run one at a time; past ${FORECASTS_AT_ONCE_PER_USER} at once the next is refused with a clear message`, async () => {
    // A history of 60 days, 12 combinations an hour: each forecast reads and computes for a while, so
    // the 21 asked at once are all waiting before the first has answered, on any machine.
    const campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'History' })).body.data?.id ?? '';
    const now = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const rows: RequestFactsRow[] = [];
    for (let at = now - 60 * DAY_MS; at < now; at += 3_600_000)
      for (let combination = 0; combination < 12; combination += 1)
        rows.push({
          campaignId: campaignID,
          bucket: new Date(at),
          facts: {
            ...NO_FACTS,
            country: ['DE', 'FR', 'GB'][combination % 3] as string,
            device: String(combination),
          },
          requests: 10,
          served: 5,
          refused: 0,
        });
    await addRequestFacts(server.db, rows);
    const body = { rules: {}, start: day(1), end: day(300), timezone: 'UTC', goal: 1000 };
    const answers = await Promise.all(
      Array.from({ length: FORECASTS_AT_ONCE_PER_USER + 1 }, () => forecast(body)),
    );
    const refused = answers.filter((answer) => answer.httpStatus === 429);
    const statuses = JSON.stringify(answers.map((answer) => [answer.httpStatus, answer.body.message]));
    expect(
      answers.filter((answer) => answer.httpStatus === 200),
      statuses,
    ).toHaveLength(FORECASTS_AT_ONCE_PER_USER);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body.message).toBe(FORECASTS_BUSY);
    // Another user is not held by this one's queue, and the first user is served again afterwards.
    const other = (await signedInUser(server)).client;
    expect((await forecast(body, other)).httpStatus).toBe(200);
    expect((await forecast(body)).httpStatus).toBe(200);
  });

  it('S6-2: a campaign flight of more than ten years is refused with its message', async () => {
    const answer = await owner.post('/v1/campaign/new', {
      name: 'Forever',
      data: { start: { date: '2026-01-01' }, end: { date: '2100-12-31' } },
    });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.message).toMatch(/A flight runs at most 3,660 days \(ten years\)/);
  });

  it('S6-6: 1,000 requests with a new browser version each (5,000 in request-facts.test.ts) add a handful of history rows, kept by family', async () => {
    const campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Versions' })).body.data?.id ?? '';
    const live = await publishedLive(
      owner,
      campaignID,
      { name: 'Box', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: await demoAsset('banner.png') }],
    );
    const REQUESTS = 1000;
    for (let batch = 0; batch < REQUESTS; batch += 100)
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          fetch(`${server.url}/serve/ad/${live}.json`, {
            headers: {
              'User-Agent': chrome(100 + ((batch + index) % 40), batch + index),
              'X-Forwarded-For': `79.192.${(batch + index) % 250}.${1 + (index % 250)}`,
            },
          }).then((answer) => answer.arrayBuffer()),
        ),
      );
    // The forecast flushes this process's counts before it reads.
    expect(
      (await forecast({ rules: {}, start: day(1), end: day(2), timezone: 'UTC', goal: 10 })).httpStatus,
    ).toBe(200);
    const [row] = await server.db.query<{ rows: number; requests: number; browsers: number }>(
      `select count(*)::int as rows, sum(requests)::int as requests, count(distinct browser)::int as browsers
       from ad_request_facts where campaign_id = $1`,
      [campaignID],
    );
    expect(row?.requests).toBe(REQUESTS);
    // One browser family, one OS family, one country, one device: a row an hour (two if the hour turns).
    expect(row?.browsers).toBe(1);
    expect(row?.rows).toBeLessThanOrEqual(2);
  });
});
