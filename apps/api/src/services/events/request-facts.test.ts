// The forecast's history as the serving gate adds to it (docs/privacy.md, "What is stored, and for how
// long"): at most REQUEST_FACT_SITES_PER_HOUR distinct sites a campaign's hour, the rest one `~other`
// site, so a script naming a new page on every request adds no row each; a new hour starts afresh.
// Sampled (docs/reports.md, "The history, sampled"): the first REQUEST_FACTS_EXACT_PER_HOUR requests of a
// tag's hour have their facts taken, then 1 in REQUEST_FACTS_SAMPLE_EVERY, each standing for the requests
// until the next one taken; the budgets' tests take every request (`sampleEvery: 1`), the sampling's
// start it at the hour's first request (`exactPerHour: 1`) and pin the gaps' random source.
import {
  type DeliveryFacts,
  forecastInventory,
  OTHER_DIMENSION_VALUE,
  REQUEST_FACT_ROWS_PER_HOUR,
  REQUEST_FACT_SITES_PER_HOUR,
  type RequestOutcome,
  UNKNOWN_FACTS,
} from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import type { RequestFactsRow } from '../../db/queries/request-facts';
import { mulberry32 } from '../demo/seeded-random';
import {
  REQUEST_FACTS_EXACT_PER_HOUR,
  REQUEST_FACTS_SAMPLE_EVERY,
  RequestFactsCounter,
} from './request-facts';

const HOUR_MS = 3_600_000;
const at = Date.parse('2026-11-26T10:05:00Z');
const facts = (site: string) =>
  ({
    ...UNKNOWN_FACTS,
    country: 'DE',
    device: 'desktop',
    os: 'Windows',
    browser: 'Chrome',
    language: 'de',
    site,
  }) as DeliveryFacts;
/** A request whose facts are `given`. */
const request = (given: DeliveryFacts) => ({ facts: () => given });
/** The request counter's key of a live creative's own tag of campaign `c1`. */
const TAG = 'c1\t\tl1';

/** A counter whose rows land in `written`, with `options` (written when closed). */
function counted(options: ConstructorParameters<typeof RequestFactsCounter>[1]) {
  const written: RequestFactsRow[] = [];
  const counter = new RequestFactsCounter(async (rows) => {
    written.push(...rows);
  }, options);
  return { counter, written };
}
/** Every request taken, its own facts: what the budgets are tested with. */
const EVERY = { everyMs: 60_000, sampleEvery: 1 };

describe('the forecast history counter', () => {
  it(`keeps at most ${REQUEST_FACT_SITES_PER_HOUR} sites a campaign's hour; the rest count as one ~other site`, async () => {
    const { counter, written } = counted(EVERY);
    for (let index = 0; index < 5_000; index += 1)
      counter.add(TAG, request(facts(`s${index}.example`)), 'served', at);
    // Another campaign has room of its own.
    counter.add('c2\t\tl2', request(facts('s4999.example')), 'served', at);
    // A site already seen keeps its own row.
    counter.add(TAG, request(facts('s1.example')), 'served', at);
    await counter.close();
    const c1 = written.filter((row) => row.campaignId === 'c1');
    expect(c1).toHaveLength(REQUEST_FACT_SITES_PER_HOUR + 1);
    expect(c1.find((row) => row.facts.site === OTHER_DIMENSION_VALUE)?.requests).toBe(
      5_000 - REQUEST_FACT_SITES_PER_HOUR,
    );
    expect(c1.find((row) => row.facts.site === 's1.example')?.requests).toBe(2);
    expect(c1.reduce((sum, row) => sum + row.requests, 0)).toBe(5_001);
    expect(written.filter((row) => row.campaignId === 'c2').map((row) => row.facts.site)).toEqual([
      's4999.example',
    ]);
  });

  it('a new hour starts its sites afresh', async () => {
    const { counter, written } = counted(EVERY);
    for (let index = 0; index <= REQUEST_FACT_SITES_PER_HOUR; index += 1)
      counter.add(TAG, request(facts(`s${index}.example`)), 'served', at);
    counter.add(TAG, request(facts('late.example')), 'served', at + HOUR_MS);
    await counter.close();
    expect(written.filter((row) => row.bucket.getTime() > at).map((row) => row.facts.site)).toEqual([
      'late.example',
    ]);
  });

  it('S6-6: browsers and OSes are kept by family, the grain the rules read: a new version adds no row', async () => {
    const { counter, written } = counted(EVERY);
    for (let index = 0; index < 5_000; index += 1)
      counter.add(
        TAG,
        request({
          ...facts('news.example'),
          browser: `Chrome ${100 + (index % 40)}`,
          os: `Windows ${index % 12}`,
        }),
        'served',
        at,
      );
    await counter.close();
    expect(written.map((row) => [row.facts.browser, row.facts.os, row.requests])).toEqual([
      ['Chrome', 'Windows', 5_000],
    ]);
  });

  it(`S6-6: at most ${REQUEST_FACT_ROWS_PER_HOUR} combinations of facts a campaign's hour; the rest count in one row of ~other facts`, async () => {
    const { counter, written } = counted(EVERY);
    // Made-up languages and countries: every request a new combination.
    for (let index = 0; index < 3_000; index += 1)
      counter.add(
        TAG,
        request({ ...facts('news.example'), language: `l${index}`, country: `C${index % 97}` }),
        'served',
        at,
      );
    await counter.close();
    expect(written).toHaveLength(REQUEST_FACT_ROWS_PER_HOUR + 1);
    const other = written.find((row) => row.facts.language === OTHER_DIMENSION_VALUE);
    expect(other?.facts.country).toBe(OTHER_DIMENSION_VALUE);
    expect(other?.requests).toBe(3_000 - REQUEST_FACT_ROWS_PER_HOUR);
    expect(written.reduce((sum, row) => sum + row.requests, 0)).toBe(3_000);
  });
});

