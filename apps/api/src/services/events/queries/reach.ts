// Report read: reach over a range of local days (docs/reports.md, "Reach"): the distinct browsers and
// devices a campaign's (or some live creatives') ads went to, by local day and cumulative, and the ads
// with and without an identity. PostgreSQL keeps sketches per quarter, per hour and per local day of the
// campaign's zone (migration 0047): a report's day is one day row when that row is exactly the day and
// holds all of its ads (checked against the fine rows' ads, read without their sketches), else its whole
// UTC hours' sketches plus, where the day's edge cuts an hour (a zone of +05:30, +05:45), that hour's
// quarters; the sketches are merged here (the domain's ReachSketch). ClickHouse
// merges its uniqCombined64 states by day itself, the cumulative curve as a window over the days.
import { cumulativeEstimates, type ReachEstimates, ReachSketch } from '@adconsole/domain';
import { keepReadDays, type ReadDay } from '../reach-sketches';
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

interface AdsRow {
  live_id: string;
  kind: string;
  bucket: Date | string;
  ads: string | number;
}
interface SketchRow extends AdsRow {
  sketch: Uint8Array | null;
}
interface DayRow extends SketchRow {
  grain: string;
  bucket_end: Date | string | null;
}

/** One live creative's day of one kind, merged: its ads and, for an identity kind, its sketch. */
interface DayPart {
  index: number;
  kind: string;
  ads: number;
  sketch: ReachSketch | Uint8Array | null;
}

