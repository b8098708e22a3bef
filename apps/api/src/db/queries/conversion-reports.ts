// What a report reads of the conversions ledger (docs/conversions.md, "Reports"): the conversions not
// counted, by reason, and the counted ones by whole days from their click (the lag chart), both in a
// UTC range of their own time; and the conversion currency of campaigns (their actions'). The counted
// conversions themselves are read from the event store, as every other figure.
import type { InvalidConversionReason } from '@adconsole/domain';
import type { Queryable } from '../database';

/** Whose conversions: a whole campaign's, or those attributed to some of its live creatives. */
export type ConversionScope = { campaignId: string } | { liveIds: readonly string[] };

const whereOf = (scope: ConversionScope) =>
  'campaignId' in scope
    ? { sql: 'campaign_id = $1', param: scope.campaignId }
    : { sql: 'live_id = any($1::text[])', param: [...scope.liveIds] };

/**
 * Conversions received in `from <= converted_at < to` and not counted, by reason (most first, then by
 * reason): the ledger's rows (stored before the fifth security review), and the refusals counted per
 * hour instead (docs/conversions.md, "What is stored": an hour counts when it starts in the range). A
 * creative report has those of its live creatives: a refusal that names no click of the campaign has
 * no creative.
 */
export async function countInvalidConversions(
  db: Queryable,
  scope: ConversionScope,
  from: Date,
  to: Date,
): Promise<{ reason: InvalidConversionReason; conversions: number }[]> {
  const where = whereOf(scope);
  const counted = `union all
         select reason, count from conversion_refusals
          where ${'campaignId' in scope ? 'campaign_id = $1' : `live_id = any($1::text[]) and live_id <> ''`}
            and bucket >= $2 and bucket < $3`;
  const rows = await db.query<{ reason: InvalidConversionReason; conversions: string }>(
    `select reason, sum(count) as conversions from (
       select reason, 1 as count from conversions
        where ${where.sql} and reason is not null and converted_at >= $2 and converted_at < $3
       ${counted}
     ) as refused
      group by reason
      order by sum(count) desc, reason`,
    [where.param, from, to],
  );
  return rows.map((row) => ({ reason: row.reason, conversions: Number(row.conversions) }));
}

/**
 * Counted conversions in `from <= converted_at < to` by whole days (of 24 hours) from their click to
 * them: floor((converted_at - clicked_at) / 24 h), 0 within a day; fewest days first.
 */
export async function countConversionLag(
  db: Queryable,
  scope: ConversionScope,
  from: Date,
  to: Date,
): Promise<{ days: number; conversions: number }[]> {
  const where = whereOf(scope);
  const rows = await db.query<{ days: string; conversions: string }>(
    `select greatest(0, floor(extract(epoch from (converted_at - clicked_at)) / 86400))::int as days,
            count(*) as conversions
       from conversions
      where ${where.sql} and reason is null and clicked_at is not null
        and converted_at >= $2 and converted_at < $3
      group by 1
      order by 1`,
    [where.param, from, to],
  );
  return rows.map((row) => ({ days: Number(row.days), conversions: Number(row.conversions) }));
}

/**
 * Each campaign's conversion currency: its actions' (one currency for all of a campaign's actions: the
 * oldest action in use says it, else the oldest archived one). Campaigns without actions are absent.
 */
export async function listConversionCurrencies(
  db: Queryable,
  campaignIds: readonly string[],
): Promise<Map<string, string>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db.query<{ campaign_id: string; currency: string }>(
    `select distinct on (campaign_id) campaign_id, currency from conversion_actions
      where campaign_id = any($1::text[])
      order by campaign_id, archived_at is not null, created_at, id`,
    [[...campaignIds]],
  );
  return new Map(rows.map((row) => [row.campaign_id, row.currency]));
}
