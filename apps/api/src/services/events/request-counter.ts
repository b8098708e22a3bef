// Ad requests counted by outcome (docs/reports.md, "Requests not served"): every ad request of a known
// live creative or placement is either served or refused for one reason, and each one adds 1 to its
// tag's count of that outcome in the current 15-minute bucket, in memory. The counts go to the store
// (writeRequestCounts) about once a second, one statement for everything gathered, and before a report
// of this process reads them. An ad request is not a durable event: writing one per request would put a
// database write on the serving path (at thousands a second), so a process that dies loses at most its
// last second of counts, and SIGTERM writes them before it exits. A batch the store refuses stays and
// goes with the next one, added into the rows gathered since (each row key once: an upsert cannot touch
// a row twice in one statement).
//
// The same counter sums the ads of campaigns with caps by their rank in the browser's frequency window
// (docs/reports.md, "Frequency"), per campaign, window kind, bucket and rank, written with the requests;
// and the identities served an ad for reach (docs/reports.md, "Reach"): their hashes per campaign, live
// creative, kind and bucket, merged into the stores' sketches every REACH_EVERY_MS (each merge reads and
// writes a sketch of up to 16 KiB a row and grain: once a second it was the store's largest write under
// load, docs/serving.md "Benchmarks"), sooner once REACH_WAITING_LIMIT identities wait, and at once when
// a report, the throttle or shutdown asks (`flush()`).
import {
  frequencyRankBucket,
  REQUEST_NOTE_NAMES,
  REQUEST_OUTCOMES,
  type RequestNote,
  type RequestOutcome,
} from '@adconsole/domain';
import { localDayOf, type ReachKind, type ReachRow } from './reach-sketches';
import type { FrequencyCountRow, RequestCountRow } from './request-counts';
import type { EventStore } from './store';

const QUARTER_MS = 15 * 60 * 1000;
/** How often the timer writes reach (a flush asked for writes it at once). */
const REACH_EVERY_MS = 10_000;
/** Identities waiting (live creative and campaign rows both counted) past which reach is written at once. */
export const REACH_WAITING_LIMIT = 100_000;

/** What a tag counts: each outcome, then each note (a row's value in the stores either way). */
const COUNTED: readonly (RequestOutcome | RequestNote)[] = [...REQUEST_OUTCOMES, ...REQUEST_NOTE_NAMES];
/** Each outcome's and note's slot in a tag's counts. */
const SLOT = Object.fromEntries(COUNTED.map((outcome, index) => [outcome, index])) as Readonly<
  Record<RequestOutcome | RequestNote, number>
>;

/** The key of a tag's counts: its campaign, placement ('' for a creative's own tag) and live creative. */
export const requestCountKey = (campaignId: string, placementId: string, liveId: string): string =>
  `${campaignId}\t${placementId}\t${liveId}`;

