// The creative_approvals table (docs/product.md §4, "Approval"): one row per creative that was ever
// submitted, with the last step's state, actor, time and comment, and the fingerprint of what it drew
// then; and the advertiser's requires_approval switch.
import type { ApprovalState } from '@adconsole/domain';
import type { Queryable } from '../database';
import type { AdvertiserRow } from './advertisers';

export interface CreativeApprovalRow {
  creative_id: string;
  state: ApprovalState;
  drawn_hash: string;
  actor_name: string;
  actor_email: string | null;
  via: 'console' | 'preview-link';
  comment: string | null;
  at: Date;
}

export function listCreativeApprovals(
  db: Queryable,
  creativeIds: readonly string[],
): Promise<CreativeApprovalRow[]> {
  if (creativeIds.length === 0) return Promise.resolve([]);
  return db.query<CreativeApprovalRow>('select * from creative_approvals where creative_id = any($1)', [
    [...creativeIds],
  ]);
}

/** The row held until the transaction ends (two decisions at once take turns). */
export async function lockCreativeApproval(
  db: Queryable,
  creativeId: string,
): Promise<CreativeApprovalRow | undefined> {
  const [row] = await db.query<CreativeApprovalRow>(
    'select * from creative_approvals where creative_id = $1 for update',
    [creativeId],
  );
  return row;
}

export async function saveCreativeApproval(
  db: Queryable,
  row: Omit<CreativeApprovalRow, 'at'>,
): Promise<CreativeApprovalRow> {
  const [saved] = await db.query<CreativeApprovalRow>(
    `insert into creative_approvals (creative_id, state, drawn_hash, actor_name, actor_email, via, comment)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (creative_id) do update set state = excluded.state, drawn_hash = excluded.drawn_hash,
       actor_name = excluded.actor_name, actor_email = excluded.actor_email, via = excluded.via,
       comment = excluded.comment, at = now()
     returning *`,
    [row.creative_id, row.state, row.drawn_hash, row.actor_name, row.actor_email, row.via, row.comment],
  );
  if (!saved) throw new Error('upsert returned no row');
  return saved;
}

/** Whether the advertiser of the creative's campaign requires approval before publishing. */
export async function creativeRequiresApproval(db: Queryable, creativeId: string): Promise<boolean> {
  const [row] = await db.query<{ requires_approval: boolean }>(
    `select a.requires_approval from creatives c join campaigns p on p.id = c.campaign_id
       join advertisers a on a.id = p.advertiser_id where c.id = $1`,
    [creativeId],
  );
  return row?.requires_approval === true;
}

/** Sets the advertiser's switch when `value` is given and differs; answers the row as it is then. */
export async function setRequiresApproval(
  db: Queryable,
  row: AdvertiserRow,
  value: boolean | undefined,
): Promise<AdvertiserRow> {
  if (value === undefined || value === row.requires_approval) return row;
  const [changed] = await db.query<AdvertiserRow>(
    'update advertisers set requires_approval = $2, updated_at = now() where id = $1 returning *',
    [row.id, value],
  );
  return changed ?? row;
}
