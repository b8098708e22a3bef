// Report read: reach over a range of local days (docs/reports.md, "Reach"): the distinct browsers and
// devices a campaign's (or some live creatives') ads went to, by local day and cumulative, and the ads
// with and without an identity. PostgreSQL keeps sketches per quarter, per hour and per local day of the
// campaign's zone (migration 0047): a report's day is one day row when that row is exactly the day and
// holds all of its ads (checked against the fine rows' ads, read without their sketches), else its whole
// UTC hours' sketches plus, where the day's edge cuts an hour (a zone of +05:30, +05:45), that hour's
// quarters; the sketches are merged here (the domain's ReachSketch). ClickHouse
// merges its uniqCombined64 states by day itself, the cumulative curve as a window over the days.
import { type ReachEstimates, ReachSketch } from '@adconsole/domain';
import { byStore } from './by-store';
import { clickhouseTime } from './local-time';

/** One local day of the range: its date and the UTC instants [from, to) it covers. */
export interface ReachDayWindow {
  date: string;
  from: Date;
  to: Date;
}

const HOUR_MS = 60 * 60 * 1000;

/** The hours a day's edge cuts (an edge not on a whole UTC hour), as their starts. */
function edgeHours(days: readonly ReachDayWindow[]): string[] {
  const edges = new Set<number>();
  for (const at of [...days.map((day) => day.from), days[days.length - 1]?.to as Date]) {
    const ms = at.getTime();
    if (ms % HOUR_MS !== 0) edges.add(ms - (ms % HOUR_MS));
  }
  return [...edges].map((ms) => new Date(ms).toISOString());
}

