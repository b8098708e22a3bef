// Alert reads (docs/alerts.md "The evaluation"): what the rules read of every evaluated
// campaign at once, one statement per rule kind however many campaigns there are. A window is one
// campaign's stretch of time (a local hour: the last full one, or the same hour of past weeks); a read
// answers one figure per window, in the order of the windows given.
//   - readWindowImpressions: valid impressions in each window (delivery drop and spike, VAST errors'
//     denominator, invalid traffic's valid side);
//   - readLastImpressions: each campaign's latest 15-minute bucket with an impression (no delivery);
//   - readWindowInvalid: invalid impressions (ad requests found invalid) in each window;
//   - readWindowErrors: VAST error pings by code in each window.
// PostgreSQL reads the campaign rollups (impressions) and the live creatives' rollups (invalid, codes)
// joined with the windows passed as arrays; ClickHouse sums its live creatives' 15-minute rows over the
// quarters the windows cover and the windows are summed here.
import type { SqlValue } from '../../../db/database';
import type { ClickHouseEventStore } from '../store';
import { byStore } from './by-store';
import { clickhouseTime } from './local-time';

/** One campaign's stretch of time to read: `from <= bucket < to`, on whole 15-minute buckets. */
export interface AlertWindow {
  campaignId: string;
  liveIds: readonly string[];
  from: Date;
  to: Date;
}

const QUARTER_MS = 15 * 60_000;
const iso = (at: Date) => at.toISOString();

/** The windows as PostgreSQL arrays: campaign ids, starts, ends (1-based positions are the windows'). */
const windowArrays = (windows: readonly AlertWindow[]): SqlValue[] => [
  windows.map((window) => window.campaignId),
  windows.map((window) => iso(window.from)),
  windows.map((window) => iso(window.to)),
];

/** Each live creative of each window with the window's 1-based position. */
const liveArrays = (windows: readonly AlertWindow[]): SqlValue[] => {
  const lives: string[] = [];
  const positions: number[] = [];
  windows.forEach((window, index) => {
    for (const live of window.liveIds) {
      lives.push(live);
      positions.push(index + 1);
    }
  });
  return [lives, positions];
};

/** The windows' figures in order from rows of `{ i, count }` (i 1-based); windows without a row are 0. */
const inOrder = (
  windows: readonly AlertWindow[],
  rows: readonly { i: number | string; count: unknown }[],
) => {
  const counts = windows.map(() => 0);
  for (const row of rows) counts[Number(row.i) - 1] = Number(row.count ?? 0);
  return counts;
};

/** ClickHouse: the 15-minute buckets the windows cover, and every live creative they read. */
const clickhouseCover = (windows: readonly AlertWindow[]) => {
  const quarters = new Set<number>();
  for (const window of windows)
    for (let at = window.from.getTime(); at < window.to.getTime(); at += QUARTER_MS) quarters.add(at);
  return {
    ids: [...new Set(windows.flatMap((window) => window.liveIds))],
    quarters: [...quarters].sort((a, b) => a - b).map((at) => clickhouseTime(new Date(at)).slice(0, 19)),
  };
};

/** ClickHouse rows by live creative and bucket summed into the windows that hold them. */
function sumIntoWindows<R extends { live_id: string; bucket_start: number | string }>(
  windows: readonly AlertWindow[],
  rows: readonly R[],
  add: (index: number, row: R) => void,
) {
  const byLive = new Map<string, number[]>();
  windows.forEach((window, index) => {
    for (const live of window.liveIds) byLive.set(live, [...(byLive.get(live) ?? []), index]);
  });
  for (const row of rows) {
    const at = Number(row.bucket_start) * 1000;
    for (const index of byLive.get(row.live_id) ?? []) {
      const window = windows[index] as AlertWindow;
      if (at >= window.from.getTime() && at < window.to.getTime()) add(index, row);
    }
  }
}

const CLICKHOUSE_COVER = "live_id in {ids:Array(String)} and has({quarters:Array(DateTime('UTC'))}, bucket)";

/** ClickHouse: the impressions of a rollup table (valid or invalid ones) in each window, in order. */
async function clickhouseWindowImpressions(
  store: ClickHouseEventStore,
  table: 'event_rollups' | 'event_invalid_rollups',
  windows: readonly AlertWindow[],
): Promise<number[]> {
  const cover = clickhouseCover(windows);
  if (cover.ids.length === 0) return windows.map(() => 0);
  const rows = await store.rows<{ live_id: string; bucket_start: number; count: string }>(
    `select live_id, toUnixTimestamp(bucket) as bucket_start, sum(impressions) as count
       from ${store.table(table)} where ${CLICKHOUSE_COVER}
      group by live_id, bucket_start`,
    cover,
  );
  const counts = windows.map(() => 0);
  sumIntoWindows(windows, rows, (index, row) => {
    counts[index] = (counts[index] ?? 0) + Number(row.count);
  });
  return counts;
}

/** Valid impressions in each window, in the windows' order. */
export const readWindowImpressions = byStore<[windows: readonly AlertWindow[]], number[]>({
  async postgres(store, windows) {
    if (windows.length === 0) return [];
    const rows = await store.db.query<{ i: number; count: string }>(
      `select w.i, sum(r.impressions)::bigint as count
         from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) with ordinality as w(campaign_id, from_at, to_at, i)
         join event_campaign_rollups r
           on r.campaign_id = w.campaign_id and r.bucket >= w.from_at and r.bucket < w.to_at
        group by w.i`,
      windowArrays(windows),
    );
    return inOrder(windows, rows);
  },
  clickhouse: (store, windows) => clickhouseWindowImpressions(store, 'event_rollups', windows),
});

