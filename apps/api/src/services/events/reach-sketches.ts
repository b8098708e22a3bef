// Reach in the stores (docs/reports.md, "Reach"): what a serving process gathers for the reach sketches
// (request-counter.ts) and the PostgreSQL store's merge of it (ClickHouse's insert is in clickhouse.ts).
// A row is one campaign, live creative ('' for the whole campaign), kind of identity and 15-minute UTC
// bucket: the ads served in it and the 64-bit hashes of the identities they went to (kind 'none': the
// ads without an identity, no hashes). The main database keeps each row's sketch at three grains, its
// quarter, its hour and the campaign's local day it falls in, merged in under the rows' locks: the rows are made first (a concurrent process
// making the same waits for ours), then read `for update` in key order, merged and written back, so two
// processes merging at once never lose each other's identities and never deadlock.
import {
  encodeSlots,
  offsetToMinutes,
  ReachSketch,
  reachSlots,
  reportUtcRange,
  zoneOfName,
} from '@adconsole/domain';
import type { Database } from '../../db/database';

export type ReachKind = 'browser' | 'device' | 'none';

export interface ReachRow {
  campaignId: string;
  /** The live creative; '' for the whole campaign's row. */
  liveId: string;
  kind: ReachKind;
  /** The 15-minute UTC bucket's start. */
  bucket: Date;
  ads: number;
  /** The identities' 64-bit hashes, 16 hex digits each (none for kind 'none'). */
  hashes: ReadonlySet<string>;
  /**
   * The campaign's local day the bucket is in, in its zone as it is now: the row is kept for that day
   * too, so a report of whole days in that zone reads one sketch a day (queries/reach.ts).
   */
  day?: { start: Date; end: Date };
}

const HOUR_MS = 60 * 60 * 1000;

/** The local day of `zone` (an IANA zone or a fixed offset) that `now` (ms) is in, as UTC instants. */
export function localDayOf(zone: string, now: number): { start: Date; end: Date } {
  const local = zoneOfName(zone, new Date(now));
  const date = new Date(now + offsetToMinutes(local.offset) * 60_000).toISOString().slice(0, 10);
  const { from, to } = reportUtcRange({ start: date, end: date }, local);
  return { start: from, end: to };
}
const GRAINS = ['quarter', 'hour', 'day'] as const;

interface Merge {
  campaignId: string;
  liveId: string;
  kind: ReachKind;
  grain: (typeof GRAINS)[number];
  bucket: Date;
  /** A day row's end (the campaign's local day is [bucket, bucketEnd)); null for the other grains. */
  bucketEnd: Date | null;
  ads: number;
  /** The registers the batch's hashes raise (none for kind 'none'). */
  slots: Map<number, number> | null;
  /** The merged sketch, once a stored one is read to merge with. */
  sketch?: ReachSketch;
}

/**
 * Each row at its quarter, its hour and its campaign's local day (when given), rows of the same key
 * together, in key order.
 */
function mergesOf(rows: readonly ReachRow[]): Merge[] {
  const merges = new Map<string, Merge>();
  for (const row of rows) {
    const slots = row.kind === 'none' ? null : reachSlots(row.hashes);
    const at = row.bucket.getTime();
    const buckets = [
      { grain: 'quarter' as const, start: at, end: null },
      { grain: 'hour' as const, start: at - (at % HOUR_MS), end: null },
      ...(row.day === undefined
        ? []
        : [{ grain: 'day' as const, start: row.day.start.getTime(), end: row.day.end }]),
    ];
    for (const { grain, start, end } of buckets) {
      const key = `${row.campaignId}\t${row.liveId}\t${grain}\t${String(start).padStart(15, '0')}\t${row.kind}`;
      let merge = merges.get(key);
      if (merge === undefined) {
        merge = {
          campaignId: row.campaignId,
          liveId: row.liveId,
          kind: row.kind,
          grain,
          bucket: new Date(start),
          bucketEnd: end,
          ads: 0,
          slots: slots === null ? null : new Map(),
        };
        merges.set(key, merge);
      }
      merge.ads += row.ads;
      if (merge.slots !== null && slots !== null)
        for (const [index, rank] of slots)
          if (rank > (merge.slots.get(index) ?? 0)) merge.slots.set(index, rank);
    }
  }
  return [...merges.keys()].sort().map((key) => merges.get(key) as Merge);
}

const keyColumns = (merges: readonly Merge[]) => [
  merges.map((merge) => merge.campaignId),
  merges.map((merge) => merge.liveId),
  merges.map((merge) => merge.kind),
  merges.map((merge) => merge.grain),
  merges.map((merge) => merge.bucket.toISOString()),
];

const KEYS = `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
  as batch (campaign_id, live_id, kind, grain, bucket)`;

