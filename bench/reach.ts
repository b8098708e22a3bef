// Reach (docs/reports.md, "Reach") on PostgreSQL (and PGlite with --only pglite): its error against exact
// counts, its storage and its read time beside the 90-day report's own read, in the same run.
//   1. A fixture of 1,000,000 distinct browsers over 30 days with known overlaps: browser i first seen
//      on day i mod 30, back on days +3 and +7 (within the 30), each visit on creative (7i + visit) mod 20
//      at a quarter hour of its own, written through the store's merge as the serving processes write
//      it. The reach of the whole range, of every 7-day sub-range and of every creative, and the average
//      frequency, each against its exact count (a loop over the browsers).
//   2. 60 more days of a million more browsers, then the sketch bytes per campaign-day (the whole
//      campaign's row and all creatives'), and in five zones the 90-day report as the API reads it
//      (reportFigures over the same 20 creatives and generated events) with its reach and without it
//      (reach's reads answered empty), and reach alone for the campaign and one creative: its first read
//      in the zone (the days' hours merged, then kept as read-day rows) and the reads after it. The goal:
//      the report with reach at most 1.3x the report without. The campaign's zone (--zone, Europe/Berlin)
//      reads the day rows written as ads are served; the other zones their read-day rows once kept.
//
//   pnpm exec tsx bench/reach.ts [--browsers 1000000] [--events 2000000] [--runs 7] [--zone Europe/Berlin] [--only postgres|pglite]
import { reportDays, reportUtcRange, reportZone } from '@adconsole/domain';
import type { Database, SqlValue } from '../apps/api/src/db/database';
import { demoHash as hashOf } from '../apps/api/src/services/demo/demo-reach';
import { readReach } from '../apps/api/src/services/events/queries/reach';
import { localDayOf, type ReachRow } from '../apps/api/src/services/events/reach-sketches';
import { createPostgresEventStore, type EventStore } from '../apps/api/src/services/events/store';
import { reportFigures } from '../apps/api/src/services/reports/figures';
import { reachDays } from '../apps/api/src/services/reports/reach';
import {
  arg,
  generatePostgresEvents,
  LIVES,
  liveIds,
  reportQuery,
  reportScope,
  start,
  time,
  zones,
} from './report-fixture';
import { type ScratchDatabase, scratchPglite, scratchPostgres } from './scratch-database';

const browsers = Number(arg('browsers', '1000000'));
const totalEvents = Number(arg('events', '2000000'));
const runs = Number(arg('runs', '7'));
const only = arg('only', '');
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY_MS = 86_400_000;
const QUARTER_MS = 900_000;
const VISITS = [0, 3, 7];
/** The campaign's zone: its local days are kept as day rows too (the other zones read hours). */
const CAMPAIGN_ZONE = arg('zone', 'Europe/Berlin');

/** The visits of browser `i` (id `offset + i`) over `days` days from `first`: day, creative, instant. */
function visitsOf(i: number, days: number, first: number) {
  const visits: { day: number; live: number; at: number }[] = [];
  const firstDay = i % days;
  VISITS.forEach((after, visit) => {
    const day = firstDay + after;
    if (day >= days) return;
    const quarter = Number.parseInt(hashOf(i * 3 + visit).slice(0, 8), 16) % 96;
    visits.push({ day, live: (7 * i + visit) % LIVES, at: first + (day * 96 + quarter) * QUARTER_MS });
  });
  return visits;
}

/** Writes `count` browsers over `days` days from `first` through the store's merge, a day at a time. */
async function writeBrowsers(store: EventStore, count: number, days: number, first: number, offset: number) {
  for (let day = 0; day < days; day += 1) {
    const rows = new Map<string, ReachRow>();
    const add = (liveId: string, at: number, hash: string) => {
      const key = `${liveId}\t${at}`;
      let row = rows.get(key);
      if (row === undefined) {
        row = {
          campaignId: 'c1',
          liveId,
          kind: 'browser',
          bucket: new Date(at),
          ads: 0,
          hashes: new Set(),
          day: localDayOf(CAMPAIGN_ZONE, at),
        };
        rows.set(key, row);
      }
      row.ads += 1;
      (row.hashes as Set<string>).add(hash);
    };
    for (const after of VISITS) {
      const firstDay = day - after;
      if (firstDay < 0) continue;
      for (let i = firstDay; i < count; i += days)
        for (const visit of visitsOf(i, days, first))
          if (visit.day === day) {
            const hash = hashOf(offset + i);
            add(liveIds[visit.live] as string, visit.at, hash);
            add('', visit.at, hash);
          }
    }
    const all = [...rows.values()];
    for (let at = 0; at < all.length; at += 500) await store.writeReach(all.slice(at, at + 500));
  }
}

