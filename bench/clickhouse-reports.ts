// The event stores side by side: a 90-day report of a campaign with 20 live creatives over the same
// generated events on PostgreSQL (the server, rollups table) and on ClickHouse (embedded chdb, rollups
// from the materialized view), in five timezones: p50/p95 of the report as the API computes it, whether
// both answer the same figures, the bulk load rate and the tracked ingest rate (group commit, each event
// acknowledged only after its batch is stored; on ClickHouse that includes the seen-set in PostgreSQL),
// and the same report with a site and a country breakdown. The tracked ingest runs into PostgreSQL,
// then (`--rounds` times) into ClickHouse with its replays in the main database's seen-set (the
// default) and into ClickHouse with EVENTS_DEDUP=clickhouse (its keys in ClickHouse: clickhouse-dedup.ts); each prints
// events a second, this process's CPU an event (chdb runs in it, so ClickHouse's work is in it too),
// the bench database's PostgreSQL backends' CPU an event, the statements and transactions it sent
// PostgreSQL and the seen-set rows it added (a tenth of the beacons replay one sent before; each has a
// site, OS and browser, so the breakdown caps ask the main database once a batch in every mode).
// Figures only; the goal printed beside the
// breakdowns (p95 at most 100 ms on ClickHouse) is never asserted. chdb runs in this process, PostgreSQL over loopback: read the ratio with that in mind.
//
//   npm run test:clickhouse   (once: installs chdb into tools/chdb)
//   pnpm exec tsx bench/clickhouse-reports.ts [--events 10000000] [--runs 15] [--ingest 100000] [--only clickhouse]
//     [--reports off] [--rounds 1]
// (--reports off skips the report and breakdown timings: the ingest only; --rounds runs the two
// ClickHouse modes' ingest that many times, alternately.)
// (--only clickhouse loads no events into PostgreSQL, which keeps only the campaign and the seen-set:
// for sizes PostgreSQL takes too long to load; its columns then read '-'.)
import { isDeepStrictEqual } from 'node:util';
import type { Database, Queryable } from '../apps/api/src/db/database';
import {
  createClickHouseEventStore,
  prepareClickHouseEventStore,
} from '../apps/api/src/services/events/clickhouse';
import { createPostgresEventStore, type EventStore } from '../apps/api/src/services/events/store';
import type { TrackedEvent } from '../apps/api/src/services/events/tracked-event';
import { EventWriter } from '../apps/api/src/services/events/writer';
import { reportFigures } from '../apps/api/src/services/reports/figures';
import { embeddedClickHouse } from '../apps/api/src/test/chdb';
import { cpuMeter, ownCpuMeter } from './process-cpu.mjs';
import {
  arg,
  clickhouseDimensions,
  clickhouseEvent,
  DAYS,
  end,
  generatePostgresEvents,
  LIVES,
  reportQuery,
  reportScope,
  seedCampaign,
  time,
  zones,
} from './report-fixture';
import { scratchPostgres } from './scratch-database';

type ClickHouseClient = ReturnType<typeof embeddedClickHouse>['client'];

const totalEvents = Number(arg('events', '10000000'));
const runs = Number(arg('runs', '15'));
const ingestEvents = Number(arg('ingest', '100000'));
const withPostgres = arg('only', '') !== 'clickhouse';
/** `--reports off`: the tracked ingest only (the report and breakdown timings are skipped). */
const withReports = arg('reports', 'on') !== 'off';
/** How many times the two ClickHouse modes' ingest runs, one after the other. */
const rounds = Number(arg('rounds', '1'));
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const seconds = (since: number) => (performance.now() - since) / 1000;
const rate = (events: number, since: number) =>
  `${Math.round(events / seconds(since)).toLocaleString('en')}/s`;

/** The same events as PostgreSQL's generator, inserted by ClickHouse itself in blocks of 10 million. */
async function generateClickHouseEvents(client: ClickHouseClient, database: string) {
  const perChunk = 10_000_000;
  for (let done = 0; done < totalEvents; done += perChunk) {
    const size = Math.min(perChunk, totalEvents - done);
    await client.command({
      query: `insert into ${database}.events (live_id, type, at, count, site, device, country)
              select ${clickhouseEvent.live}, ${clickhouseEvent.type}, ${clickhouseEvent.at}, 1,
                     ${clickhouseDimensions.site}, ${clickhouseDimensions.device}, ${clickhouseDimensions.country}
                from (select number as n from numbers(${done + 1}, ${size}))`,
    });
  }
}

