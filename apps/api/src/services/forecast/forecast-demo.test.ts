// The demo account's forecast (docs/reports.md, "The inventory forecast"): its seeded history of ad
// requests with their facts answers the new campaign "DE, mobile, weekdays 09-18 Berlin, 250,000
// impressions" over a flight of 18 days, every weekday with requests available, no weekend day; the demo
// campaign, whose flight meets it, is named as contention. How long it takes is a bench's figure
// (`node bench/forecast-answer.mjs`), not this test's.
import {
  type Campaign,
  type ForecastAnswer,
  forecastAnswerOf,
  forecastAnswerSchema,
  forecastInventory,
  storedDeliveryRules,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listForecastCampaigns, readAccountRequestHistory } from '../../db/queries/request-facts';
import type { Client, TestServer } from '../../test/harness';
import { testDatabaseKind } from '../../test/harness';
import { seededDemo } from '../../test/helpers';
import { forecastContenders } from './forecast';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

describe(`the demo account's forecast on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    ({ server, client } = await seededDemo(21));
  });
  afterAll(async () => server?.close());

  it('"DE, mobile, weekdays 09-18 Berlin", 18 days, 250,000: a per-day availability and a verdict', async () => {
    const answer = await client.post<ForecastAnswer>('/v1/forecast', {
      rules: {
        countries: { mode: 'include', values: ['DE'] },
        devices: { mode: 'include', values: ['mobile'] },
        daypart: Array.from({ length: 7 }, (_, weekday) =>
          Array.from({ length: 24 }, (_, hour) => weekday < 5 && hour >= 9 && hour < 18),
        ),
      },
      start: day(10),
      end: day(27),
      timezone: 'Europe/Berlin',
      goal: 250_000,
    });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data as ForecastAnswer;
    expect(data.historyRequests).toBeGreaterThan(100_000);
    expect(data.days).toHaveLength(18);
    const weekend = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
    expect(data.days.filter((entry) => !weekend(entry.date)).every((entry) => entry.available > 0)).toBe(
      true,
    );
    expect(data.days.filter((entry) => weekend(entry.date)).every((entry) => entry.kept === 0)).toBe(true);
    expect(data.funnel.map((step) => step.rule)).toEqual(['countries', 'devices', 'daypart']);
    expect(data.funnel[0]?.share).toBeGreaterThan(0.03);
    expect(data.funnel[0]?.share).toBeLessThan(0.2);
    // The demo account serves about 10,000 a day in all: 13,889 a day of German phones cannot fit.
    expect(data.verdict.kind).toBe('short');
    // The demo's two campaigns booked in those days contend, each once: Northwind's running one and
    // Contoso's, booked from day 3 to day 45.
    expect(data.contention.map((other) => other.name).sort()).toEqual([
      'Demo campaign',
      'Morning brew launch',
    ]);
    expect(data.contention.find((other) => other.name === 'Demo campaign')?.overlap).toBeGreaterThan(0.9);
  });

  it("the demo campaign's own forecast needs what its page says is needed a day (goal less delivered, over the days left)", async () => {
    const list = await client.get<Campaign[]>('/v1/campaign/mine');
    const campaign = list.body.data?.find((each) => each.pacing && each.data.goal?.metric === 'impressions');
    expect(campaign, 'a demo campaign with an impressions goal').toBeDefined();
    const data = campaign?.data;
    const answer = await client.post<ForecastAnswer>('/v1/forecast', {
      campaignID: campaign?.id,
      rules: {},
      start: data?.start?.date.slice(0, 10),
      end: data?.end?.date.slice(0, 10),
      timezone: data?.timezone ?? 'UTC',
      goal: data?.goal?.amount,
      deliveryMode: data?.deliveryMode ?? 'asap',
    });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const needed = answer.body.data?.days[0]?.needed ?? 0;
    const page = campaign?.pacing?.neededDailyRate ?? 0;
    expect(page).toBeGreaterThan(0);
    // The same figure: the seconds between the two calls move it by far less than a thousandth.
    expect(Math.abs(needed - page) / page).toBeLessThan(1e-3);
  });

  it('a Japanese-only rule in Germany keeps none of the German requests (its real share), never 100 %', async () => {
    const answer = await client.post<ForecastAnswer>('/v1/forecast', {
      rules: {
        countries: { mode: 'include', values: ['DE'] },
        languages: { mode: 'include', values: ['ja'] },
      },
      start: day(1),
      end: day(14),
      timezone: 'Europe/Berlin',
      goal: 10_000,
    });
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    const languages = answer.body.data?.funnel.find((step) => step.rule === 'languages');
    expect(languages).toMatchObject({ read: true, share: 0 });
  });

  it('every country x device targeting (60 combinations) answers within the contract, a few of them over HTTP', async () => {
    const countries = [
      'DE',
      'GB',
      'NL',
      'FR',
      'US',
      'ES',
      'IT',
      'PL',
      'SE',
      'JP',
      'BR',
      'MX',
      'KR',
      'NP',
      'CA',
    ];
    const devices = ['desktop', 'mobile', 'tablet', 'ctv'];
    const body = (country: string, device: string) => ({
      rules: {
        countries: { mode: 'include' as const, values: [country] },
        devices: { mode: 'include' as const, values: [device] },
      },
      start: day(0),
      end: day(40),
      timezone: 'Europe/Berlin',
      goal: 100_000,
    });
    // Over HTTP: the combinations the field saw fail (the days after another campaign's flight ends).
    for (const [country, device] of [
      ['DE', 'desktop'],
      ['DE', 'tablet'],
      ['GB', 'mobile'],
      ['GB', 'tablet'],
      ['NL', 'tablet'],
    ] as const) {
      const answer = await client.post<ForecastAnswer>('/v1/forecast', body(country, device));
      expect(answer.httpStatus, `${country} ${device}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    // All 60 on the demo's own history and campaigns, as the call computes them, at four hours of the day.
    const owner =
      (await server.db.query<{ owner_id: string }>('select owner_id from campaigns limit 1'))[0]?.owner_id ??
      '';
    const now = Date.now();
    const history = await readAccountRequestHistory(
      server.db,
      owner,
      new Date(now - 60 * DAY_MS),
      new Date(now),
    );
    const campaigns = await listForecastCampaigns(server.db, owner, { start: day(0), end: day(40) }, 200);
    const contenders = forecastContenders(campaigns, { start: day(0), end: day(40) });
    expect(contenders.length).toBeGreaterThan(0);
    for (const hour of [0, 6, 12, 18])
      for (const country of countries)
        for (const device of devices) {
          const request = body(country, device);
          const flight = { start: request.start, end: request.end, timezone: request.timezone };
          const input = {
            rules: storedDeliveryRules(request.rules),
            flight,
            goal: request.goal,
            deliveryMode: 'asap' as const,
            history,
            contenders,
            now: Math.floor(now / DAY_MS) * DAY_MS + hour * 3_600_000,
          };
          const answer = forecastAnswerOf(forecastInventory(input), input);
          const parsed = forecastAnswerSchema.safeParse(answer);
          expect(
            parsed.success,
            `${country} ${device} at ${hour}:00: ${JSON.stringify(parsed.error?.issues[0])}`,
          ).toBe(true);
        }
  });
});
