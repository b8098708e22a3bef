// The inventory forecast's history (docs/reports.md, "The inventory forecast"): the ad requests of a
// known tag that are not invalid traffic, counted per campaign, UTC hour and the facts the delivery
// rules read, in memory, with whether each was served and whether its own campaign refused it (its
// flight, its pause, its rules, its throttle). As the request counter (request-counter.ts), the counts
// go to the database about once a second in one statement, and a batch refused stays for the next;
// SIGTERM writes them before the process exits.
//
// Sampled (docs/reports.md, "The history, sampled"): the first REQUEST_FACTS_EXACT_PER_HOUR requests of
// a tag's hour each have their facts taken (a quiet tag's history is exact), then 1 in
// REQUEST_FACTS_SAMPLE_EVERY: each next one after a gap drawn uniformly from 1 to
// 2 × REQUEST_FACTS_SAMPLE_EVERY − 1 requests (16 on average: no fixed stride a periodic traffic could
// fall in step with). Every request is still counted, with its own outcome, in the row of the last
// request taken: a taken request stands for itself and the requests after it until the next one, so
// each row's `requests` is already the count it stands for (the forecast reads them as they are: no
// scaling back), and a campaign's requests, served and refused of an hour are exact. Only which facts
// they had is estimated, from the requests taken. A request not taken costs a map look-up and three
// additions: its facts are never worked out here (the gate's rules may still need them).
//
// Kept at the grain the rules read (docs/security.md, "Round 6"): a fact a rule compares by family (the
// browser, the OS) is kept as its family, not its version; a campaign's hour keeps at most
// REQUEST_FACT_SITES_PER_HOUR sites and REQUEST_FACT_ROWS_PER_HOUR combinations, the rest counted as
// `~other`, so a client varying its facts request by request adds a handful of rows, not one each.
import {
  CAMPAIGN_REFUSALS,
  DELIVERY_FACTS,
  DELIVERY_RULES,
  type DeliveryFactName,
  type DeliveryFacts,
  familyOf,
  OTHER_DIMENSION_VALUE,
  REQUEST_FACT_ROWS_PER_HOUR,
  REQUEST_FACT_SITES_PER_HOUR,
  REQUEST_FACTS_KEPT_DAYS,
  type RequestOutcome,
  SERVED_OUTCOMES,
} from '@adconsole/domain';
import type { Database } from '../../db/database';
import type { RequestFactsRow } from '../../db/queries/request-facts';

const HOUR_MS = 3_600_000;
/**
 * Past a tag hour's first REQUEST_FACTS_EXACT_PER_HOUR, one request in this many has its facts taken
 * for the forecast's history, on average (docs/reports.md, "The history, sampled"): the history's 5 µs
 * a request fall to about 0.5 µs (`bench/forecast-history.ts`).
 */
export const REQUEST_FACTS_SAMPLE_EVERY = 16;
/**
 * The requests of a tag's hour whose facts are all taken before the sampling starts: a tag with fewer
 * (a quarter of a request a second) has an exact history, at a cost of at most 5 ms of CPU an hour; one
 * with more has enough requests that 1 in 16 of them still tells a narrow targeting's share
 * (`bench/forecast-backtest.mjs` prints both regimes on the demo's history).
 */
export const REQUEST_FACTS_EXACT_PER_HOUR = 1000;
const SERVED: ReadonlySet<string> = new Set(SERVED_OUTCOMES.map((entry) => entry.outcome));
/**
 * The outcomes of a request its own campaign chose not to answer: another campaign could have had it
 * (the domain's CAMPAIGN_REFUSALS: each gate reason says whether it is one, every rule's is).
 */
const REFUSED: ReadonlySet<string> = new Set(CAMPAIGN_REFUSALS);

/** The facts a rule compares by family: kept as the family (the grain the rule reads). */
const BY_FAMILY: ReadonlySet<string> = new Set(
  DELIVERY_RULES.flatMap((rule) =>
    rule.kind.type === 'list' && rule.kind.compare === 'family' ? [rule.fact] : [],
  ),
);
const atGrain = (fact: DeliveryFactName, value: string) => (BY_FAMILY.has(fact) ? familyOf(value) : value);
/** The facts of the row past a campaign hour's budget: every fact `~other`. */
const OTHER_FACTS = Object.fromEntries(
  DELIVERY_FACTS.map((fact) => [fact, OTHER_DIMENSION_VALUE]),
) as RequestFactsRow['facts'];

