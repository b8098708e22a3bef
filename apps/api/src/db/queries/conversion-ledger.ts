// The conversions ledger's writes (docs/conversions.md "Counting"): every conversion received,
// counted (`reason` null) or not. Its two partial unique indexes are the rules that need a memory (an
// order counts once per action; under "one per click" a click converts once per action), so a counted
// row is inserted with `on conflict do nothing`: a row the indexes refuse was a duplicate.
import type { InvalidConversionReason } from '@adconsole/domain';
import type { Queryable } from '../database';

/** One ledger row as written. The creative is read from the live creative (removed ones too). */
export interface ConversionLedgerRow {
  id: string;
  action_id: string | null;
  campaign_id: string | null;
  live_id: string | null;
  click_impression_id: string | null;
  clicked_at: Date | null;
  converted_at: Date;
  value_minor: number;
  currency: string | null;
  order_hash: string | null;
  /** The click (its impression id) when the action counts one per click; null otherwise. */
  click_key: string | null;
  reason: InvalidConversionReason | null;
  source: 'tag' | 'postback';
  /** Whether it carried the action's postback key. */
  signed: boolean;
}

const COLUMNS = [
  ['id', 'text'],
  ['action_id', 'text'],
  ['campaign_id', 'text'],
  ['live_id', 'text'],
  ['click_impression_id', 'text'],
  ['clicked_at', 'timestamptz'],
  ['converted_at', 'timestamptz'],
  ['value_minor', 'bigint'],
  ['currency', 'text'],
  ['order_hash', 'text'],
  ['click_key', 'text'],
  ['reason', 'text'],
  ['source', 'text'],
  ['signed', 'boolean'],
] as const satisfies readonly (readonly [keyof ConversionLedgerRow, string])[];

const insertSql = (conflict: string) => `
  insert into conversions (${COLUMNS.map(([name]) => name).join(', ')}, creative_id)
  select u.*, (select l.creative_id from live_creatives l where l.id = u.live_id)
    from unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})
      as u(${COLUMNS.map(([name]) => name).join(', ')})
  ${conflict}`;

const columnArrays = (rows: readonly ConversionLedgerRow[]) =>
  COLUMNS.map(([name]) =>
    rows.map((row) => {
      const value = row[name];
      return value instanceof Date ? value.toISOString() : value;
    }),
  );

/**
 * Inserts conversions that passed every rule the request could check, in this order; answers the ids
 * the unique indexes let in (the others repeat a counted order or a counted click of their action, or
 * an earlier row of the same batch).
 */
