// The demo account's history of ad requests with their facts (docs/reports.md, "The inventory
// forecast"), so its forecast is full at first look: each hour of the demo's valid impressions is the
// requests served with that row's facts (each fact of REQUEST_FACTS a breakdown keeps, from the row:
// demo-breakdowns.ts' country, device, OS, browser, site; the language the country's; any other fact
// unknown, as from tags that do not carry it), a few more requests of the same facts that got no ad (consent, caps), and,
// once the rules were set, the requests they refused (from China and Russia, on the two blocked sites),
// as demo-delivery.ts counts them by outcome. Written in a few statements: seeding stays fast.
import { DELIVERY_FACTS, REQUEST_FACTS, UNKNOWN_FACTS } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { addRequestFacts, type RequestFactsRow } from '../../db/queries/request-facts';
import type { TrackedEvent } from '../events/tracked-event';
import { mulberry32 } from './seeded-random';

const HOUR_MS = 3_600_000;

/** The primary language of a demo country's browsers. */
const LANGUAGE: Readonly<Record<string, string>> = {
  DE: 'de',
  FR: 'fr',
  ES: 'es',
  MX: 'es',
  IT: 'it',
  NL: 'nl',
  SE: 'sv',
  PL: 'pl',
  KR: 'ko',
  JP: 'ja',
  BR: 'pt',
  NP: 'ne',
  CN: 'zh',
  RU: 'ru',
};
const languageOf = (country: string) => (country === '' ? '' : (LANGUAGE[country] ?? 'en'));

/** A demo request's facts: each one a breakdown keeps from the row's values, the language its country's. */
function demoFacts(dims: Readonly<Partial<Record<string, string>>>): RequestFactsRow['facts'] {
  const facts: RequestFactsRow['facts'] = { ...UNKNOWN_FACTS };
  for (const fact of REQUEST_FACTS) if (fact.breakdown !== null) facts[fact.key] = dims[fact.breakdown] ?? '';
  facts.language = languageOf(facts.country);
  return facts;
}

/** The demo's request history rows of its campaign, from its events. */
export function demoRequestFacts(
  events: readonly TrackedEvent[],
  campaignId: string,
  rulesSince: Date,
): RequestFactsRow[] {
  const random = mulberry32(7171);
  const rows = new Map<string, RequestFactsRow>();
  const servedByHour = new Map<number, number>();
  const add = (
    hour: number,
    facts: RequestFactsRow['facts'],
    requests: number,
    served: number,
    refused: number,
  ) => {
    const key = `${hour}\t${DELIVERY_FACTS.map((fact) => facts[fact]).join('\t')}`;
    const row = rows.get(key);
    if (row) {
      row.requests += requests;
      row.served += served;
      row.refused += refused;
    } else rows.set(key, { campaignId, bucket: new Date(hour), facts, requests, served, refused });
  };
  for (const event of events) {
    if (event.type !== 'impression' || (event.reason ?? null) !== null || !event.dims) continue;
    const hour = Math.floor(event.at.getTime() / HOUR_MS) * HOUR_MS;
    const facts = demoFacts(event.dims);
    add(hour, facts, Math.round(event.count * (1.02 + random() * 0.04)), event.count, 0);
    servedByHour.set(hour, (servedByHour.get(hour) ?? 0) + event.count);
  }
  const refusedFacts = (country: string, site: string) =>
    demoFacts({ country, device: 'desktop', os: 'Windows 10', browser: 'Chrome 126', site });
  for (const [hour, served] of servedByHour) {
    if (hour < rulesSince.getTime()) continue;
    const refused = (share: number) => Math.round(served * share * (0.6 + random() * 0.8));
    add(hour, refusedFacts(random() < 0.6 ? 'CN' : 'RU', 'dailynews.example'), ...triple(refused(0.031)));
    add(hour, refusedFacts('US', 'clickfarm.example'), ...triple(refused(0.012)));
  }
  return [...rows.values()].filter((row) => row.requests > 0);
}

/** Requests that were all refused: [requests, served, refused]. */
const triple = (requests: number): [number, number, number] => [requests, 0, requests];

/** Writes the demo's request history, in batches. */
export async function seedDemoRequestFacts(db: Queryable, rows: readonly RequestFactsRow[]): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += 10_000)
    await addRequestFacts(db, rows.slice(offset, offset + 10_000));
}