/**
 * Each campaign's latest 15-minute bucket with a valid impression at or after `since` (absent: none).
 * The answer is the bucket's start: the impression happened within the 15 minutes after it.
 */
export const readLastImpressions = byStore<
  [campaigns: readonly { campaignId: string; liveIds: readonly string[] }[], since: Date],
  Map<string, Date>
>({
  async postgres(store, campaigns, since) {
    if (campaigns.length === 0) return new Map();
    // The newest row first along the (campaign_id, bucket) key: one short index walk per campaign.
    const rows = await store.db.query<{ campaign_id: string; bucket: Date }>(
      `select c.id as campaign_id, last.bucket
         from unnest($1::text[]) as c(id)
         cross join lateral (
           select bucket from event_campaign_rollups r
            where r.campaign_id = c.id and r.bucket >= $2 and r.impressions > 0
            order by r.bucket desc limit 1) last`,
      [campaigns.map((campaign) => campaign.campaignId), iso(since)],
    );
    return new Map(rows.map((row) => [row.campaign_id, new Date(row.bucket)]));
  },
  async clickhouse(store, campaigns, since) {
    const ids = campaigns.flatMap((campaign) => campaign.liveIds);
    if (ids.length === 0) return new Map();
    const rows = await store.rows<{ live_id: string; bucket_start: number }>(
      `select live_id, toUnixTimestamp(max(bucket)) as bucket_start from ${store.table('event_rollups')}
        where live_id in {ids:Array(String)} and bucket >= {since:DateTime('UTC')} and impressions > 0
        group by live_id`,
      { ids, since: clickhouseTime(since).slice(0, 19) },
    );
    const latestByLive = new Map(rows.map((row) => [row.live_id, Number(row.bucket_start) * 1000]));
    const latest = new Map<string, Date>();
    for (const campaign of campaigns) {
      const times = campaign.liveIds.flatMap((live) => latestByLive.get(live) ?? []);
      if (times.length > 0) latest.set(campaign.campaignId, new Date(Math.max(...times)));
    }
    return latest;
  },
});

/** Invalid impressions (ad requests the serving edge found invalid) in each window, in order. */
export const readWindowInvalid = byStore<[windows: readonly AlertWindow[]], number[]>({
  async postgres(store, windows) {
    const [lives, positions] = liveArrays(windows);
    if ((lives as string[]).length === 0) return windows.map(() => 0);
    const rows = await store.db.query<{ i: number; count: string }>(
      `select l.i, sum(r.impressions)::bigint as count
         from unnest($1::text[], $2::int[]) as l(live_id, i)
         join unnest($3::timestamptz[], $4::timestamptz[]) with ordinality as w(from_at, to_at, i) on w.i = l.i
         join event_invalid_rollups r on r.live_id = l.live_id and r.bucket >= w.from_at and r.bucket < w.to_at
        group by l.i`,
      [lives, positions, ...windowArrays(windows).slice(1)],
    );
    return inOrder(windows, rows);
  },
  clickhouse: (store, windows) => clickhouseWindowImpressions(store, 'event_invalid_rollups', windows),
});

/** Valid VAST error pings by code in each window, in order (codes with no ping absent). */
export const readWindowErrors = byStore<
  [windows: readonly AlertWindow[]],
  { code: number; count: number }[][]
>({
  async postgres(store, windows) {
    const [lives, positions] = liveArrays(windows);
    const errors = windows.map((): { code: number; count: number }[] => []);
    if ((lives as string[]).length === 0) return errors;
    const rows = await store.db.query<{ i: number; code: number; count: string }>(
      `select l.i, r.code, sum(r.count)::bigint as count
         from unnest($1::text[], $2::int[]) as l(live_id, i)
         join unnest($3::timestamptz[], $4::timestamptz[]) with ordinality as w(from_at, to_at, i) on w.i = l.i
         join event_code_rollups r on r.live_id = l.live_id and r.bucket >= w.from_at and r.bucket < w.to_at
        where r.kind = 'error'
        group by l.i, r.code
        order by l.i, r.code`,
      [lives, positions, ...windowArrays(windows).slice(1)],
    );
    for (const row of rows)
      errors[Number(row.i) - 1]?.push({ code: Number(row.code), count: Number(row.count) });
    return errors;
  },
  async clickhouse(store, windows) {
    const cover = clickhouseCover(windows);
    const errors = windows.map((): { code: number; count: number }[] => []);
    if (cover.ids.length === 0) return errors;
    const rows = await store.rows<{ live_id: string; bucket_start: number; code: number; count: string }>(
      `select live_id, toUnixTimestamp(bucket) as bucket_start, code, sum(count) as count
         from ${store.table('event_code_rollups')} where ${CLICKHOUSE_COVER} and kind = 'error'
        group by live_id, bucket_start, code`,
      cover,
    );
    const sums = windows.map(() => new Map<number, number>());
    sumIntoWindows(windows, rows, (index, row) => {
      const byCode = sums[index] as Map<number, number>;
      byCode.set(Number(row.code), (byCode.get(Number(row.code)) ?? 0) + Number(row.count));
    });
    return sums.map((byCode) =>
      [...byCode].sort(([a], [b]) => a - b).map(([code, count]) => ({ code, count })),
    );
  },
});