/** Merges rows into PostgreSQL's `reach_sketches` (see above), in one transaction. */
export async function mergePostgresReach(db: Database, rows: readonly ReachRow[]): Promise<void> {
  const merges = mergesOf(rows);
  if (merges.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into reach_sketches (campaign_id, live_id, kind, grain, bucket, bucket_end)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[])
         as batch order by 1, 2, 4, 5, 3
       on conflict do nothing`,
      [...keyColumns(merges), merges.map((merge) => merge.bucketEnd?.toISOString() ?? null)],
    );
    const stored = await tx.query<{
      campaign_id: string;
      live_id: string;
      kind: string;
      grain: string;
      bucket: Date | string;
      sketch: Uint8Array | null;
    }>(
      `select r.campaign_id, r.live_id, r.kind, r.grain, r.bucket, r.sketch
         from reach_sketches r join ${KEYS} using (campaign_id, live_id, kind, grain, bucket)
        order by r.campaign_id, r.live_id, r.grain, r.bucket, r.kind
          for update of r`,
      keyColumns(merges),
    );
    const index = new Map(
      merges.map((merge) => [
        `${merge.campaignId}\t${merge.liveId}\t${merge.kind}\t${merge.grain}\t${merge.bucket.getTime()}`,
        merge,
      ]),
    );
    for (const row of stored) {
      const at = new Date(row.bucket).getTime();
      const merge = index.get(`${row.campaign_id}\t${row.live_id}\t${row.kind}\t${row.grain}\t${at}`);
      if (merge?.slots && row.sketch !== null) {
        merge.sketch = ReachSketch.decode(row.sketch);
        for (const [index, rank] of merge.slots) merge.sketch.addSlot(index, rank);
      }
    }
    await tx.query(
      `update reach_sketches r
          set ads = r.ads + u.ads, sketch = case when u.sketch is null then null else decode(u.sketch, 'hex') end
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::bigint[], $7::text[])
           as u (campaign_id, live_id, kind, grain, bucket, ads, sketch)
        where r.campaign_id = u.campaign_id and r.live_id = u.live_id and r.kind = u.kind
          and r.grain = u.grain and r.bucket = u.bucket`,
      [
        ...keyColumns(merges),
        merges.map((merge) => merge.ads),
        merges.map((merge) =>
          merge.slots === null
            ? null
            : Buffer.from(merge.sketch?.encode() ?? encodeSlots(merge.slots)).toString('hex'),
        ),
      ],
    );
  });
}

/**
 * The local days a report read may keep as read-day rows, at most, per live creative and neighbourhood
 * of a day: the day rows of as many zones' day starts (UTC, New York, Tokyo...) within a day of each
 * other. A read in one more zone merges the day's hours again, as before; nothing grows without bound.
 */
export const READ_DAY_ZONES = 4;

/** A live creative's local day of one kind as a report read merged it (queries/reach.ts). */
export interface ReadDay {
  live: string;
  /** The day's index in `days`. */
  index: number;
  kind: string;
  ads: number;
  sketch: ReachSketch | Uint8Array | null;
}

/**
 * Keeps what a report read merged of its open days as 'read-day' rows (docs/reports.md, "Reach"), so the
 * next read of those days in that zone reads one sketch a day instead of its hours: only days over by
 * `now` (a day still running changes with each ad), and at most READ_DAY_ZONES day starts within a day
 * of each other per live creative. A read-day row stands for its day only while it holds every ad the
 * fine rows hold (a late ad makes the next read merge the hours and write it again), so it is never
 * read stale. In key order, one statement: two reads keeping the same day at once do not deadlock.
 */
export async function keepReadDays(
  db: Database,
  campaignId: string,
  days: readonly { from: Date; to: Date }[],
  parts: readonly ReadDay[],
  now: number,
): Promise<void> {
  const kept = parts
    .filter((part) => (days[part.index]?.to.getTime() ?? Number.POSITIVE_INFINITY) <= now)
    .map((part) => {
      const day = days[part.index] as { from: Date; to: Date };
      const sketch = part.sketch instanceof ReachSketch ? part.sketch.encode() : part.sketch;
      return { ...part, from: day.from.toISOString(), to: day.to.toISOString(), sketch };
    })
    .sort((a, b) =>
      a.live !== b.live
        ? a.live < b.live
          ? -1
          : 1
        : a.from !== b.from
          ? a.from < b.from
            ? -1
            : 1
          : a.kind < b.kind
            ? -1
            : 1,
    );
  if (kept.length === 0) return;
  await db.query(
    `insert into reach_sketches (campaign_id, live_id, kind, grain, bucket, bucket_end, ads, sketch)
     select $1, k.live_id, k.kind, 'read-day', k.bucket, k.bucket_end, k.ads,
            case when k.sketch is null then null else decode(k.sketch, 'hex') end
       from unnest($2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::bigint[], $7::text[])
         as k (live_id, kind, bucket, bucket_end, ads, sketch)
      where (select count(distinct r.bucket) from reach_sketches r
              where r.campaign_id = $1 and r.live_id = k.live_id and r.grain = 'read-day'
                and r.bucket > k.bucket - interval '1 day' and r.bucket < k.bucket + interval '1 day'
                and r.bucket <> k.bucket) < $8
     on conflict (campaign_id, live_id, grain, bucket, kind) do update
       set bucket_end = excluded.bucket_end, ads = excluded.ads, sketch = excluded.sketch`,
    [
      campaignId,
      kept.map((part) => part.live),
      kept.map((part) => part.kind),
      kept.map((part) => part.from),
      kept.map((part) => part.to),
      kept.map((part) => part.ads),
      kept.map((part) => (part.sketch === null ? null : Buffer.from(part.sketch).toString('hex'))),
      READ_DAY_ZONES,
    ],
  );
}
