// The inventory forecast's history (docs/reports.md, "The inventory forecast"; migration
// 0045_request_facts, and each fact's column written from REQUEST_FACTS: migrations/request-fact-columns.ts):
// ad requests per campaign, UTC hour and the facts the delivery rules read, added by the serving
// processes; read per account, its campaigns together, and the campaigns that compete.
import { type DeliveryFactName, type DeliveryFacts, REQUEST_FACTS } from '@adconsole/domain';
import type { Queryable } from '../database';
import type { CampaignRow } from './campaigns';

/** One campaign's requests of one hour with one combination of facts. */
export interface RequestFactsRow {
  campaignId: string;
  /** The UTC hour's start. */
  bucket: Date;
  facts: { [F in DeliveryFactName]: string };
  requests: number;
  served: number;
  refused: number;
}

/** The facts, in REQUEST_FACTS' order, each with its column. */
const FACTS: readonly { key: DeliveryFactName; column: string }[] = REQUEST_FACTS;
const COLUMNS: readonly string[] = FACTS.map((fact) => fact.column);

/**
 * Adds rows to `ad_request_facts` in one statement, in key order (two processes adding at once wait for
 * each other rather than deadlock); rows of the same key add up.
 */
export async function addRequestFacts(db: Queryable, rows: readonly RequestFactsRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort(
    (a, b) => a.campaignId.localeCompare(b.campaignId) || a.bucket.getTime() - b.bucket.getTime(),
  );
  const names = COLUMNS.join(', ');
  const arrays = FACTS.map((_, index) => `$${index + 3}::text[]`).join(', ');
  const n = FACTS.length;
  await db.query(
    `insert into ad_request_facts (campaign_id, bucket, ${names}, requests, served, refused)
     select * from unnest($1::text[], $2::timestamptz[], ${arrays}, $${n + 3}::bigint[], $${n + 4}::bigint[], $${n + 5}::bigint[])
     on conflict (campaign_id, bucket, ${names})
     do update set requests = ad_request_facts.requests + excluded.requests,
       served = ad_request_facts.served + excluded.served,
       refused = ad_request_facts.refused + excluded.refused`,
    [
      sorted.map((row) => row.campaignId),
      sorted.map((row) => row.bucket.toISOString()),
      ...FACTS.map((fact) => sorted.map((row) => row.facts[fact.key])),
      sorted.map((row) => row.requests),
      sorted.map((row) => row.served),
      sorted.map((row) => row.refused),
    ],
  );
}

/** An hour of an account's requests with one combination of facts (its campaigns summed). */
export interface AccountRequestHour {
  at: number;
  facts: DeliveryFacts;
  requests: number;
  served: number;
  refused: number;
}

/** An account's requests of `from <= bucket < to`, by hour and facts, every campaign of it together. */
export async function readAccountRequestHistory(
  db: Queryable,
  ownerId: string,
  from: Date,
  to: Date,
): Promise<AccountRequestHour[]> {
  const names = COLUMNS.map((column) => `facts.${column}`).join(', ');
  const rows = await db.query<Record<string, string | number | Date>>(
    `select facts.bucket, ${names}, sum(facts.requests) as requests, sum(facts.served) as served,
       sum(facts.refused) as refused
     from ad_request_facts facts join campaigns campaign on campaign.id = facts.campaign_id
     where campaign.owner_id = $1 and facts.bucket >= $2 and facts.bucket < $3
     group by facts.bucket, ${names}`,
    [ownerId, from.toISOString(), to.toISOString()],
  );
  return rows.map((row) => ({
    at: new Date(row.bucket as Date | string).getTime(),
    facts: Object.fromEntries(
      FACTS.map((fact) => [fact.key, String(row[fact.column] ?? '')]),
    ) as unknown as DeliveryFacts,
    requests: Number(row.requests),
    served: Number(row.served),
    refused: Number(row.refused),
  }));
}

/**
 * An account's campaigns that are not archived and whose flight (both days set) meets `flight` (the
 * forecast's contenders), soonest start first, at most `limit`; each with the ads it served since its
 * flight's first day (from 14 hours before it: the earliest zone's midnight).
 */
export async function listForecastCampaigns(
  db: Queryable,
  ownerId: string,
  flight: { start: string; end: string },
  limit: number,
): Promise<(CampaignRow & { served_since_start: number })[]> {
  const rows = await db.query<CampaignRow & { served_since_start: string | number }>(
    `with meeting as (
       select campaign.* from campaigns campaign
       where campaign.owner_id = $1 and campaign.archived_at is null and campaign.paused_at is null
         and left(campaign.body->'data'->'start'->>'date', 10) <= $3
         and left(campaign.body->'data'->'end'->>'date', 10) >= $2
       order by left(campaign.body->'data'->'start'->>'date', 10), campaign.id
       limit $4)
     select meeting.*, coalesce((
       select sum(facts.served) from ad_request_facts facts
       where facts.campaign_id = meeting.id
         and facts.bucket >= (left(meeting.body->'data'->'start'->>'date', 10)::date)::timestamptz
           - interval '14 hours'
     ), 0) as served_since_start
     from meeting`,
    [ownerId, flight.start, flight.end, limit],
  );
  return rows.map((row) => ({ ...row, served_since_start: Number(row.served_since_start) }));
}