/** Whether `value` has a place among a campaign's values this hour: seen already, or fewer than `limit`. */
function admitted(seen: Map<string, Set<string>>, campaignId: string, value: string, limit: number): boolean {
  let values = seen.get(campaignId);
  if (values === undefined) {
    values = new Set();
    seen.set(campaignId, values);
  }
  if (values.has(value)) return true;
  if (values.size >= limit) return false;
  values.add(value);
  return true;
}

/** What the counter asks of a request: its facts, worked out only when it is taken. */
interface FactsSource {
  facts(): DeliveryFacts;
}

/** A tag's sampling this hour: the requests until the next one taken, and the row they count in. */
interface TagSample {
  campaignId: string;
  bucket: number;
  /** Requests of the tag still to come before the next one is taken (0: the next one is). */
  untilNext: number;
  /** Requests of the tag taken this hour. */
  taken: number;
  /** The last request taken: its row's key and facts (the row is made again after a write). */
  key: string;
  facts: RequestFactsRow['facts'];
  /** Its row in `rows` as it was when looked up (`of`: that map), so most requests need no look-up. */
  row: RequestFactsRow | undefined;
  of: Map<string, RequestFactsRow> | undefined;
}

interface RequestFactsOptions {
  /** How often the gathered rows are written (ms). */
  everyMs?: number;
  /** Past the first `exactPerHour` of a tag's hour, one request in this many taken on average (1: every request). */
  sampleEvery?: number;
  /** The requests of a tag's hour all taken first (REQUEST_FACTS_EXACT_PER_HOUR; at least the first). */
  exactPerHour?: number;
  /** Uniform in [0, 1): the gaps between requests taken. Math.random by default; tests pin it. */
  random?: () => number;
}

export class RequestFactsCounter {
  private rows = new Map<string, RequestFactsRow>();
  /**
   * This hour's sites and combinations of facts seen per campaign (at most REQUEST_FACT_SITES_PER_HOUR
   * and REQUEST_FACT_ROWS_PER_HOUR each), each tag's sampling, and the hour; they start afresh each hour.
   */
  private sites = new Map<string, Set<string>>();
  private combinations = new Map<string, Set<string>>();
  private samples = new Map<string, TagSample>();
  private hour = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly everyMs: number;
  private readonly sampleEvery: number;
  private readonly exactPerHour: number;
  private readonly random: () => number;

  constructor(
    private readonly write: (rows: readonly RequestFactsRow[]) => Promise<void>,
    options: RequestFactsOptions = {},
  ) {
    this.everyMs = options.everyMs ?? 1000;
    this.sampleEvery = Math.max(1, Math.floor(options.sampleEvery ?? REQUEST_FACTS_SAMPLE_EVERY));
    this.exactPerHour = Math.max(1, Math.floor(options.exactPerHour ?? REQUEST_FACTS_EXACT_PER_HOUR));
    this.random = options.random ?? Math.random;
  }

  /**
   * One request to the tag `key` (requestCountKey: its campaign first) at `now` (ms), answered with
   * `outcome`; `request.facts()` is asked only when this request is taken.
   */
  add(key: string, request: FactsSource, outcome: RequestOutcome, now: number): void {
    const bucket = now - (now % HOUR_MS);
    if (bucket !== this.hour) this.startHour(bucket);
    let sample = this.samples.get(key);
    if (sample === undefined) {
      const tab = key.indexOf('\t');
      sample = {
        campaignId: tab < 0 ? key : key.slice(0, tab),
        bucket,
        untilNext: 0,
        taken: 0,
        key: '',
        facts: OTHER_FACTS,
        row: undefined,
        of: undefined,
      };
      this.samples.set(key, sample);
    }
    if (sample.untilNext === 0) this.take(sample, request.facts());
    sample.untilNext -= 1;
    let row = sample.of === this.rows ? sample.row : undefined;
    if (row === undefined) row = this.rowOf(sample);
    row.requests += 1;
    if (SERVED.has(outcome)) row.served += 1;
    else if (REFUSED.has(outcome)) row.refused += 1;
    if (this.timer === undefined && !this.closed) {
      this.timer = setTimeout(() => void this.flush().catch(() => {}), this.everyMs);
      this.timer.unref();
    }
  }

  /** A new hour: the sites, combinations and samples start afresh (the first request of each tag taken). */
  private startHour(bucket: number): void {
    this.sites = new Map();
    this.combinations = new Map();
    this.samples = new Map();
    this.hour = bucket;
  }