/** The exact reach of the fixture's first part: browsers with a visit in [fromDay, toDay), of `live`. */
function exact(count: number, days: number, fromDay: number, toDay: number, live?: number) {
  let reached = 0;
  let visits = 0;
  for (let i = 0; i < count; i += 1) {
    const inRange = visitsOf(i, days, 0).filter(
      (visit) => visit.day >= fromDay && visit.day < toDay && (live === undefined || visit.live === live),
    );
    if (inRange.length > 0) reached += 1;
    visits += inRange.length;
  }
  return { reached, visits };
}

const utcDays = (fromDay: number, toDay: number) => {
  const first = start.getTime();
  return Array.from({ length: toDay - fromDay }, (_, index) => {
    const from = new Date(first + (fromDay + index) * DAY_MS);
    return { date: from.toISOString().slice(0, 10), from, to: new Date(from.getTime() + DAY_MS) };
  });
};
const percent = (estimate: number, truth: number) => `${(((estimate - truth) / truth) * 100).toFixed(2)} %`;

async function measure(label: string, open: () => Promise<ScratchDatabase>) {
  const { db, drop } = await open();
  try {
    const started = performance.now();
    await generatePostgresEvents(db, totalEvents);
    const store = createPostgresEventStore(db);
    await writeBrowsers(store, browsers, 30, start.getTime(), 0);
    console.log(
      `\n${label}: ${browsers.toLocaleString('en')} browsers over 30 days written in ${((performance.now() - started) / 1000).toFixed(0)} s (with ${totalEvents.toLocaleString('en')} events for the report)`,
    );
    await accuracy(store);
    await writeBrowsers(store, browsers, 60, start.getTime() + 30 * DAY_MS, browsers);
    await storage(db);
    await speed(db, store);
  } finally {
    await drop();
  }
}

async function accuracy(store: EventStore) {
  const whole = await readReach(store, { campaignId: 'c1' }, utcDays(0, 30));
  const truth = exact(browsers, 30, 0, 30);
  console.log(
    `whole 30 days: reach ${Math.round(whole.browsers).toLocaleString('en')} of ${truth.reached.toLocaleString('en')} (${percent(whole.browsers, truth.reached)}); average frequency ${(whole.identifiedAds / whole.browsers).toFixed(3)} of ${(truth.visits / truth.reached).toFixed(3)} (${percent(whole.identifiedAds / whole.browsers, truth.visits / truth.reached)})`,
  );
  let worstWeek = 0;
  for (let first = 0; first + 7 <= 30; first += 1) {
    const week = await readReach(store, { campaignId: 'c1' }, utcDays(first, first + 7));
    const weekTruth = exact(browsers, 30, first, first + 7);
    worstWeek = Math.max(worstWeek, Math.abs(week.browsers - weekTruth.reached) / weekTruth.reached);
  }
  let worstCreative = 0;
  for (let live = 0; live < LIVES; live += 1) {
    const one = await readReach(
      store,
      { campaignId: 'c1', liveIds: [liveIds[live] as string] },
      utcDays(0, 30),
    );
    const oneTruth = exact(browsers, 30, 0, 30, live);
    worstCreative = Math.max(worstCreative, Math.abs(one.browsers - oneTruth.reached) / oneTruth.reached);
  }
  console.log(
    `worst of the 24 seven-day ranges: ${(worstWeek * 100).toFixed(2)} %; worst of the ${LIVES} creatives: ${(worstCreative * 100).toFixed(2)} % (goal: each within 2 %)`,
  );
}