/** The main database as a store sees it, counting the statements and transactions it is sent. */
function countingDatabase(db: Database) {
  const sent = { statements: 0, transactions: 0 };
  const counted = (queryable: Queryable): Queryable => ({
    query: (sql, params) => {
      sent.statements += 1;
      return queryable.query(sql, params);
    },
    exec: (sql) => {
      sent.statements += 1;
      return queryable.exec(sql);
    },
  });
  const database: Database = {
    ...db,
    ...counted(db),
    kind: db.kind,
    transaction: (work) => {
      sent.transactions += 1;
      return db.transaction((tx) => work(counted(tx)));
    },
    exclusive: (key, work) => db.exclusive(key, work),
    close: () => db.close(),
  };
  return { database, sent };
}

/** The bench database's backends (the pool's connections, the one asking included: the stores use it too). */
async function backendPids(db: Database): Promise<number[]> {
  return (
    await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')
  ).map((row) => row.pid);
}

const SITES = ['news.example', 'sport.example', 'recipes.example', 'video.example'];

/**
 * Tracked events through the group-commit writer, 1,000 unacknowledged at once: events per second, and
 * what each costs this process and the main database. Every tenth beacon replays one sent before.
 */
async function ingest(store: EventStore, label: string, sent?: { statements: number; transactions: number }) {
  const writer = new EventWriter(store);
  let sequence = 0;
  const event = (): TrackedEvent => {
    sequence += 1;
    const replay = sequence % 10 === 0 && sequence > 1000;
    const id = replay ? sequence - 997 : sequence;
    return {
      liveId: `l${1 + (id % LIVES)}`,
      type: 'impression',
      // After the report's range, so the report's figures do not change.
      at: new Date(end.getTime() + 86_400_000 + (id % 86_400) * 1000),
      count: 1,
      impressionId: `bench.${label}.${id}`,
      dims: {
        site: SITES[id % SITES.length] ?? '',
        device: 'desktop',
        os: 'Linux',
        browser: 'Firefox',
        country: 'DE',
      },
    };
  };
  const seenBefore = await seenSetRows();
  const statementsBefore = { ...(sent ?? { statements: 0, transactions: 0 }) };
  const pids = await backendPids(db);
  const backends = cpuMeter(pids);
  const own = ownCpuMeter();
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < ingestEvents) {
      next += 1;
      await writer.record(event());
    }
  };
  await Promise.all(Array.from({ length: 1000 }, lane));
  const elapsed = seconds(started);
  const ownMs = own.stop();
  const backendsMs = backends.stop();
  const opened = (await backendPids(db)).filter((pid) => !pids.includes(pid)).length;
  if (opened > 0) console.log(`(${label}: ${opened} backends opened during the run, not in "PostgreSQL")`);
  const perEvent = (ms: number) => `${((ms * 1000) / ingestEvents).toFixed(1)} µs`;
  const result = {
    label,
    rate: `${Math.round(ingestEvents / elapsed).toLocaleString('en')}/s`,
    perBatch: Math.round(writer.stats.events / writer.stats.batches),
    processCpu: perEvent(ownMs),
    postgresCpu: perEvent(backendsMs),
    statements: sent ? (sent.statements - statementsBefore.statements).toLocaleString('en') : '-',
    transactions: sent ? (sent.transactions - statementsBefore.transactions).toLocaleString('en') : '-',
    seenSetRows: ((await seenSetRows()) - seenBefore).toLocaleString('en'),
    stored: await storedOf(store, label),
  };
  await writer.close();
  return result;
}

/** The raw events a run stored: its beacons less the replays the store recognised. */
async function storedOf(store: EventStore, label: string): Promise<string> {
  const [row] =
    store.kind === 'postgres'
      ? await db.query<{ n: string }>('select count(*) as n from events where impression_id like $1', [
          `bench.${label}.%`,
        ])
      : await store.rows<{ n: string }>(
          `select count() as n from ${store.table('events')} where impression_id like {pattern:String}`,
          { pattern: `bench.${label}.%` },
        );
  return Number(row?.n ?? 0).toLocaleString('en');
}

