// The demo account's forecast (docs/reports.md, "The inventory forecast"): its seeded history of ad
// requests with their facts answers the new campaign "DE, mobile, weekdays 09-18 Berlin, 250,000
// impressions" over a flight of 18 days, every weekday with requests available, no weekend day; the demo
// campaign, whose flight meets it, is named as contention. How long it takes is a bench's figure
// (`node bench/forecast-answer.mjs`), not this test's.
import type { ForecastAnswer } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestServer } from '../../test/harness';
import { testDatabaseKind } from '../../test/harness';
import { seededDemo } from '../../test/helpers';

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
    expect(data.contention.map((other) => other.name)).toEqual([expect.stringMatching(/./)]);
    expect(data.contention[0]?.overlap).toBeGreaterThan(0.9);
  });
});
