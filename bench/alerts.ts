// The alert evaluation (services/alerts/evaluate.ts) over 1,000 campaigns and over 10,000 in the same
// run, on PostgreSQL (and PGlite with --only pglite or both): its time, its SQL statements and the time per
// campaign. The evaluation reads every campaign's figures in one statement per rule kind, so the
// statements stay the same whatever the number of campaigns and the time grows with the rows read, not
// with a statement per campaign: "flat" is the same statement count and a time per campaign that does
// not grow. Each campaign has one live creative, a goal and a flight, in one of five zones (UTC, Berlin,
// New York, Kolkata +05:30, Kathmandu +05:45); its rollups hold a row every four hours for 29 days
// (campaign quarter, hour and day rollups), the four past weeks' same local hour, the last hour's
// impressions, invalid requests and VAST errors. A tenth of them break a rule. The first evaluation
// opens those alerts (writes); the next ones change nothing (the steady state, every 15 minutes).
// Figures only, no assertion.
//
//   pnpm exec tsx bench/alerts.ts [--runs 5] [--only postgres|pglite|both] [--slow <ms>]
import type { Context } from '../apps/api/src/context';
import type { Database, SqlValue } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { evaluateAlerts } from '../apps/api/src/services/alerts/evaluate';
import { createPostgresEventStore } from '../apps/api/src/services/events/store';
import { arg } from './report-fixture';
import { type ScratchDatabase, scratchPglite, scratchPostgres } from './scratch-database';

const runs = Number(arg('runs', '5'));
const only = arg('only', 'postgres');
/** Print each statement slower than this many ms (a diagnosis of where a run's time goes). */
const slowMs = Number(arg('slow', '0'));
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = new Date('2026-03-31T12:05:00Z');
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu'];

/** Campaigns `from`..`to` (exclusive), each with a live creative and rollups, made in SQL. */
async function addCampaigns(db: Database, from: number, to: number) {
  const range = [from, to] as SqlValue[];
  await db.query(
    `insert into campaigns (id, owner_id, name, advertiser_id, body)
     select 'c' || n, 'bench-owner', 'Campaign ' || n, 'bench-advertiser',
            jsonb_build_object('data', jsonb_build_object(
              'start', jsonb_build_object('date', '2026-02-20'), 'end', jsonb_build_object('date', '2026-04-30'),
              'timezone', (array['UTC','Europe/Berlin','America/New_York','Asia/Kolkata','Asia/Kathmandu'])[n % 5 + 1],
              'goal', jsonb_build_object('metric', 'impressions', 'amount', 450000)))
       from generate_series($1::int, $2::int - 1) n`,
    range,
  );
  await db.query(
    `insert into live_creatives (id, creative_id, campaign_id, snapshot)
     select 'l' || n, null, 'c' || n, '{"type":"Banner"}'::jsonb from generate_series($1::int, $2::int - 1) n`,
    range,
  );
  // A row every four hours over 29 days, and every hour of the five Tuesdays the delivery rules compare
  // (31 March up to 11:00Z, the last full hour of every zone); then their hour and day sums.
  await db.query(
    `insert into event_campaign_rollups (campaign_id, bucket, impressions)
     select 'c' || n, b, 900 + (n * 7 + extract(hour from b)::int) % 200
       from generate_series($1::int, $2::int - 1) n,
            (select generate_series(timestamptz '2026-03-02 00:00Z', timestamptz '2026-03-31 08:00Z', interval '4 hours') as b
             union select d + h * interval '1 hour'
               from unnest(array[timestamptz '2026-03-03Z', '2026-03-10Z', '2026-03-17Z', '2026-03-24Z', '2026-03-31Z']) d,
                    generate_series(0, 23) h
              where d + h * interval '1 hour' <= timestamptz '2026-03-31 11:00Z') buckets
     on conflict do nothing`,
    range,
  );
  // A tenth of the campaigns drop to nothing in the last hour (their rows removed).
  await db.query(
    `delete from event_campaign_rollups where campaign_id in (select 'c' || n from generate_series($1::int, $2::int - 1) n where n % 10 = 0)
       and bucket >= '2026-03-31 11:00Z'`,
    range,
  );
  for (const [table, unit] of [
    ['event_campaign_hour_rollups', 'hour'],
    ['event_campaign_day_rollups', 'day'],
  ] as const)
    await db.query(
      `insert into ${table} (campaign_id, bucket, impressions)
       select campaign_id, date_trunc('${unit}', bucket at time zone 'UTC') at time zone 'UTC', sum(impressions)
         from event_campaign_rollups where campaign_id in (select 'c' || n from generate_series($1::int, $2::int - 1) n)
        group by 1, 2 on conflict do nothing`,
      range,
    );
  await db.query(
    `insert into event_invalid_rollups (live_id, bucket, reason, impressions)
     select 'l' || n, timestamptz '2026-03-31 11:15Z', 'bot', 30 from generate_series($1::int, $2::int - 1) n`,
    range,
  );
  await db.query(
    `insert into event_code_rollups (live_id, bucket, kind, code, count)
     select 'l' || n, timestamptz '2026-03-31 11:30Z', 'error', 405, 20 from generate_series($1::int, $2::int - 1) n`,
    range,
  );
  await db.exec('analyze');
}