/** The index of the day an instant falls in (days are in order and touch), -1 outside them. */
function dayIndex(days: readonly ReachDayWindow[], at: number): number {
  let low = 0;
  let high = days.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const day = days[middle] as ReachDayWindow;
    if (at < day.from.getTime()) high = middle - 1;
    else if (at >= day.to.getTime()) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** The fine rows a report merges: hours a day's edge does not cut, and the quarters of those it does. */
const FINE_ROWS = `case when grain = 'hour' then not (bucket = any($5::timestamptz[]))
  when grain = 'quarter' then date_bin('1 hour', bucket, timestamptz '2000-01-01T00:00:00Z') = any($5::timestamptz[])
  else false end`;

interface SketchRow {
  kind: string;
  bucket: Date | string;
  ads: string | number;
  sketch: Uint8Array | null;
}

/** The estimates of rows that each fall in one day: each day's union by kind, then the cumulative curve. */
function mergeDays(days: readonly ReachDayWindow[], rows: readonly SketchRow[]): ReachEstimates {
  const browsers = days.map(() => null as ReachSketch | null);
  const devices = days.map(() => null as ReachSketch | null);
  let ads = 0;
  let identifiedAds = 0;
  for (const row of rows) {
    const index = dayIndex(days, new Date(row.bucket).getTime());
    if (index < 0) continue;
    const count = Number(row.ads);
    ads += count;
    if (row.kind === 'none' || row.sketch === null) continue;
    identifiedAds += count;
    const sketches = row.kind === 'device' ? devices : browsers;
    sketches[index] ??= new ReachSketch();
    sketches[index].mergeBytes(row.sketch);
  }
  const cumulativeBrowsers = new ReachSketch();
  const cumulativeDevices = new ReachSketch();
  const estimate = (sketch: ReachSketch | null) => (sketch === null ? 0 : sketch.estimate());
  let cumulative = 0;
  const perDay = days.map((day, index) => {
    const browser = browsers[index] ?? null;
    const device = devices[index] ?? null;
    if (browser !== null) cumulativeBrowsers.merge(browser);
    if (device !== null) cumulativeDevices.merge(device);
    if (browser !== null || device !== null)
      // Each kind rounded on its own, as the range's reach is (reachOf): the curve ends on it.
      cumulative = Math.round(cumulativeBrowsers.estimate()) + Math.round(cumulativeDevices.estimate());
    return { date: day.date, reach: estimate(browser) + estimate(device), cumulative };
  });
  return {
    browsers: cumulativeBrowsers.estimate(),
    devices: cumulativeDevices.estimate(),
    identifiedAds,
    ads,
    days: perDay,
  };
}

/** The reach of the whole campaign's row ('' live id) or of the live creatives given. */
export interface ReachScope {
  campaignId: string;
  /** The live creatives; undefined: the whole campaign. */
  liveIds?: readonly string[];
}

const emptyEstimates = (days: readonly ReachDayWindow[]): ReachEstimates => ({
  browsers: 0,
  devices: 0,
  identifiedAds: 0,
  ads: 0,
  days: days.map((day) => ({ date: day.date, reach: 0, cumulative: 0 })),
});

export const readReach = byStore<[scope: ReachScope, days: readonly ReachDayWindow[]], ReachEstimates>({
  async postgres(store, scope, days) {
    if (days.length === 0) return emptyEstimates(days);
    const lives = scope.liveIds ?? [''];
    const from = (days[0] as ReachDayWindow).from;
    const to = (days[days.length - 1] as ReachDayWindow).to;
    // The fine rows' ads by day and kind (no sketch read), and the day rows that may stand for a day.
    const [fine, dayRows] = await Promise.all([
      store.db.query<{ kind: string; bucket: Date | string; ads: string | number }>(
        `select kind, bucket, ads from reach_sketches
          where campaign_id = $1 and live_id = any($2::text[]) and bucket >= $3::timestamptz and bucket < $4::timestamptz
            and ${FINE_ROWS}`,
        [scope.campaignId, lives, from.toISOString(), to.toISOString(), edgeHours(days)],
      ),
      store.db.query<SketchRow & { bucket_end: Date | string | null }>(
        `select kind, bucket, bucket_end, ads, sketch from reach_sketches
          where campaign_id = $1 and live_id = any($2::text[]) and grain = 'day' and bucket = any($3::timestamptz[])`,
        [scope.campaignId, lives, days.map((day) => day.from.toISOString())],
      ),
    ]);
    // A day row stands for its day when it is exactly that local day and holds every ad the fine rows
    // hold, kind by kind (a campaign whose zone changed that day has two partial day rows: neither does).
    const fineAds = days.map(() => new Map<string, number>());
    for (const row of fine) {
      const index = dayIndex(days, new Date(row.bucket).getTime());
      if (index >= 0) {
        const byKind = fineAds[index] as Map<string, number>;
        byKind.set(row.kind, (byKind.get(row.kind) ?? 0) + Number(row.ads));
      }
    }
    const dayAds = days.map(() => new Map<string, number>());
    const exact = days.map(() => true);
    for (const row of dayRows) {
      const index = dayIndex(days, new Date(row.bucket).getTime());
      if (index < 0) continue;
      if (row.bucket_end === null || new Date(row.bucket_end).getTime() !== days[index]?.to.getTime())
        exact[index] = false;
      const byKind = dayAds[index] as Map<string, number>;
      byKind.set(row.kind, (byKind.get(row.kind) ?? 0) + Number(row.ads));
    }
    const covered = days.map((_, index) => {
      const wanted = fineAds[index] as Map<string, number>;
      const got = dayAds[index] as Map<string, number>;
      return (
        exact[index] === true &&
        wanted.size === got.size &&
        [...wanted].every(([kind, ads]) => got.get(kind) === ads)
      );
    });
    const open = days.filter((_, index) => !covered[index] && (fineAds[index]?.size ?? 0) > 0);
    const fineSketches =
      open.length === 0
        ? []
        : await store.db.query<SketchRow>(
            `select kind, bucket, ads, sketch from reach_sketches
              where campaign_id = $1 and live_id = any($2::text[]) and bucket >= $3::timestamptz and bucket < $4::timestamptz
                and ${FINE_ROWS}
                and exists (select 1 from unnest($6::timestamptz[], $7::timestamptz[]) as open (f, t)
                             where bucket >= open.f and bucket < open.t)`,
            [
              scope.campaignId,
              lives,
              from.toISOString(),
              to.toISOString(),
              edgeHours(days),
              open.map((day) => day.from.toISOString()),
              open.map((day) => day.to.toISOString()),
            ],
          );
    return mergeDays(days, [
      ...dayRows.filter((row) => covered[dayIndex(days, new Date(row.bucket).getTime())]),
      ...fineSketches,
    ]);
  },
  async clickhouse(store, scope, days) {
    if (days.length === 0) return emptyEstimates(days);
    const bounds = [...days.map((day) => day.from), (days[days.length - 1] as ReachDayWindow).to];
    const rows = await store.rows<{
      day: number;
      kind: string;
      ads: string;
      reach: string;
      cumulative: string;
    }>(
      `select day, kind, ads, finalizeAggregation(day_state) as reach,
              uniqCombined64Merge(day_state) over (partition by kind order by day
                rows between unbounded preceding and current row) as cumulative
         from (
           select arrayCount(b -> b <= bucket, {bounds:Array(DateTime('UTC'))}) - 1 as day, kind,
                  sum(ads) as ads, uniqCombined64MergeState(identities) as day_state
             from ${store.table('reach_states')}
            where campaign_id = {campaign:String} and has({lives:Array(String)}, live_id)
              and bucket >= {from:DateTime('UTC')} and bucket < {to:DateTime('UTC')}
            group by day, kind)
        order by kind, day`,
      {
        campaign: scope.campaignId,
        lives: scope.liveIds ?? [''],
        bounds: bounds.map((at) => clickhouseTime(at).slice(0, 19)),
        from: clickhouseTime(bounds[0] as Date).slice(0, 19),
        to: clickhouseTime(bounds[bounds.length - 1] as Date).slice(0, 19),
      },
    );
    const estimates = emptyEstimates(days);
    const dayReach = days.map(() => 0);
    const cumulativeOf = { browser: days.map(() => 0), device: days.map(() => 0) };
    for (const row of rows) {
      const index = Number(row.day);
      if (index < 0 || index >= days.length) continue;
      const count = Number(row.ads);
      estimates.ads += count;
      if (row.kind !== 'browser' && row.kind !== 'device') continue;
      estimates.identifiedAds += count;
      dayReach[index] = (dayReach[index] as number) + Number(row.reach);
      cumulativeOf[row.kind][index] = Number(row.cumulative);
    }
    // A day without a row of a kind carries that kind's curve from the day before.
    for (const kind of ['browser', 'device'] as const) {
      const curve = cumulativeOf[kind];
      for (let index = 1; index < curve.length; index += 1)
        curve[index] = Math.max(curve[index] as number, curve[index - 1] as number);
    }
    estimates.browsers = cumulativeOf.browser[days.length - 1] ?? 0;
    estimates.devices = cumulativeOf.device[days.length - 1] ?? 0;
    estimates.days = days.map((day, index) => ({
      date: day.date,
      reach: dayReach[index] as number,
      cumulative: (cumulativeOf.browser[index] as number) + (cumulativeOf.device[index] as number),
    }));
    return estimates;
  },
});
