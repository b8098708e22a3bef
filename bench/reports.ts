// A 90-day report of a campaign with 20 live creatives, over 10 million generated events, in five
// timezones, on PGlite (on disk) and PostgreSQL: p50 and p95 of the report as the API reads it (the
// campaign rollups for its series and grid, in the coarsest exact grain: hours for whole-hour zones,
// UTC days for UTC by day, 15-minute rows otherwise; each creative's total over the range), beside
// the same report read from the 15-minute rollups only and the same figures computed from the raw
// events, all in the same run. Beside the report, the store reads it makes (the
// same calls, at once, as figures.ts makes them): the difference is the time the report spends outside
// the database. Then the same report with a breakdown (site, country): its p50 and p95. Goals (printed,
// never asserted): report p50 at most 50 ms, breakdown p95 at most 300 ms on PostgreSQL.
//
//   pnpm exec tsx bench/reports.ts [--events 10000000] [--runs 15] [--raw-runs 15] [--only postgres|pglite]
// (--raw-runs: the raw-event reference takes 7-12 s a run at 10 million events; fewer runs keep the
// whole bench under half an hour.)
import { reportDays, reportUtcRange, reportZone } from '@adconsole/domain';
import type { Database } from '../apps/api/src/db/database';
import { readCodes } from '../apps/api/src/services/events/queries/codes';
import { readInvalidPeriods } from '../apps/api/src/services/events/queries/invalid-periods';
import { readReportRows } from '../apps/api/src/services/events/queries/report-rows';
import { createPostgresEventStore, type EventStore } from '../apps/api/src/services/events/store';
import { reportFigures } from '../apps/api/src/services/reports/figures';
import {
  arg,
  type BenchZone,
  DAYS,
  day,
  end,
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

const totalEvents = Number(arg('events', '10000000'));
const runs = Number(arg('runs', '15'));
const rawRuns = Number(arg('raw-runs', String(runs)));
const only = arg('only', '');
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The same report figures from raw events: one grouping over every event of the range. */
async function fromRawEvents(db: Database, zone: BenchZone) {
  const local = zone.timezone ? `(at at time zone $3::text)` : `(at at time zone $3::interval)`;
  const from = new Date(`${day(start)}T00:00:00Z`);
  return db.query(
    `select live_id, to_char(${local}, 'YYYY-MM-DD') as period, type, sum(count) as events
       from events where live_id = any($4::text[]) and at >= $1 and at < $2
      group by 1, 2, 3`,
    [from, end, zone.timezone ?? zone.tzOffset, liveIds],
  );
}

async function measure(label: string, open: () => Promise<ScratchDatabase>) {
  const { db, drop } = await open();
  try {
    const started = performance.now();
    await generatePostgresEvents(db, totalEvents);
    const [{ rows, hours, days } = { rows: 0, hours: 0, days: 0 }] = await db.query<{
      rows: number;
      hours: number;
      days: number;
    }>(
      `select (select count(*)::int from event_rollups) as rows, (select count(*)::int from event_hour_rollups) as hours,
              (select count(*)::int from event_day_rollups) as days`,
    );
    const count = (value: number) => value.toLocaleString('en');
    console.log(
      `\n${label}: ${count(totalEvents)} events generated with their ${count(rows)} 15-minute, ${count(hours)} hourly and ${count(days)} daily rollup rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const store: EventStore = createPostgresEventStore(db);
    const quarters: EventStore = createPostgresEventStore(db, { grains: 'quarter' });
    const contextOf = (events: EventStore) =>
      ({
        db,
        // The report writes this process's counts before reading reach and frequency: none here.
        events: { store: events, requests: { flush: async () => {} } },
        traffic: { countryDatabase: null },
        log: () => {},
      }) as unknown as Parameters<typeof reportFigures>[0];
    const ctx = contextOf(store);
    const scope = await reportScope(db);
    const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;
    console.log(
      `${'zone'.padEnd(20)} ${'grains p50'.padStart(11)} ${'p95'.padStart(8)}   ${'reads p50'.padStart(10)}   ${'15-min p50'.padStart(11)} ${'p95'.padStart(8)}   ${'raw p50'.padStart(9)} ${'p95'.padStart(8)}`,
    );
    for (const zone of zones) {
      const query = reportQuery(zone);
      const days = reportDays(query);
      const { from, to } = reportUtcRange(days, reportZone(query));
      const local = reportZone(query, from);
      const grains = await time(runs, () => reportFigures(ctx, scope, query));
      const reads = await time(runs, () =>
        Promise.all([
          readReportRows(store, liveIds, from, to, local, 'day', { bannerIds: liveIds, campaignId: 'c1' }),
          readInvalidPeriods(store, liveIds, from, to, local, 'day'),
          readCodes(store, liveIds, from, to),
        ]),
      );
      const fine = await time(runs, () => reportFigures(contextOf(quarters), scope, query));
      const raw = await time(rawRuns, () => fromRawEvents(db, zone));
      console.log(
        `${zone.label.padEnd(20)} ${ms(grains.p50).padStart(11)} ${grains.p95.toFixed(1).padStart(8)}   ${ms(reads.p50).padStart(10)}   ${ms(fine.p50).padStart(11)} ${fine.p95.toFixed(1).padStart(8)}   ${ms(raw.p50, 0).padStart(9)} ${raw.p95.toFixed(0).padStart(8)}`,
      );
    }
    // The same report of a campaign that books a goal and a rate over a 90-day flight in the report's
    // zone, 60 days in: its pacing reads the flight by local day (one statement more, beside the others)
    // and every row gets its spend. A campaign without a goal reads nothing more (the table above).
    console.log(
      `${'with goal and rate'.padEnd(20)} ${'grains p50'.padStart(11)} ${'p95'.padStart(8)}   (pacing read and spend; compare with grains p50 above)`,
    );
    for (const zone of zones) {
      const query = reportQuery(zone);
      const booked = {
        ...scope,
        campaign: {
          ...scope.campaign,
          body: {
            data: {
              start: { date: day(start) },
              end: { date: day(new Date(end.getTime() - 86_400_000)) },
              timezone: zone.timezone ?? zone.tzOffset,
              goal: { metric: 'impressions' as const, amount: 10_000_000 },
              rate: { model: 'CPM' as const, amount: 2.5, currency: 'USD' },
            },
          },
        },
      };
      const clocked = { ...ctx, clock: () => end.getTime() - 30 * 86_400_000 };
      const paced = await time(runs, () => reportFigures(clocked, booked, query));
      console.log(
        `${zone.label.padEnd(20)} ${ms(paced.p50).padStart(11)} ${paced.p95.toFixed(1).padStart(8)}`,
      );
    }
    // Breakdowns: the same 90-day range of the campaign by site (40 values) and country (20), as the
    // report with breakdown= reads them (whole UTC days by day, the edges by quarter hour), beside the
    // same report with its figures from the 15-minute rollups.
    console.log(
      `${'breakdown'.padEnd(24)} ${'grains p50'.padStart(11)} ${'p95'.padStart(8)}   ${'15-min p50'.padStart(11)} ${'p95'.padStart(8)}   (goal: p95 at most 300 ms on PostgreSQL)`,
    );
    for (const zone of zones) {
      for (const dimension of ['site', 'country'] as const) {
        const query = { ...reportQuery(zone), breakdown: dimension };
        const breakdown = await time(runs, () => reportFigures(ctx, scope, query));
        const fine = await time(runs, () => reportFigures(contextOf(quarters), scope, query));
        console.log(
          `${`${zone.label} ${dimension}`.padEnd(24)} ${ms(breakdown.p50).padStart(11)} ${breakdown.p95.toFixed(1).padStart(8)}   ${ms(fine.p50).padStart(11)} ${fine.p95.toFixed(1).padStart(8)}`,
        );
      }
    }
  } finally {
    await drop();
  }
}

console.log(
  `A ${DAYS}-day report of a campaign with ${LIVES} live creatives; ${runs} runs per zone after one warm-up.`,
);
if (only !== 'pglite') {
  await measure('PostgreSQL', () => scratchPostgres(adminUrl));
}
if (only !== 'postgres') {
  await measure('PGlite', () => scratchPglite('bench-reports'));
}
console.log(
  '\nGoals: report p50 at most 50 ms on PostgreSQL (a whole campaign: its series and hour-of-week grid from the campaign rollups, 90 × 24 hourly rows or 90 × 96 15-minute ones; each creative as one total over the range); breakdown p95 at most 300 ms on PostgreSQL, 100 ms on ClickHouse (bench/clickhouse-reports.ts).',
);