describe(`the forecast history, sampled: 1 request in ${REQUEST_FACTS_SAMPLE_EVERY} of a tag's hour`, () => {
  /** The rows of one campaign as [site, requests, served, refused], in the order they were made. */
  const table = (rows: readonly RequestFactsRow[]) =>
    rows.map((row) => [row.facts.site, row.requests, row.served, row.refused]);
  /** `n` requests to TAG at `when`, the i-th on site s<i>, every 4th refused by its own campaign. */
  function requests(counter: RequestFactsCounter, n: number, when = at, from = 0) {
    let asked = 0;
    for (let index = from; index < from + n; index += 1) {
      const outcome: RequestOutcome = index % 4 === 0 ? 'flight' : 'served';
      const taken = () => {
        asked += 1;
        return facts(`s${index}`);
      };
      counter.add(TAG, { facts: taken }, outcome, when);
    }
    return asked;
  }

  it(`takes every request's facts up to the hour's first ${REQUEST_FACTS_EXACT_PER_HOUR} of a tag (a quiet tag's history is exact), then 1 in ${REQUEST_FACTS_SAMPLE_EVERY}`, async () => {
    const { counter, written } = counted({ everyMs: 60_000, random: () => 0.5 });
    expect(REQUEST_FACTS_EXACT_PER_HOUR).toBe(1000);
    let asked = 0;
    // 1,040 requests on four sites in turn: 0-999 each its own facts; 999 then stands for 999-1014,
    // 1015 for 1015-1030 and 1031 for 1031-1039 (all three on s3, the site of every 4th from 3).
    for (let index = 0; index < 1040; index += 1) {
      const taken = () => {
        asked += 1;
        return facts(`s${index % 4}`);
      };
      counter.add(TAG, { facts: taken }, 'served', at);
    }
    await counter.close();
    expect(asked).toBe(1002);
    expect(written.map((row) => [row.facts.site, row.requests])).toEqual([
      ['s0', 250],
      ['s1', 250],
      ['s2', 250],
      ['s3', 249 + 16 + 16 + 9],
    ]);
  });

  it(`takes the first request of the hour and then 1 in ${REQUEST_FACTS_SAMPLE_EVERY}; each stands for the requests until the next, with their own outcomes`, async () => {
    // The gap's random source at its middle: every 16th request exactly.
    const { counter, written } = counted({ everyMs: 60_000, exactPerHour: 1, random: () => 0.5 });
    expect(REQUEST_FACTS_SAMPLE_EVERY).toBe(16);
    // 40 requests: taken 0, 16, 32; their facts asked 3 times, not 40.
    expect(requests(counter, 40)).toBe(3);
    await counter.close();
    // s0 stands for requests 0-15 (0, 4, 8, 12 refused), s16 for 16-31, s32 for 32-39 (32, 36 refused).
    expect(table(written)).toEqual([
      ['s0', 16, 12, 4],
      ['s16', 16, 12, 4],
      ['s32', 8, 6, 2],
    ]);
  });

  it(`draws each gap from 1 to ${2 * REQUEST_FACTS_SAMPLE_EVERY - 1} requests (${REQUEST_FACTS_SAMPLE_EVERY} on average): no fixed stride`, async () => {
    // The random source at its two ends in turn: gaps of 1 and 31.
    let turn = 0;
    const { counter, written } = counted({
      everyMs: 60_000,
      exactPerHour: 1,
      random: () => (turn++ % 2 === 0 ? 0 : 0.9999),
    });
    expect(requests(counter, 40)).toBe(4);
    await counter.close();
    // Taken 0 (gap 1), 1 (gap 31), 32 (gap 1), 33 (gap 31: the hour's last 7).
    expect(table(written)).toEqual([
      ['s0', 1, 0, 1],
      ['s1', 31, 24, 7],
      ['s32', 1, 0, 1],
      ['s33', 7, 6, 1],
    ]);
  });

  it("a tag with few requests still has its history: the first of each tag's hour is always taken", async () => {
    const { counter, written } = counted({ everyMs: 60_000, exactPerHour: 1, random: () => 0.5 });
    // 3 requests of a quiet tag: one row of 3 with the first one's facts.
    requests(counter, 3);
    // Another tag of the same campaign: its first request taken too.
    counter.add('c1\t\tl2', request(facts('other-tag')), 'served', at);
    // The next hour starts again: its first request is taken.
    requests(counter, 2, at + HOUR_MS, 100);
    await counter.close();
    const hourOf = (row: RequestFactsRow) => row.bucket.getTime() - (at - (at % HOUR_MS));
    expect(
      written.map((row) => [hourOf(row), row.facts.site, row.requests, row.served, row.refused]),
    ).toEqual([
      [0, 's0', 3, 2, 1],
      [0, 'other-tag', 1, 1, 0],
      [HOUR_MS, 's100', 2, 1, 1],
    ]);
  });

  it('a write between two requests taken: the requests after it count under the last one taken, in a new row', async () => {
    const { counter, written } = counted({ everyMs: 60_000, exactPerHour: 1, random: () => 0.5 });
    requests(counter, 10);
    await counter.flush();
    requests(counter, 10, at, 10);
    await counter.close();
    // s0 stands for 0-15 (6 of them after the write), s16 for 16-19.
    expect(table(written)).toEqual([
      ['s0', 10, 7, 3],
      ['s0', 6, 5, 1],
      ['s16', 4, 3, 1],
    ]);
  });

  it('the forecast reads the rows as they are: 3,072 requests a day exactly, the German quarter of them within 5 % over a week', async () => {
    // 60 days of 128 requests an hour in random order: a quarter from Germany on phones, the rest from France.
    const random = mulberry32(29);
    const { counter, written } = counted({ everyMs: 3_600_000, exactPerHour: 1, random: mulberry32(11) });
    const now = Date.parse('2026-11-29T00:00:00Z');
    const germany = { ...facts('news.example'), device: 'mobile' } as DeliveryFacts;
    const france = { ...facts('news.example'), country: 'FR' } as DeliveryFacts;
    for (let hour = now - 60 * 24 * HOUR_MS; hour < now; hour += HOUR_MS) {
      const order = Array.from({ length: 128 }, (_, index) => (index < 32 ? germany : france));
      for (let index = order.length - 1; index > 0; index -= 1) {
        const other = Math.floor(random() * (index + 1));
        [order[index], order[other]] = [order[other] as DeliveryFacts, order[index] as DeliveryFacts];
      }
      for (const each of order) counter.add(TAG, request(each), 'served', hour + 60_000);
    }
    await counter.close();
    // Every request counted (about 1 in 16 with its facts taken).
    expect(written.reduce((sum, row) => sum + row.requests, 0)).toBe(60 * 24 * 128);
    const forecast = forecastInventory({
      rules: { countries: { mode: 'include', values: ['DE'] } },
      flight: { start: '2026-12-01', end: '2026-12-07', timezone: 'UTC' },
      goal: 1,
      deliveryMode: 'asap',
      history: written.map((row) => ({
        at: row.bucket.getTime(),
        facts: row.facts,
        requests: row.requests,
        served: row.served,
        refused: row.refused,
      })),
      contenders: [],
      now,
    });
    // The day's requests are exact, not an estimate: 128 × 24.
    for (const day of forecast.days) expect(day.requests).toBeCloseTo(3_072, 6);
    // 768 German requests a day, estimated from the requests taken (about 1.6 % its standard error).
    const kept = forecast.days.reduce((sum, day) => sum + day.kept, 0);
    expect(Math.abs(kept - 7 * 768) / (7 * 768)).toBeLessThan(0.05);
  });
});
