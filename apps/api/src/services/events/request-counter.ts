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
// (docs/reports.md, "Frequency"), per campaign, window kind, bucket and rank, written with the requests.
import { frequencyRankBucket, REQUEST_OUTCOMES, type RequestOutcome } from '@adconsole/domain';
import type { FrequencyCountRow, RequestCountRow } from './request-counts';
import type { EventStore } from './store';

const QUARTER_MS = 15 * 60 * 1000;

/** Each outcome's slot in a tag's counts. */
const SLOT = Object.fromEntries(REQUEST_OUTCOMES.map((outcome, index) => [outcome, index])) as Readonly<
  Record<RequestOutcome, number>
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
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: () => EventStore,
    private readonly everyMs = 1000,
  ) {}

  /** One ad request of the tag `key` (requestCountKey) at `now` (ms) answered with `outcome`. */
  add(key: string, outcome: RequestOutcome, now: number): void {
    const bucket = now - (now % QUARTER_MS);
    if (bucket !== this.bucket) {
      this.seal();
      this.bucket = bucket;
    }
    let slots = this.counts.get(key);
    if (slots === undefined) {
      slots = REQUEST_OUTCOMES.map(() => 0);
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

  private keepRank(row: FrequencyCountRow): void {
    const key = `${row.campaignId}\t${row.bucket.getTime()}\t${row.period}\t${row.rank}`;
    const known = this.ranks.get(key);
    if (known) known.ads += row.ads;
    else this.ranks.set(key, { ...row });
  }

  /** A write in about `everyMs`, unless one is planned or the counter is closed. */
  private soon(): void {
    if (this.timer === undefined && !this.closed) {
      this.timer = setTimeout(() => void this.flush().catch(() => {}), this.everyMs);
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
            outcome: REQUEST_OUTCOMES[index] as RequestOutcome,
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
   * write at a time: a flush asked for during a write follows it.
   */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        this.seal();
        let rows = [...this.pending.values()];
        let ranks = [...this.ranks.values()];
        this.pending = new Map();
        this.ranks = new Map();
        try {
          if (rows.length > 0) await this.store().writeRequestCounts(rows);
          rows = [];
          if (ranks.length > 0) await this.store().writeFrequencyCounts(ranks);
          ranks = [];
        } catch (error) {
          // Kept for the next write, a second later (the store may be back by then).
          for (const row of rows) this.keep(row);
          for (const row of ranks) this.keepRank(row);
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
