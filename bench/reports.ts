// A 90-day report of a campaign with 20 live creatives, over 10 million generated events, in five
// timezones, on PGlite (on disk) and PostgreSQL: p50 and p95 of the report read from the 15-minute
// rollups (what the API does), side by side with the same figures computed from the raw events.
// Figures only. Goal: p50 at most 50 ms on PostgreSQL.
//
//   pnpm exec tsx bench/reports.ts [--events 10000000] [--runs 15] [--only postgres|pglite]
import type { Database } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { createPostgresEventStore, type EventStore } from '../apps/api/src/services/events/store';
import { reportFigures } from '../apps/api/src/services/reports/figures';
import type { ReportScope } from '../apps/api/src/services/reports/scope';
import { type ScratchDatabase, scratchPglite, scratchPostgres } from './scratch-database';

const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
};
const totalEvents = Number(arg('events', '10000000'));
const runs = Number(arg('runs', '15'));
const only = arg('only', '');
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LIVES = 20;
const DAYS = 90;
const zones = [
  { label: 'UTC', tzOffset: '+00:00' },
  { label: 'America/New_York', tzOffset: '-05:00', timezone: 'America/New_York' },
  { label: 'Europe/Berlin', tzOffset: '+01:00', timezone: 'Europe/Berlin' },
  { label: '+05:45 (fixed)', tzOffset: '+05:45' },
  { label: 'Pacific/Chatham', tzOffset: '+12:45', timezone: 'Pacific/Chatham' },
];
const end = new Date(Date.UTC(2026, 9, 31));
const start = new Date(end.getTime() - DAYS * 86_400_000);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** 10 million events as rows of the raw table (impressions, clicks, video...), then their rollups. */
async function generate(db: Database) {
  await migrate(db);
  await db.exec(`
    insert into users (id, email, first_name, last_name, role) values ('u1', 'bench@adconsole.test', 'B', 'B', 'admin');
    insert into campaigns (id, owner_id, name, body) values ('c1', 'u1', 'Bench', '{}');
    insert into creatives (id, campaign_id, name, type, body)
      select 'k' || n, 'c1', 'Creative ' || n, 'Banner', '{}' from generate_series(1, ${LIVES}) n;
    insert into live_creatives (id, creative_id, campaign_id, snapshot)
      select 'l' || n, 'k' || n, 'c1', jsonb_build_object('id', 'k' || n, 'name', 'Creative ' || n, 'type', 'Banner')
        from generate_series(1, ${LIVES}) n;
  `);
  // Events spread over 90 days and 20 live creatives; 9 of every 10 impressions, then the rest.
  const types = [
    'impression',
    'impression',
    'impression',
    'impression',
    'impression',
    'viewable',
    'viewable',
    'engagement',
    'click',
    'start',
  ];
  const perChunk = 1_000_000;
  for (let done = 0; done < totalEvents; done += perChunk) {
    const size = Math.min(perChunk, totalEvents - done);
    await db.exec(`
      insert into events (live_id, type, at, count)
      select 'l' || (1 + (n % ${LIVES})),
             (array['${types.join("','")}'])[1 + (n * 7 % ${types.length})],
             timestamptz '${start.toISOString()}' + ((n::bigint * 7919) % (${DAYS} * 86400)) * interval '1 second',
             1
        from generate_series(${done + 1}, ${done + size}) n;
    `);
  }
  const column = (type: string) => `sum(count) filter (where type = '${type}')`;
  await db.exec(`
    insert into event_rollups (live_id, bucket, impressions, viewable, engagement, clicks, video_starts, first_quartile, midpoint, third_quartile, video_completes)
    select live_id, date_bin('15 minutes', at, timestamptz '2000-01-01'),
           coalesce(${column('impression')}, 0), coalesce(${column('viewable')}, 0), coalesce(${column('engagement')}, 0),
           coalesce(${column('click')}, 0), coalesce(${column('start')}, 0), 0, 0, 0, 0
      from events group by 1, 2;
    analyze;
  `);
}

/** The same report figures from raw events: one grouping over every event of the range. */
async function fromRawEvents(db: Database, zone: (typeof zones)[number]) {
  const local = zone.timezone ? `(at at time zone $3::text)` : `(at at time zone $3::interval)`;
  const from = new Date(`${day(start)}T00:00:00Z`);
  return db.query(
    `select live_id, to_char(${local}, 'YYYY-MM-DD') as period, type, sum(count) as events
       from events where live_id = any($4::text[]) and at >= $1 and at < $2
      group by 1, 2, 3`,
    [from, end, zone.timezone ?? zone.tzOffset, Array.from({ length: LIVES }, (_, n) => `l${n + 1}`)],
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  await run();
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(label: string, open: () => Promise<ScratchDatabase>) {
  const { db, drop } = await open();
  try {
    const started = performance.now();
    await generate(db);
    const [{ rows } = { rows: 0 }] = await db.query<{ rows: number }>(
      'select count(*)::int as rows from event_rollups',
    );
    console.log(
      `\n${label}: ${totalEvents.toLocaleString('en')} events generated with their ${rows.toLocaleString('en')} rollup rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const store: EventStore = createPostgresEventStore(db);
    const ctx = { db, events: { store } } as Parameters<typeof reportFigures>[0];
    const [campaign] = await db.query<ReportScope['campaign']>("select * from campaigns where id = 'c1'");
    const scope: ReportScope = {
      campaign: campaign as ReportScope['campaign'],
      lives: Array.from({ length: LIVES }, (_, n) => ({
        id: `l${n + 1}`,
        creativeId: `k${n + 1}`,
        snapshot: { id: `k${n + 1}`, name: `Creative ${n + 1}`, type: 'Banner' as const },
      })),
    };
    console.log(
      `${'zone'.padEnd(20)} ${'rollups p50'.padStart(12)} ${'p95'.padStart(8)}   ${'raw p50'.padStart(9)} ${'p95'.padStart(8)}   ${'speed-up'.padStart(8)}`,
    );
    for (const zone of zones) {
      const query = {
        start_dt: `${day(start)} 00:00:00`,
        end_dt: `${day(new Date(end.getTime() - 86_400_000))} 23:59:59`,
        tzOffset: zone.tzOffset,
        timezone: zone.timezone,
        granularity: 'day' as const,
        withVideoData: true,
      };
      const rollups = await time(() => reportFigures(ctx, scope, query));
      const raw = await time(() => fromRawEvents(db, zone));
      console.log(
        `${zone.label.padEnd(20)} ${`${rollups.p50.toFixed(1)} ms`.padStart(12)} ${`${rollups.p95.toFixed(1)}`.padStart(8)}   ${`${raw.p50.toFixed(0)} ms`.padStart(9)} ${`${raw.p95.toFixed(0)}`.padStart(8)}   ${`${(raw.p50 / rollups.p50).toFixed(0)}×`.padStart(8)}`,
      );
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
console.log('\nGoal: p50 at most 50 ms on PostgreSQL (rollups: at most 90 × 96 rows per live creative).');
