// Ad requests by outcome in the stores (docs/reports.md, "Requests not served"): what a serving process
// adds to the request rollups, and the PostgreSQL store's statement for it (ClickHouse's insert is in
// clickhouse.ts). A row is one campaign, placement ('' for a creative's own tag), live creative ('' when a
// placement had none to give), 15-minute UTC bucket and outcome ('served' or a not-served reason), with
// its number of requests; rows of the same key add up.
import type { Queryable } from '../../db/database';

export interface RequestCountRow {
  campaignId: string;
  placementId: string;
  liveId: string;
  /** The 15-minute UTC bucket's start. */
  bucket: Date;
  outcome: string;
  requests: number;
}

/**
 * Adds rows to PostgreSQL's `ad_request_rollups` in one statement, in key order (two processes adding
 * at once wait for each other's rows rather than deadlock).
 */
export async function addPostgresRequestCounts(
  db: Queryable,
  rows: readonly RequestCountRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into ad_request_rollups (campaign_id, placement_id, live_id, bucket, outcome, requests)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::bigint[])
       as batch order by 1, 4, 2, 3, 5
     on conflict (campaign_id, bucket, placement_id, live_id, outcome)
     do update set requests = ad_request_rollups.requests + excluded.requests`,
    [
      rows.map((row) => row.campaignId),
      rows.map((row) => row.placementId),
      rows.map((row) => row.liveId),
      rows.map((row) => row.bucket.toISOString()),
      rows.map((row) => row.outcome),
      rows.map((row) => row.requests),
    ],
  );
}

/**
 * Ads of a campaign with caps by their rank in the browser's frequency window (docs/reports.md,
 * "Frequency"): per campaign, window kind (the campaign's longest cap period), 15-minute UTC bucket and
 * rank (1 to 10, 11 for the 11th or later); rows of the same key add up.
 */
export interface FrequencyCountRow {
  campaignId: string;
  /** The 15-minute UTC bucket's start. */
  bucket: Date;
  period: string;
  rank: number;
  ads: number;
}

/** Adds rows to PostgreSQL's `ad_frequency_rollups` in one statement, in key order. */
export async function addPostgresFrequencyCounts(
  db: Queryable,
  rows: readonly FrequencyCountRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into ad_frequency_rollups (campaign_id, bucket, period, rank, ads)
     select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::smallint[], $5::bigint[])
       as batch order by 1, 2, 3, 4
     on conflict (campaign_id, bucket, period, rank)
     do update set ads = ad_frequency_rollups.ads + excluded.ads`,
    [
      rows.map((row) => row.campaignId),
      rows.map((row) => row.bucket.toISOString()),
      rows.map((row) => row.period),
      rows.map((row) => row.rank),
      rows.map((row) => row.ads),
    ],
  );
}