export async function insertCountedConversions(
  tx: Queryable,
  rows: readonly ConversionLedgerRow[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx.query<{ id: string }>(
    insertSql('on conflict do nothing returning id'),
    columnArrays(rows),
  );
  return new Set(inserted.map((row) => row.id));
}

/** Which of these (action, order hash) pairs are counted already: `action|hash` keys. */
export async function countedOrders(
  tx: Queryable,
  pairs: readonly { actionId: string; orderHash: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const rows = await tx.query<{ action_id: string; order_hash: string }>(
    `select action_id, order_hash from conversions
      where reason is null and order_hash = any($1::text[]) and action_id = any($2::text[])`,
    [pairs.map((pair) => pair.orderHash), pairs.map((pair) => pair.actionId)],
  );
  return new Set(rows.map((row) => `${row.action_id}|${row.order_hash}`));
}

/**
 * Refusals counted, not stored one row each: per action ('' when none has that id), the click's live
 * creative ('' when the refusal names none), reason and hour.
 */
export interface RefusalCount {
  actionId: string;
  liveId: string;
  campaignId: string;
  reason: InvalidConversionReason;
  bucket: Date;
  count: number;
}

/** Adds refusals to their hour's counts (one statement for a batch's counts). */
export async function addRefusalCounts(tx: Queryable, counts: readonly RefusalCount[]): Promise<void> {
  if (counts.length === 0) return;
  await tx.query(
    `insert into conversion_refusals (action_id, campaign_id, reason, bucket, count, live_id)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::bigint[], $6::text[])
     on conflict (action_id, live_id, reason, bucket) do update set count = conversion_refusals.count + excluded.count`,
    [
      counts.map((count) => count.actionId),
      counts.map((count) => count.campaignId),
      counts.map((count) => count.reason),
      counts.map((count) => count.bucket.toISOString()),
      counts.map((count) => count.count),
      counts.map((count) => count.liveId),
    ],
  );
}

/**
 * The median of each action's last `history` counted values above 0 and how many there were (the
 * implausible-value rule: docs/conversions.md, "Implausible values"). Actions without any are absent.
 */
export async function recentValueMedians(
  tx: Queryable,
  actionIds: readonly string[],
  history: number,
): Promise<Map<string, { median: number; values: number }>> {
  if (actionIds.length === 0) return new Map();
  const rows = await tx.query<{ action_id: string; median: string; values: string }>(
    `select a.action_id,
            (select percentile_cont(0.5) within group (order by v.value_minor) from (
               select value_minor from conversions c
                where c.action_id = a.action_id and c.reason is null and c.value_minor > 0
                order by c.converted_at desc limit $2) as v) as median,
            (select count(*) from (
               select 1 from conversions c
                where c.action_id = a.action_id and c.reason is null and c.value_minor > 0
                order by c.converted_at desc limit $2) as n) as values
       from unnest($1::text[]) as a(action_id)`,
    [[...new Set(actionIds)], history],
  );
  return new Map(
    rows.flatMap((row) =>
      row.median === null
        ? []
        : [[row.action_id, { median: Number(row.median), values: Number(row.values) }]],
    ),
  );
}

/** A click of an action whose counted conversions are capped. */
export interface CappedClick {
  actionId: string;
  clickImpressionId: string;
  clickedAt: Date;
}

const clickKey = (actionId: string, impressionId: string) => `${actionId}|${impressionId}`;

/**
 * The counted conversions of these clicks so far, their rows locked until the transaction ends (made at
 * 0 when new), so two batches of a fleet never pass the cap together: `action|impression` keys.
 */
export async function lockClickCounts(
  tx: Queryable,
  clicks: readonly CappedClick[],
): Promise<Map<string, number>> {
  if (clicks.length === 0) return new Map();
  const params = [
    clicks.map((click) => click.actionId),
    clicks.map((click) => click.clickImpressionId),
    clicks.map((click) => click.clickedAt.toISOString()),
  ];
  await tx.query(
    // In key order, as the lock below: two processes inserting the same new clicks in opposite orders
    // would each wait for the other's row.
    `insert into conversion_click_counts (action_id, click_impression_id, clicked_at)
     select * from unnest($1::text[], $2::text[], $3::timestamptz[]) order by 1, 2
     on conflict do nothing`,
    params,
  );
  const rows = await tx.query<{ action_id: string; click_impression_id: string; counted: number }>(
    `select action_id, click_impression_id, counted from conversion_click_counts
      where (action_id, click_impression_id) in (select * from unnest($1::text[], $2::text[]))
      order by action_id, click_impression_id
      for update`,
    params.slice(0, 2),
  );
  return new Map(rows.map((row) => [clickKey(row.action_id, row.click_impression_id), Number(row.counted)]));
}

/** Adds counted conversions to their clicks' counts (`action|impression` keys). */
export async function addClickCounts(tx: Queryable, added: ReadonlyMap<string, number>): Promise<void> {
  if (added.size === 0) return;
  const keys = [...added.keys()].map((key) => key.split('|'));
  await tx.query(
    `update conversion_click_counts c set counted = c.counted + u.n
       from unnest($1::text[], $2::text[], $3::int[]) as u(action_id, click_impression_id, n)
      where c.action_id = u.action_id and c.click_impression_id = u.click_impression_id`,
    [keys.map((key) => key[0]), keys.map((key) => key[1]), [...added.values()]],
  );
}

export { clickKey };

/**
 * Deletes what outlived its use (docs/conversions.md, "What is stored"): ledger rows not counted and
 * refusal counts received before `before`, and click counts of clicks made before `clicksBefore` (no
 * conversion of theirs can count any more). Answers how many of each went.
 */
export async function sweepConversions(
  db: Queryable,
  before: Date,
  clicksBefore: Date,
): Promise<{ rows: number; refusals: number; clicks: number }> {
  const gone = async (sql: string, at: Date) => {
    const [row] = await db.query<{ n: string }>(
      `with gone as (${sql} returning 1) select count(*) as n from gone`,
      [at],
    );
    return Number(row?.n ?? 0);
  };
  return {
    rows: await gone('delete from conversions where reason is not null and converted_at < $1', before),
    refusals: await gone('delete from conversion_refusals where bucket < $1', before),
    clicks: await gone('delete from conversion_click_counts where clicked_at < $1', clicksBefore),
  };
}