async function storage(db: Database) {
  const [sizes] = await db.query<{ whole: string; creatives: string; rows: string }>(
    `select coalesce(sum(octet_length(sketch)) filter (where live_id = ''), 0) as whole,
            coalesce(sum(octet_length(sketch)) filter (where live_id <> ''), 0) as creatives,
            count(*) as rows
       from reach_sketches`,
  );
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `sketch storage per campaign-day (90 days, ${Number(sizes?.rows).toLocaleString('en')} rows): whole campaign ${kib(Number(sizes?.whole) / 90)}, its ${LIVES} creatives ${kib(Number(sizes?.creatives) / 90)}`,
  );
}

/**
 * The same store with reach's reads answered empty: the report without reach, as the API reads it
 * otherwise (reach runs beside the other reads, so its cost is what the report waits longer).
 */
function withoutReach(store: EventStore): EventStore {
  const bound = <T extends object>(target: T, key: PropertyKey) => {
    const value = Reflect.get(target, key, target);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  if (store.kind !== 'postgres') throw new Error('The report without reach is measured on PostgreSQL');
  const db = store.db;
  const query = (sql: string, params?: readonly SqlValue[]) =>
    /reach_sketches/.test(sql) ? Promise.resolve([]) : db.query(sql, params);
  const quiet = new Proxy(db, { get: (target, key) => (key === 'query' ? query : bound(target, key)) });
  return new Proxy(store, { get: (target, key) => (key === 'db' ? quiet : bound(target, key)) });
}

async function speed(db: Database, store: EventStore) {
  // The report as the API reads it (reportFigures: its figures, its reach among them), the same without
  // reach, and reach alone: its first read in a zone (the days' hours merged, then kept as read-day
  // rows) and the reads after it.
  const ctxOf = (events: EventStore) =>
    ({
      db,
      events: { store: events, requests: { flush: async () => {} } },
      traffic: { countryDatabase: null },
      log: () => {},
    }) as unknown as Parameters<typeof reportFigures>[0];
  const ctx = ctxOf(store);
  const bare = ctxOf(withoutReach(store));
  const scope = await reportScope(db);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${'zone'.padEnd(20)} ${'no reach p50'.padStart(12)} ${'report p50'.padStart(11)} ${'x no reach'.padStart(10)} ${'reach 1st'.padStart(10)} ${'reach p50'.padStart(10)} ${"days' SQL".padStart(11)} ${'creative p50'.padStart(13)}`,
  );
  for (const zone of zones) {
    const query = reportQuery(zone);
    const days = reportDays(query);
    const { from } = reportUtcRange(days, reportZone(query));
    const windows = reachDays(days, reportZone(query, from));
    await db.query(`delete from reach_sketches where grain = 'read-day'`);
    const started = performance.now();
    await readReach(store, { campaignId: 'c1' }, windows);
    const first = performance.now() - started;
    const without = await time(runs, () => reportFigures(bare, scope, query));
    const report = await time(runs, () => reportFigures(ctx, scope, query));
    const reach = await time(runs, () => readReach(store, { campaignId: 'c1' }, windows));
    const creative = await time(runs, () => readReach(store, { campaignId: 'c1', liveIds: ['l1'] }, windows));
    // Of reach's read, the statement that brings the days' sketches alone (90 dense sketches a kind).
    const sketches = await time(runs, () =>
      db.query(
        `select kind, bucket, bucket_end, ads, sketch from reach_sketches
          where campaign_id = 'c1' and live_id = '' and grain in ('day', 'read-day') and bucket = any($1::timestamptz[])`,
        [windows.map((window) => window.from.toISOString())],
      ),
    );
    console.log(
      `${zone.label.padEnd(20)} ${ms(without.p50).padStart(12)} ${ms(report.p50).padStart(11)} ${(report.p50 / without.p50).toFixed(2).padStart(9)}x ${ms(first).padStart(10)} ${ms(reach.p50).padStart(10)} ${ms(sketches.p50).padStart(11)} ${ms(creative.p50).padStart(13)}`,
    );
  }
}

if (only !== 'pglite') await measure('PostgreSQL', () => scratchPostgres(adminUrl));
if (only !== 'postgres') await measure('PGlite (on disk)', () => scratchPglite('adconsole-reach-bench'));
