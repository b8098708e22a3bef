// The event stores side by side: a 90-day report of a campaign with 20 live creatives over the same
// generated events on PostgreSQL (the server, rollups table) and on ClickHouse (embedded chdb, rollups
// from the materialized view), in five timezones: p50/p95 of the report as the API computes it, whether
// both answer the same figures, the bulk load rate and the tracked ingest rate (group commit, each event
// acknowledged only after its batch is stored; on ClickHouse that includes the seen-set in PostgreSQL),
// and the same report with a site and a country breakdown. Figures only; the goal printed beside the
// breakdowns (p95 at most 100 ms on ClickHouse) is never asserted. chdb runs in this process, PostgreSQL over loopback: read the ratio with that in mind.
//
//   npm run test:clickhouse   (once: installs chdb into tools/chdb)
//   pnpm exec tsx bench/clickhouse-reports.ts [--events 10000000] [--runs 15] [--ingest 100000] [--only clickhouse]
// (--only clickhouse loads no events into PostgreSQL, which keeps only the campaign and the seen-set:
// for sizes PostgreSQL takes too long to load; its columns then read '-'.)
import { isDeepStrictEqual } from 'node:util';
import { prepareClickHouseEventStore } from '../apps/api/src/services/events/clickhouse';
import { createPostgresEventStore, type EventStore } from '../apps/api/src/services/events/store';
import type { TrackedEvent } from '../apps/api/src/services/events/tracked-event';
import { EventWriter } from '../apps/api/src/services/events/writer';
import { reportFigures } from '../apps/api/src/services/reports/figures';
import { embeddedClickHouse } from '../apps/api/src/test/chdb';
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

/** Tracked events through the group-commit writer, 1,000 unacknowledged at once: events per second. */
async function ingest(store: EventStore, label: string) {
  const writer = new EventWriter(store);
  let sequence = 0;
  const event = (): TrackedEvent => {
    sequence += 1;
    return {
      liveId: `l${1 + (sequence % LIVES)}`,
      type: 'impression',
      // After the report's range, so the report's figures do not change.
      at: new Date(end.getTime() + 86_400_000 + (sequence % 86_400) * 1000),
      count: 1,
      impressionId: `bench.${label}.${sequence}`,
    };
  };
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < ingestEvents) {
      next += 1;
      await writer.record(event());
    }
  };
  await Promise.all(Array.from({ length: 1000 }, lane));
  const result = {
    rate: rate(ingestEvents, started),
    perBatch: Math.round(writer.stats.events / writer.stats.batches),
  };
  await writer.close();
  return result;
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

  const clickhouse = await prepareClickHouseEventStore({ db, client, database });
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
  const context = (store: EventStore) =>
    ({ db, events: { store }, traffic: { countryDatabase: null } }) as unknown as Parameters<
      typeof reportFigures
    >[0];
  console.log(
    `\n${'zone'.padEnd(20)} ${'PostgreSQL p50'.padStart(15)} ${'p95'.padStart(8)}   ${'ClickHouse p50'.padStart(15)} ${'p95'.padStart(8)}   same figures`,
  );
  for (const zone of zones) {
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
  console.log(
    `\n${'breakdown'.padEnd(24)} ${'PostgreSQL p50'.padStart(15)} ${'p95'.padStart(8)}   ${'ClickHouse p50'.padStart(15)} ${'p95'.padStart(8)}   same rows   (goal: p95 at most 100 ms on ClickHouse)`,
  );
  for (const zone of zones) {
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

  const postgresIngest = withPostgres ? await ingest(postgres, 'postgres') : { rate: '-', perBatch: '-' };
  const clickhouseIngest = await ingest(clickhouse, 'clickhouse');
  console.log(
    `\ntracked ingest, ${ingestEvents.toLocaleString('en')} events (group commit, 1,000 in flight): PostgreSQL ${postgresIngest.rate} (${postgresIngest.perBatch} per batch), ClickHouse ${clickhouseIngest.rate} (${clickhouseIngest.perBatch} per batch)`,
  );
} finally {
  await client.command({ query: `drop database if exists ${database}` });
  await client.close();
  await drop();
}