/** The estimates of the days' parts: each day's union by kind, then the cumulative curve. */
function mergeDays(days: readonly ReachDayWindow[], parts: Iterable<DayPart>): ReachEstimates {
  const browsers = days.map(() => null as ReachSketch | null);
  const devices = days.map(() => null as ReachSketch | null);
  let ads = 0;
  let identifiedAds = 0;
  for (const part of parts) {
    ads += part.ads;
    if (part.kind === 'none' || part.sketch === null) continue;
    identifiedAds += part.ads;
    const sketches = part.kind === 'device' ? devices : browsers;
    sketches[part.index] ??= new ReachSketch();
    const sketch = sketches[part.index] as ReachSketch;
    if (part.sketch instanceof ReachSketch) sketch.merge(part.sketch);
    else sketch.mergeBytes(part.sketch);
  }
  const estimate = (sketch: ReachSketch | null) => (sketch === null ? 0 : sketch.estimate());
  // The cumulative curve, each kind's union kept with its histogram (the domain's cumulativeEstimates).
  const browserCurve = cumulativeEstimates(browsers);
  const deviceCurve = cumulativeEstimates(devices);
  let cumulative = 0;
  const perDay = days.map((day, index) => {
    const browser = browsers[index] ?? null;
    const device = devices[index] ?? null;
    if (browser !== null || device !== null)
      // Each kind rounded on its own, as the range's reach is (reachOf): the curve ends on it.
      cumulative = Math.round(browserCurve[index] ?? 0) + Math.round(deviceCurve[index] ?? 0);
    return { date: day.date, reach: estimate(browser) + estimate(device), cumulative };
  });
  return {
    browsers: browserCurve[days.length - 1] ?? 0,
    devices: deviceCurve[days.length - 1] ?? 0,
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

/** A live creative's day: `live\tindex`. */
const liveDay = (live: string, index: number) => `${live}\t${index}`;

/** Adds `ads` of `kind` to the tally of `key`. */
function tally(tallies: Map<string, Map<string, number>>, key: string, kind: string, ads: number): void {
  let byKind = tallies.get(key);
  if (byKind === undefined) {
    byKind = new Map();
    tallies.set(key, byKind);
  }
  byKind.set(kind, (byKind.get(kind) ?? 0) + ads);
}

/**
 * The day rows that stand for each live creative's day: of one grain ('day', written as ads are served,
 * first; then 'read-day', written by an earlier read), exactly that local day, and holding every ad the
 * fine rows hold, kind by kind (a campaign whose zone changed that day has two partial day rows: neither
 * does; a read-day row older than a late ad does not either).
 */
function standingDayRows(
  days: readonly ReachDayWindow[],
  fineAds: ReadonlyMap<string, ReadonlyMap<string, number>>,
  dayRows: readonly DayRow[],
): Map<string, DayRow[]> {
  const candidates = new Map<string, DayRow[]>();
  for (const row of dayRows) {
    const index = dayIndex(days, new Date(row.bucket).getTime());
    if (index < 0) continue;
    const key = `${liveDay(row.live_id, index)}\t${row.grain}`;
    candidates.set(key, [...(candidates.get(key) ?? []), row]);
  }
  const standing = new Map<string, DayRow[]>();
  for (const [key, wanted] of fineAds) {
    const index = Number(key.slice(key.lastIndexOf('\t') + 1));
    const end = days[index]?.to.getTime();
    for (const grain of DAY_GRAINS) {
      const rows = candidates.get(`${key}\t${grain}`) ?? [];
      const exact = rows.every(
        (row) => row.bucket_end !== null && new Date(row.bucket_end).getTime() === end,
      );
      if (
        exact &&
        rows.length === wanted.size &&
        rows.every((row) => wanted.get(row.kind) === Number(row.ads))
      ) {
        standing.set(key, rows);
        break;
      }
    }
  }
  return standing;
}

/** The day rows' grains, the one the serving processes write first. */
const DAY_GRAINS = ['day', 'read-day'] as const;

export const readReach = byStore<[scope: ReachScope, days: readonly ReachDayWindow[]], ReachEstimates>({
  async postgres(store, scope, days) {
    if (days.length === 0) return emptyEstimates(days);
    const lives = scope.liveIds ?? [''];
    const from = (days[0] as ReachDayWindow).from;
    const to = (days[days.length - 1] as ReachDayWindow).to;
    // The fine rows' ads by live creative, day and kind (no sketch read), and the day rows that may
    // stand for a day.
    const [fine, dayRows] = await Promise.all([
      store.db.query<AdsRow>(
        `select live_id, kind, bucket, ads from reach_sketches
          where campaign_id = $1 and live_id = any($2::text[]) and bucket >= $3::timestamptz and bucket < $4::timestamptz
            and ${FINE_ROWS}`,
        [scope.campaignId, lives, from.toISOString(), to.toISOString(), edgeHours(days)],
      ),
      store.db.query<DayRow>(
        `select live_id, grain, kind, bucket, bucket_end, ads, sketch from reach_sketches
          where campaign_id = $1 and live_id = any($2::text[]) and grain = any($3::text[])
            and bucket = any($4::timestamptz[])`,
        [scope.campaignId, lives, DAY_GRAINS, days.map((day) => day.from.toISOString())],
      ),
    ]);
    const fineAds = new Map<string, Map<string, number>>();
    for (const row of fine) {
      const index = dayIndex(days, new Date(row.bucket).getTime());
      if (index >= 0) tally(fineAds, liveDay(row.live_id, index), row.kind, Number(row.ads));
    }
    const standing = standingDayRows(days, fineAds, dayRows);
    const open = [...fineAds.keys()].filter((key) => !standing.has(key));
    const parts: DayPart[] = [];
    for (const rows of standing.values())
      for (const row of rows)
        parts.push({
          index: dayIndex(days, new Date(row.bucket).getTime()),
          kind: row.kind,
          ads: Number(row.ads),
          sketch: row.sketch,
        });
    if (open.length > 0) {
      const openDays = open.map((key) => {
        const [live, index] = key.split('\t') as [string, string];
        return { live, day: days[Number(index)] as ReachDayWindow };
      });
      const fineSketches = await store.db.query<SketchRow>(
        `select live_id, kind, bucket, ads, sketch from reach_sketches
          where campaign_id = $1 and live_id = any($2::text[]) and bucket >= $3::timestamptz and bucket < $4::timestamptz
            and ${FINE_ROWS}
            and exists (select 1 from unnest($6::text[], $7::timestamptz[], $8::timestamptz[]) as open (l, f, t)
                         where live_id = open.l and bucket >= open.f and bucket < open.t)`,
        [
          scope.campaignId,
          lives,
          from.toISOString(),
          to.toISOString(),
          edgeHours(days),
          openDays.map((open) => open.live),
          openDays.map((open) => open.day.from.toISOString()),
          openDays.map((open) => open.day.to.toISOString()),
        ],
      );
      // Each open live creative's day merged by kind: for this read, and kept as its read-day rows.
      const merged = new Map<string, ReadDay>();
      for (const row of fineSketches) {
        const index = dayIndex(days, new Date(row.bucket).getTime());
        if (index < 0) continue;
        const key = `${liveDay(row.live_id, index)}\t${row.kind}`;
        let part = merged.get(key);
        if (part === undefined) {
          part = { live: row.live_id, index, kind: row.kind, ads: 0, sketch: null };
          merged.set(key, part);
        }
        part.ads += Number(row.ads);
        if (row.kind !== 'none' && row.sketch !== null) {
          if (!(part.sketch instanceof ReachSketch)) part.sketch = new ReachSketch();
          part.sketch.mergeBytes(row.sketch);
        }
      }
      parts.push(...merged.values());
      await keepReadDays(store.db, scope.campaignId, days, [...merged.values()], Date.now());
    }
    return mergeDays(days, parts);
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