/** The database handle with its statements counted. */
function counted(db: Database) {
  let statements = 0;
  const wrap = (target: Database): Database =>
    new Proxy(target, {
      get(object, key, receiver) {
        if (key === 'query') {
          return async (sql: string, params?: readonly SqlValue[]) => {
            statements += 1;
            const started = performance.now();
            const rows = await object.query(sql, params);
            const ms = performance.now() - started;
            if (slowMs > 0 && ms >= slowMs)
              console.log(`  ${ms.toFixed(0)} ms: ${sql.replace(/\s+/g, ' ').slice(0, 140)}`);
            return rows;
          };
        }
        if (key === 'transaction') {
          return <T>(work: (tx: Database) => Promise<T>) =>
            object.transaction((tx) => work(wrap(tx as Database)));
        }
        const value = Reflect.get(object, key, receiver);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  return { db: wrap(db), take: () => statements };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(label: string, open: () => Promise<ScratchDatabase>) {
  const scratch = await open();
  try {
    await migrate(scratch.db);
    await scratch.db.query(
      "insert into users (id, email, role, verified_at) values ('bench-owner', 'bench@adconsole.test', 'user', now())",
    );
    await scratch.db.query(
      "insert into advertisers (id, owner_id, name, currency) values ('bench-advertiser', 'bench-owner', 'Bench', 'USD')",
    );
    let made = 0;
    for (const campaigns of [1_000, 10_000]) {
      const started = performance.now();
      await addCampaigns(scratch.db, made, campaigns);
      made = campaigns;
      const seeded = (performance.now() - started) / 1000;
      const { db, take } = counted(scratch.db);
      const ctx = {
        db,
        config: { publicUrl: 'https://console.example' },
        events: { store: createPostgresEventStore(db) },
        clock: () => NOW.getTime(),
      } as unknown as Context;
      const times: number[] = [];
      let first = { ms: 0, fired: 0, statements: 0 };
      let statements = 0;
      for (let run = 0; run <= runs; run += 1) {
        const before = take();
        const t0 = performance.now();
        const summary = await evaluateAlerts(ctx);
        const ms = performance.now() - t0;
        if (run === 0) first = { ms, fired: summary.fired, statements: take() - before };
        else {
          times.push(ms);
          statements = take() - before;
        }
      }
      const steady = median(times);
      console.log(
        `${label} ${campaigns.toLocaleString('en')} campaigns (seeded in ${seeded.toFixed(1)} s): first evaluation ${first.ms.toFixed(0)} ms, ${first.fired.toLocaleString('en')} alerts opened, ${first.statements} statements; ` +
          `steady p50 ${steady.toFixed(0)} ms over ${runs} runs, ${statements} statements, ${((steady / campaigns) * 1000).toFixed(0)} µs a campaign`,
      );
    }
  } finally {
    await scratch.drop();
  }
}

console.log(`Alert evaluation at ${NOW.toISOString()} (zones ${ZONES.join(', ')})`);
if (only === 'postgres' || only === 'both') await measure('PostgreSQL', () => scratchPostgres(adminUrl));
if (only === 'pglite' || only === 'both')
  await measure('PGlite', () => scratchPglite('adconsole-alerts-bench'));