export class RequestCounter {
  /** The current bucket's counts by tag key, one slot per outcome. */
  private counts = new Map<string, number[]>();
  private bucket = Number.NaN;
  /**
   * Rows of buckets ended, and of batches the store refused, waiting for the next write: one per tag,
   * bucket and outcome (a refused batch's rows and the same bucket's later counts add up in one).
   */
  private pending = new Map<string, RequestCountRow>();
  /** Ads by campaign, window kind, bucket and rank, waiting for the next write (refused ones too). */
  private ranks = new Map<string, FrequencyCountRow>();
  /** Identities served an ad by campaign, live creative ('' too), kind and bucket, waiting likewise. */
  private reach = new Map<string, ReachRow>();
  /** Hashes added to the reach rows since they were last written, and when that was (ms). */
  private reachWaiting = 0;
  private reachWrittenAt = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: () => EventStore,
    private readonly everyMs = 1000,
    private readonly reachEveryMs = REACH_EVERY_MS,
  ) {}

  /**
   * One ad request of the tag `key` (requestCountKey) at `now` (ms) answered with `outcome`; or a note
   * it carried (counted beside its outcome, not part of their sum).
   */
  add(key: string, outcome: RequestOutcome | RequestNote, now: number): void {
    const bucket = now - (now % QUARTER_MS);
    if (bucket !== this.bucket) {
      this.seal();
      this.bucket = bucket;
    }
    let slots = this.counts.get(key);
    if (slots === undefined) {
      slots = COUNTED.map(() => 0);
      this.counts.set(key, slots);
    }
    slots[SLOT[outcome]] = (slots[SLOT[outcome]] as number) + 1;
    this.soon();
  }

  /**
   * An ad of the campaign served at `now` (ms) as the browser's `rank`-th in its frequency window of
   * `period` (the 11th and later counted together).
   */
  addRank(campaignId: string, period: string, rank: number, now: number): void {
    this.keepRank({
      campaignId,
      bucket: new Date(now - (now % QUARTER_MS)),
      period,
      rank: frequencyRankBucket(rank),
      ads: 1,
    });
    this.soon();
  }

  /**
   * An ad of the campaign's live creative served at `now` (ms) to `identity` (its kind and 64-bit hash
   * in hex; undefined: the request had none it may keep), counted for the live creative and for the
   * whole campaign.
   */
  addReach(
    campaignId: string,
    liveId: string,
    identity: { kind: Exclude<ReachKind, 'none'>; hash: string } | undefined,
    now: number,
    zone?: string,
  ): void {
    const bucket = now - (now % QUARTER_MS);
    const kind = identity?.kind ?? 'none';
    const day = zone === undefined ? undefined : this.localDay(zone, now);
    // The live creative's row and the whole campaign's: each looked up once.
    for (const row of [
      this.reachRow(campaignId, liveId, kind, bucket, day),
      this.reachRow(campaignId, '', kind, bucket, day),
    ]) {
      row.ads += 1;
      if (identity !== undefined) {
        (row.hashes as Set<string>).add(identity.hash);
        this.reachWaiting += 1;
      }
    }
    this.soon();
  }

  /** The waiting row of a campaign, live creative, kind and bucket, made empty when there is none. */
  private reachRow(
    campaignId: string,
    liveId: string,
    kind: ReachKind,
    bucket: number,
    day?: ReachRow['day'],
  ): ReachRow {
    const key = `${campaignId}\t${liveId}\t${kind}\t${bucket}`;
    let row = this.reach.get(key);
    if (row === undefined) {
      row = { campaignId, liveId, kind, bucket: new Date(bucket), ads: 0, hashes: new Set(), day };
      this.reach.set(key, row);
    }
    return row;
  }

  /** Each zone's local day last asked for, [start, end) (a zone lookup a day, not an ad). */
  private days = new Map<string, { start: Date; end: Date }>();

  /** The local day of `zone` that `now` (ms) is in, from the last one asked for when it still is. */
  private localDay(zone: string, now: number): { start: Date; end: Date } {
    const known = this.days.get(zone);
    if (known !== undefined && now >= known.start.getTime() && now < known.end.getTime()) return known;
    const day = localDayOf(zone, now);
    this.days.set(zone, day);
    return day;
  }

  /** A row of a batch the store refused, back among the waiting ones (added to a row of its key). */
  private keepReach(row: ReachRow): void {
    const known = this.reachRow(row.campaignId, row.liveId, row.kind, row.bucket.getTime(), row.day);
    known.ads += row.ads;
    for (const hash of row.hashes) (known.hashes as Set<string>).add(hash);
  }

  private keepRank(row: FrequencyCountRow): void {
    const key = `${row.campaignId}\t${row.bucket.getTime()}\t${row.period}\t${row.rank}`;
    const known = this.ranks.get(key);
    if (known) known.ads += row.ads;
    else this.ranks.set(key, { ...row });
  }

  /** A write in about `everyMs`, unless one is planned or the counter is closed. */
  private soon(): void {
    if (this.timer === undefined && !this.closed) {
      this.timer = setTimeout(() => void this.flush({ reach: 'when due' }).catch(() => {}), this.everyMs);
      this.timer.unref();
    }
  }

  /** The current bucket's counts as rows, moved to the pending ones. */
  private seal(): void {
    if (this.counts.size === 0) return;
    const bucket = new Date(this.bucket);
    for (const [key, slots] of this.counts) {
      const [campaignId = '', placementId = '', liveId = ''] = key.split('\t');
      slots.forEach((requests, index) => {
        if (requests > 0)
          this.keep({
            campaignId,
            placementId,
            liveId,
            bucket,
            outcome: COUNTED[index] as RequestOutcome | RequestNote,
            requests,
          });
      });
    }
    this.counts = new Map();
  }

  /** A row into the pending ones, added to the row of the same tag, bucket and outcome if there is one. */
  private keep(row: RequestCountRow): void {
    const key = `${requestCountKey(row.campaignId, row.placementId, row.liveId)}\t${row.bucket.getTime()}\t${row.outcome}`;
    const known = this.pending.get(key);
    if (known) known.requests += row.requests;
    else this.pending.set(key, { ...row });
  }

  /**
   * Writes every count gathered so far (a report reads after this; shutdown and tests wait for it). One
   * write at a time: a flush asked for during a write follows it. The timer's own flush writes reach
   * only when it is due (REACH_EVERY_MS since the last, or REACH_WAITING_LIMIT identities waiting).
   */
  flush({ reach: when = 'now' }: { reach?: 'now' | 'when due' } = {}): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        this.seal();
        const now = Date.now();
        const reachDue =
          when === 'now' ||
          now - this.reachWrittenAt >= this.reachEveryMs ||
          this.reachWaiting >= REACH_WAITING_LIMIT;
        let rows = [...this.pending.values()];
        let ranks = [...this.ranks.values()];
        let reach = reachDue ? [...this.reach.values()] : [];
        this.pending = new Map();
        this.ranks = new Map();
        if (reachDue) {
          this.reach = new Map();
          this.reachWaiting = 0;
          this.reachWrittenAt = now;
        } else if (this.reach.size > 0) this.soon();
        try {
          if (rows.length > 0) await this.store().writeRequestCounts(rows);
          rows = [];
          if (ranks.length > 0) await this.store().writeFrequencyCounts(ranks);
          ranks = [];
          if (reach.length > 0) await this.store().writeReach(reach);
          reach = [];
        } catch (error) {
          // Kept for the next write, a second later (the store may be back by then).
          for (const row of rows) this.keep(row);
          for (const row of ranks) this.keepRank(row);
          for (const row of reach) this.keepReach(row);
          this.soon();
          throw error;
        }
      });
    return this.writing;
  }

  /** Writes what it holds and gathers no more in the background. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