  /**
   * Takes this request's facts: the row it and the requests until the next one taken count in, and the
   * gap to that one: the next request while the hour's first `exactPerHour` are taken, then 1 to
   * 2 × sampleEvery − 1 requests, uniformly (sampleEvery on average).
   */
  private take(sample: TagSample, given: DeliveryFacts): void {
    const { campaignId, bucket } = sample;
    // The request's facts with its site kept or folded into "Other" (no copy of the facts made).
    const site = admitted(this.sites, campaignId, given.site, REQUEST_FACT_SITES_PER_HOUR)
      ? given.site
      : OTHER_DIMENSION_VALUE;
    const factOf = (fact: DeliveryFactName) => (fact === 'site' ? site : atGrain(fact, given[fact]));
    let facts = '';
    for (const fact of DELIVERY_FACTS) facts += `\t${factOf(fact)}`;
    const within = admitted(this.combinations, campaignId, facts, REQUEST_FACT_ROWS_PER_HOUR);
    sample.key = `${campaignId}\t${bucket}${within ? facts : '\tother'}`;
    // Its row, when one gathering has the same facts already; else its facts for the row made next.
    const row = this.rows.get(sample.key);
    sample.row = row;
    sample.of = row === undefined ? undefined : this.rows;
    sample.facts =
      row?.facts ??
      (within
        ? (Object.fromEntries(DELIVERY_FACTS.map((fact) => [fact, factOf(fact)])) as RequestFactsRow['facts'])
        : OTHER_FACTS);
    sample.taken += 1;
    const every = this.sampleEvery;
    sample.untilNext =
      every === 1 || sample.taken < this.exactPerHour ? 1 : 1 + Math.floor(this.random() * (2 * every - 1));
  }

  /** The row of the request last taken, in the rows now gathering (made anew after a write). */
  private rowOf(sample: TagSample): RequestFactsRow {
    let row = this.rows.get(sample.key);
    if (row === undefined) {
      row = {
        campaignId: sample.campaignId,
        bucket: new Date(sample.bucket),
        facts: { ...sample.facts },
        requests: 0,
        served: 0,
        refused: 0,
      };
      this.rows.set(sample.key, row);
    }
    sample.row = row;
    sample.of = this.rows;
    return row;
  }

  /** Writes everything gathered (the forecast reads after this); one write at a time. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        const rows = [...this.rows.values()];
        this.rows = new Map();
        if (rows.length === 0) return;
        try {
          await this.write(rows);
        } catch (error) {
          // Kept for the next write, added to what came meanwhile.
          for (const row of rows) this.keep(row);
          if (!this.closed) {
            this.timer = setTimeout(() => void this.flush().catch(() => {}), this.everyMs);
            this.timer.unref();
          }
          throw error;
        }
      });
    return this.writing;
  }

  private keep(row: RequestFactsRow): void {
    let key = `${row.campaignId}\t${row.bucket.getTime()}`;
    for (const fact of DELIVERY_FACTS) key += `\t${row.facts[fact]}`;
    const known = this.rows.get(key);
    if (known === undefined) this.rows.set(key, row);
    else {
      known.requests += row.requests;
      known.served += row.served;
      known.refused += row.refused;
    }
  }

  /** Writes what it holds and gathers no more in the background. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}

const DAY_MS = 86_400_000;
/** Rows one statement deletes, and statements one sweep makes at most (the rest wait for the next hour). */
const SWEEP_BATCH = 10_000;
const SWEEP_BATCHES = 50;

/**
 * One sweep at `now`: the forecast's history older than REQUEST_FACTS_KEPT_DAYS, the oldest hours first
 * through their index; answers how many rows went.
 */
export async function sweepRequestFacts(ctx: { db: Database }, now: number): Promise<number> {
  const before = new Date(now - REQUEST_FACTS_KEPT_DAYS * DAY_MS);
  let deleted = 0;
  for (let batch = 0; batch < SWEEP_BATCHES; batch += 1) {
    const [row] = await ctx.db.query<{ deleted: number }>(
      `with gone as (
         delete from ad_request_facts where ctid in (
           select ctid from ad_request_facts where bucket < $1 order by bucket limit $2)
         returning 1)
       select count(*)::int as deleted from gone`,
      [before.toISOString(), SWEEP_BATCH],
    );
    deleted += row?.deleted ?? 0;
    if ((row?.deleted ?? 0) < SWEEP_BATCH) break;
  }
  return deleted;
}

/**
 * The sweep as a job kind (services/jobs/kinds.ts: app.ts hands it to the runner), named by what it
 * reads of the context, since the event store sits below the jobs and the context (docs/architecture.md,
 * "Inside the API"): once an hour across the fleet, under its lease.
 */
export const requestFactsSweep = {
  kind: 'sweep-request-facts',
  onceEveryMs: 60 * 60_000,
  queueDue: async (ctx: { db: Database; clock?: () => number }) => {
    await sweepRequestFacts(ctx, ctx.clock?.() ?? Date.now());
  },
};
