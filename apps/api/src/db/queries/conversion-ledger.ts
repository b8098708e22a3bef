// The conversions ledger's writes (issue 45, docs/conversions.md "Counting"): every conversion received,
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

/** Inserts conversions not counted, each with its reason. */
export async function insertInvalidConversions(
  tx: Queryable,
  rows: readonly ConversionLedgerRow[],
): Promise<void> {
  if (rows.length > 0) await tx.query(insertSql(''), columnArrays(rows));
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