async function seenSetRows(): Promise<number> {
  return Number((await db.query<{ n: string }>('select count(*) as n from event_seen'))[0]?.n ?? 0);
}

const { db, drop } = await scratchPostgres(adminUrl);
const { client, database } = embeddedClickHouse();
try {
  console.log(
    `A ${DAYS}-day report of a campaign with ${LIVES} live creatives over ${totalEvents.toLocaleString('en')} generated events; ${runs} runs per zone after one warm-up.\n`,
  );
  let started = performance.now();
  if (withPostgres) await generatePostgresEvents(db, totalEvents);
  else await seedCampaign(db);
  const postgresLoad = withPostgres ? rate(totalEvents, started) : '-';
  const postgresSeconds = withPostgres ? seconds(started).toFixed(0) : '-';
  const postgres = createPostgresEventStore(db);

  const counting = countingDatabase(db);
  const clickhouse = await prepareClickHouseEventStore({ db: counting.database, client, database });
  // The same ClickHouse database with its replays in ClickHouse (EVENTS_DEDUP=clickhouse).
  const deduplicating = createClickHouseEventStore({
    db: counting.database,
    client,
    database,
    dedup: 'clickhouse',
  });
  started = performance.now();
  await generateClickHouseEvents(client, database);
  const clickhouseLoad = rate(totalEvents, started);
  const clickhouseSeconds = seconds(started);

  const [{ bytes: postgresBytes } = { bytes: 0 }] = await db.query<{ bytes: string }>(
    "select pg_total_relation_size('events') + pg_total_relation_size('event_rollups') as bytes",
  );
  const [{ bytes: clickhouseBytes } = { bytes: 0 }] = await (
    await client.query({
      query: `select sum(bytes_on_disk) as bytes from system.parts where database = {db:String} and active`,
      query_params: { db: database },
      format: 'JSONEachRow',
    })
  ).json<{ bytes: string }>();
  const megabytes = (bytes: unknown) => `${(Number(bytes) / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `${'bulk load (raw events and rollups)'.padEnd(38)} ${'PostgreSQL'.padStart(16)} ${'ClickHouse'.padStart(16)}`,
  );
  console.log(
    `${'  events per second'.padEnd(38)} ${postgresLoad.padStart(16)} ${clickhouseLoad.padStart(16)}`,
  );
  console.log(
    `${'  seconds'.padEnd(38)} ${postgresSeconds.padStart(16)} ${clickhouseSeconds.toFixed(0).padStart(16)}`,
  );
  console.log(
    `${'  on disk'.padEnd(38)} ${(withPostgres ? megabytes(postgresBytes) : '-').padStart(16)} ${megabytes(clickhouseBytes).padStart(16)}`,
  );

  const scope = await reportScope(db);
  const reportZones = withReports ? zones : [];
  const context = (store: EventStore) =>
    ({
      db,
      // The ad requests not served: nothing pending in this process, nothing to log.
      events: { store, requests: { flush: async () => {} } },
      traffic: { countryDatabase: null },
      log: () => {},
    }) as unknown as Parameters<typeof reportFigures>[0];
  if (withReports)
    console.log(
      `\n${'zone'.padEnd(20)} ${'PostgreSQL p50'.padStart(15)} ${'p95'.padStart(8)}   ${'ClickHouse p50'.padStart(15)} ${'p95'.padStart(8)}   same figures`,
    );
  for (const zone of reportZones) {
    const query = reportQuery(zone);
    const onClickHouse = await time(runs, () => reportFigures(context(clickhouse), scope, query));
    const clickhouseColumns = `${`${onClickHouse.p50.toFixed(1)} ms`.padStart(15)} ${onClickHouse.p95.toFixed(1).padStart(8)}`;
    if (!withPostgres) {
      console.log(
        `${zone.label.padEnd(20)} ${'-'.padStart(15)} ${'-'.padStart(8)}   ${clickhouseColumns}   -`,
      );
      continue;
    }
    const fromPostgres = await reportFigures(context(postgres), scope, query);
    const fromClickHouse = await reportFigures(context(clickhouse), scope, query);
    // Every figure equal (the time each answer was computed aside).
    const same = isDeepStrictEqual(
      { ...fromPostgres, dataPulledAt: '' },
      { ...fromClickHouse, dataPulledAt: '' },
    );
    const onPostgres = await time(runs, () => reportFigures(context(postgres), scope, query));
    console.log(
      `${zone.label.padEnd(20)} ${`${onPostgres.p50.toFixed(1)} ms`.padStart(15)} ${onPostgres.p95.toFixed(1).padStart(8)}   ${clickhouseColumns}   ${same ? 'yes' : 'NO'}`,
    );
    if (!same) process.exitCode = 1;
  }

  // Breakdowns of the same report (site: 40 values, country: 20), as the report with breakdown= asks.
  if (withReports)
    console.log(
      `\n${'breakdown'.padEnd(24)} ${'PostgreSQL p50'.padStart(15)} ${'p95'.padStart(8)}   ${'ClickHouse p50'.padStart(15)} ${'p95'.padStart(8)}   same rows   (goal: p95 at most 100 ms on ClickHouse)`,
    );
  for (const zone of reportZones) {
    for (const dimension of ['site', 'country'] as const) {
      const query = { ...reportQuery(zone), breakdown: dimension };
      const onClickHouse = await time(runs, () => reportFigures(context(clickhouse), scope, query));
      const clickhouseColumns = `${`${onClickHouse.p50.toFixed(1)} ms`.padStart(15)} ${onClickHouse.p95.toFixed(1).padStart(8)}`;
      const label = `${zone.label} ${dimension}`.padEnd(24);
      if (!withPostgres) {
        console.log(`${label} ${'-'.padStart(15)} ${'-'.padStart(8)}   ${clickhouseColumns}   -`);
        continue;
      }
      const same = isDeepStrictEqual(
        (await reportFigures(context(postgres), scope, query)).breakdown,
        (await reportFigures(context(clickhouse), scope, query)).breakdown,
      );
      const onPostgres = await time(runs, () => reportFigures(context(postgres), scope, query));
      console.log(
        `${label} ${`${onPostgres.p50.toFixed(1)} ms`.padStart(15)} ${onPostgres.p95.toFixed(1).padStart(8)}   ${clickhouseColumns}   ${same ? 'yes' : 'NO'}`,
      );
      if (!same) process.exitCode = 1;
    }
  }

  const ingests = withPostgres ? [await ingest(postgres, 'postgres')] : [];
  // The two ClickHouse modes one after the other, `--rounds` times: on a shared machine a row alone says
  // little, the rounds side by side say how far apart the modes are.
  for (let round = 1; round <= rounds; round += 1) {
    const suffix = rounds > 1 ? ` #${round}` : '';
    ingests.push(await ingest(clickhouse, `clickhouse, seen-set${suffix}`, counting.sent));
    ingests.push(await ingest(deduplicating, `clickhouse, EVENTS_DEDUP=clickhouse${suffix}`, counting.sent));
  }
  console.log(
    `\ntracked ingest, ${ingestEvents.toLocaleString('en')} events (group commit, 1,000 in flight; every tenth a replay; a site, OS and browser each)`,
  );
  console.log(
    `${'store'.padEnd(36)} ${'events/s'.padStart(10)} ${'a batch'.padStart(8)} ${'process CPU'.padStart(12)} ${'PostgreSQL'.padStart(11)} ${'statements'.padStart(11)} ${'transactions'.padStart(13)} ${'seen-set rows'.padStart(14)} ${'stored'.padStart(8)}`,
  );
  for (const row of ingests)
    console.log(
      `${row.label.padEnd(36)} ${row.rate.padStart(10)} ${String(row.perBatch).padStart(8)} ${row.processCpu.padStart(12)} ${row.postgresCpu.padStart(11)} ${row.statements.padStart(11)} ${row.transactions.padStart(13)} ${row.seenSetRows.padStart(14)} ${row.stored.padStart(8)}`,
    );
  console.log(
    "process CPU and PostgreSQL: CPU an event of this process (chdb included) and of the bench database's backends; statements and transactions: what the ClickHouse store sent the main database.",
  );
} finally {
  await client.command({ query: `drop database if exists ${database}` });
  await client.close();
  await drop();
}
