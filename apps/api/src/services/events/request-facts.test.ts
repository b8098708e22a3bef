// The forecast's history as the serving gate adds to it (docs/privacy.md, "What is stored, and for how
// long"): at most REQUEST_FACT_SITES_PER_HOUR distinct sites a campaign's hour, the rest one `~other`
// site, so a script naming a new page on every request adds no row each; a new hour starts afresh.
import {
  type DeliveryFacts,
  OTHER_DIMENSION_VALUE,
  REQUEST_FACT_ROWS_PER_HOUR,
  REQUEST_FACT_SITES_PER_HOUR,
  UNKNOWN_FACTS,
} from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import type { RequestFactsRow } from '../../db/queries/request-facts';
import { RequestFactsCounter } from './request-facts';

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

describe('the forecast history counter', () => {
  it(`keeps at most ${REQUEST_FACT_SITES_PER_HOUR} sites a campaign's hour; the rest count as one ~other site`, async () => {
    const written: RequestFactsRow[] = [];
    const counter = new RequestFactsCounter(async (rows) => {
      written.push(...rows);
    }, 60_000);
    for (let index = 0; index < 5_000; index += 1)
      counter.add('c1', facts(`s${index}.example`), 'served', at);
    // Another campaign has room of its own.
    counter.add('c2', facts('s4999.example'), 'served', at);
    // A site already seen keeps its own row.
    counter.add('c1', facts('s1.example'), 'served', at);
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
    const written: RequestFactsRow[] = [];
    const counter = new RequestFactsCounter(async (rows) => {
      written.push(...rows);
    }, 60_000);
    for (let index = 0; index <= REQUEST_FACT_SITES_PER_HOUR; index += 1)
      counter.add('c1', facts(`s${index}.example`), 'served', at);
    counter.add('c1', facts('late.example'), 'served', at + HOUR_MS);
    await counter.close();
    expect(written.filter((row) => row.bucket.getTime() > at).map((row) => row.facts.site)).toEqual([
      'late.example',
    ]);
  });

  it('S6-6: browsers and OSes are kept by family, the grain the rules read: a new version adds no row', async () => {
    const written: RequestFactsRow[] = [];
    const counter = new RequestFactsCounter(async (rows) => {
      written.push(...rows);
    }, 60_000);
    for (let index = 0; index < 5_000; index += 1)
      counter.add(
        'c1',
        { ...facts('news.example'), browser: `Chrome ${100 + (index % 40)}`, os: `Windows ${index % 12}` },
        'served',
        at,
      );
    await counter.close();
    expect(written.map((row) => [row.facts.browser, row.facts.os, row.requests])).toEqual([
      ['Chrome', 'Windows', 5_000],
    ]);
  });

  it(`S6-6: at most ${REQUEST_FACT_ROWS_PER_HOUR} combinations of facts a campaign's hour; the rest count in one row of ~other facts`, async () => {
    const written: RequestFactsRow[] = [];
    const counter = new RequestFactsCounter(async (rows) => {
      written.push(...rows);
    }, 60_000);
    // Made-up languages and countries: every request a new combination.
    for (let index = 0; index < 3_000; index += 1)
      counter.add(
        'c1',
        { ...facts('news.example'), language: `l${index}`, country: `C${index % 97}` },
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
