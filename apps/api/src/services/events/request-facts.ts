// The inventory forecast's history (docs/reports.md, "The inventory forecast"): each ad request of a
// known tag that is not invalid traffic adds 1 to its campaign's count of its hour and facts (the facts
// the delivery rules read), in memory, with whether it was served and whether its own campaign refused
// it (its flight, its pause, its rules, its throttle). As the request counter (request-counter.ts), the
// counts go to the database about once a second in one statement, and a batch refused stays for the
// next; SIGTERM writes them before the process exits.
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

export class RequestFactsCounter {
  private rows = new Map<string, RequestFactsRow>();
  /**
   * This hour's sites and combinations of facts seen per campaign (at most REQUEST_FACT_SITES_PER_HOUR
   * and REQUEST_FACT_ROWS_PER_HOUR each), and the hour; they start afresh each hour.
   */
  private sites = new Map<string, Set<string>>();
  private combinations = new Map<string, Set<string>>();
  private sitesHour = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly write: (rows: readonly RequestFactsRow[]) => Promise<void>,
    private readonly everyMs = 1000,
  ) {}

  /** One request to a tag of `campaignId` at `now` (ms), with its facts, answered with `outcome`. */
  add(campaignId: string, given: DeliveryFacts, outcome: RequestOutcome, now: number): void {
    const bucket = now - (now % HOUR_MS);
    // The request's facts with its site kept or folded into "Other" (no copy of the facts made).
    const site = this.siteOf(campaignId, given.site, bucket);
    const factOf = (fact: DeliveryFactName) => (fact === 'site' ? site : atGrain(fact, given[fact]));
    let facts = '';
    for (const fact of DELIVERY_FACTS) facts += `\t${factOf(fact)}`;
    const within = this.withinBudget(campaignId, facts);
    const key = `${campaignId}\t${bucket}${within ? facts : '\tother'}`;
    let row = this.rows.get(key);
    if (row === undefined) {
      const own = within
        ? Object.fromEntries(DELIVERY_FACTS.map((fact) => [fact, factOf(fact)]))
        : OTHER_FACTS;
      row = {
        campaignId,
        bucket: new Date(bucket),
        facts: { ...own } as RequestFactsRow['facts'],
        requests: 0,
        served: 0,
        refused: 0,
      };
      this.rows.set(key, row);
    }
    row.requests += 1;
    if (SERVED.has(outcome)) row.served += 1;
    else if (REFUSED.has(outcome)) row.refused += 1;
    if (this.timer === undefined && !this.closed) {
      this.timer = setTimeout(() => void this.flush().catch(() => {}), this.everyMs);
      this.timer.unref();
    }
  }

  /**
   * The site as kept: itself while its campaign's hour has room for it, else `~other` (a made-up page on
   * every request adds no row each). The sets start afresh each hour.
   */
  private siteOf(campaignId: string, site: string, bucket: number): string {
    if (bucket !== this.sitesHour) {
      this.sites = new Map();
      this.combinations = new Map();
      this.sitesHour = bucket;
    }
    return admitted(this.sites, campaignId, site, REQUEST_FACT_SITES_PER_HOUR) ? site : OTHER_DIMENSION_VALUE;
  }

  /** Whether a combination of facts has its own row this hour: seen already, or the budget has room. */
  private withinBudget(campaignId: string, facts: string): boolean {
    return admitted(this.combinations, campaignId, facts, REQUEST_FACT_ROWS_PER_HOUR);
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
