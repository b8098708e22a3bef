// What the report benches share: a campaign of 20 live creatives over 90 days, the generated events
// (the same formula on PostgreSQL and on ClickHouse, so both hold the same counts), the five zones the
// report is read in, the report's scope and query, and p50/p95 timing.
import type { Database } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import type { ReportScope } from '../apps/api/src/services/reports/scope';

export const LIVES = 20;
export const DAYS = 90;
export const zones = [
  { label: 'UTC', tzOffset: '+00:00' },
  { label: 'America/New_York', tzOffset: '-05:00', timezone: 'America/New_York' },
  { label: 'Europe/Berlin', tzOffset: '+01:00', timezone: 'Europe/Berlin' },
  { label: '+05:45 (fixed)', tzOffset: '+05:45' },
  { label: 'Pacific/Chatham', tzOffset: '+12:45', timezone: 'Pacific/Chatham' },
];
export type BenchZone = (typeof zones)[number];
export const end = new Date(Date.UTC(2026, 9, 31));
export const start = new Date(end.getTime() - DAYS * 86_400_000);
export const day = (date: Date) => date.toISOString().slice(0, 10);
export const liveIds = Array.from({ length: LIVES }, (_, n) => `l${n + 1}`);

export const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
};

// Events spread over 90 days and 20 live creatives: half impressions, then viewable, engagement, click
// and video start. Event n is live creative 1 + n % 20, type TYPES[n * 7 % 10], at start + (n * 7919) %
// (90 days) seconds.
const TYPES = [
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
const typeList = `'${TYPES.join("','")}'`;

/** The PostgreSQL expression of event n's type and time (n a bigint). */
export const postgresEvent = {
  live: `'l' || (1 + (n % ${LIVES}))`,
  type: `(array[${typeList}])[1 + (n * 7 % ${TYPES.length})]`,
  at: `timestamptz '${start.toISOString()}' + ((n::bigint * 7919) % (${DAYS} * 86400)) * interval '1 second'`,
};

/** Each event's breakdown values in ClickHouse, as the PostgreSQL generator draws them from its id (n). */
export const clickhouseDimensions = {
  site: `concat('site', toString(n % 40), '.example')`,
  device: `['desktop', 'mobile', 'tablet', 'ctv', ''][1 + n % 5]`,
  country: `['US','GB','DE','FR','CA','IN','AU','JP','BR','ES','IT','NL','MX','SE','PL','KR','ZA','IE','NZ','NP'][1 + n % 20]`,
};

/** The same in ClickHouse (n from numbers(), UInt64). */
export const clickhouseEvent = {
  live: `concat('l', toString(1 + (n % ${LIVES})))`,
  type: `[${typeList}][1 + (n * 7 % ${TYPES.length})]`,
  at: `toDateTime64('${start.toISOString().replace('T', ' ').replace('Z', '')}', 3, 'UTC') + toIntervalSecond((n * 7919) % (${DAYS} * 86400))`,
};

/** The main database's campaign, creatives and live creatives the report reads. */
export async function seedCampaign(db: Database) {
  await migrate(db);
  await db.exec(`
    insert into users (id, email, first_name, last_name, role) values ('u1', 'bench@adconsole.test', 'B', 'B', 'admin');
    insert into advertisers (id, owner_id, name, currency) values ('a1', 'u1', 'Bench', 'USD');
    insert into campaigns (id, owner_id, name, body, advertiser_id) values ('c1', 'u1', 'Bench', '{}', 'a1');
    insert into creatives (id, campaign_id, name, type, body)
      select 'k' || n, 'c1', 'Creative ' || n, 'Banner', '{}' from generate_series(1, ${LIVES}) n;
    insert into live_creatives (id, creative_id, campaign_id, snapshot)
      select 'l' || n, 'k' || n, 'c1', jsonb_build_object('id', 'k' || n, 'name', 'Creative ' || n, 'type', 'Banner')
        from generate_series(1, ${LIVES}) n;
  `);
}

/** `totalEvents` events as rows of PostgreSQL's raw table, then their rollups, in bulk SQL. */
export async function generatePostgresEvents(db: Database, totalEvents: number) {
  await seedCampaign(db);
  const perChunk = 1_000_000;
  for (let done = 0; done < totalEvents; done += perChunk) {
    const size = Math.min(perChunk, totalEvents - done);
    await db.exec(`
      insert into events (live_id, type, at, count)
      select ${postgresEvent.live}, ${postgresEvent.type}, ${postgresEvent.at}, 1
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
  `);
  // The hourly and daily sums of the 15-minute rows, as the store writes them beside each other.
  const counters =
    'impressions, viewable, engagement, clicks, video_starts, first_quartile, midpoint, third_quartile, video_completes';
  const sums = counters
    .split(', ')
    .map((c) => `sum(${c})`)
    .join(', ');
  for (const [table, source, step] of [
    ['event_hour_rollups', 'event_rollups', '1 hour'],
    ['event_day_rollups', 'event_hour_rollups', '1 day'],
  ]) {
    await db.exec(`
      insert into ${table} (live_id, bucket, ${counters})
      select live_id, date_bin('${step}', bucket, timestamptz '2000-01-01 00:00:00+00'), ${sums}
        from ${source} group by 1, 2;
    `);
  }
  // The campaign's sums of the same rows (migration 0018), as the store writes them beside the others.
  for (const [table, source] of [
    ['event_campaign_rollups', 'event_rollups'],
    ['event_campaign_hour_rollups', 'event_hour_rollups'],
    ['event_campaign_day_rollups', 'event_day_rollups'],
  ]) {
    await db.exec(`
      insert into ${table} (campaign_id, bucket, ${counters}, measurable)
      select 'c1', bucket, ${sums}, sum(impressions) from ${source} group by 2;
    `);
  }
  // Breakdown rollups as the store writes them: each event under a site (one of 40), a device type and
  // a country (one of 20), drawn from its id; then the UTC-day table from them.
  await db.exec(`
    insert into event_dimension_rollups (live_id, dimension, bucket, value, impressions, viewable, engagement, clicks, video_starts)
    select live_id, d.dimension, date_bin('15 minutes', at, timestamptz '2000-01-01'),
           case d.dimension when 'site' then 'site' || (id % 40) || '.example'
                            when 'device' then (array['desktop', 'mobile', 'tablet', 'ctv', ''])[1 + id % 5]
                            else (array['US','GB','DE','FR','CA','IN','AU','JP','BR','ES','IT','NL','MX','SE','PL','KR','ZA','IE','NZ','NP'])[1 + id % 20] end,
           coalesce(${column('impression')}, 0), coalesce(${column('viewable')}, 0), coalesce(${column('engagement')}, 0),
           coalesce(${column('click')}, 0), coalesce(${column('start')}, 0)
      from events cross join (values ('site'), ('device'), ('country')) as d(dimension)
     group by 1, 2, 3, 4;
    insert into event_dimension_days (live_id, dimension, day, value, impressions, viewable, engagement, clicks, video_starts)
    select live_id, dimension, (bucket at time zone 'UTC')::date, value, sum(impressions), sum(viewable), sum(engagement), sum(clicks), sum(video_starts)
      from event_dimension_rollups group by 1, 2, 3, 4;
    analyze;
  `);
}

export async function reportScope(db: Database): Promise<ReportScope> {
  const [campaign] = await db.query<ReportScope['campaign']>("select * from campaigns where id = 'c1'");
  return {
    campaign: campaign as ReportScope['campaign'],
    wholeCampaign: true,
    lives: Array.from({ length: LIVES }, (_, n) => ({
      id: `l${n + 1}`,
      creativeId: `k${n + 1}`,
      snapshot: { id: `k${n + 1}`, name: `Creative ${n + 1}`, type: 'Banner' as const },
    })),
  };
}

/** The 90-day report's query in a zone, by day with video figures. */
export const reportQuery = (zone: BenchZone) => ({
  start_dt: `${day(start)} 00:00:00`,
  end_dt: `${day(new Date(end.getTime() - 86_400_000))} 23:59:59`,
  tzOffset: zone.tzOffset,
  timezone: zone.timezone,
  granularity: 'day' as const,
  withVideoData: true,
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** p50 and p95 of `runs` runs after one warm-up, in ms. */
export async function time(runs: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  await run();
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
