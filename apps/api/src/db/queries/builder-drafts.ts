// The builder_drafts table: a user's saved ad builder canvases, each with the creative it was exported
// to (and that creative's campaign, joined).
import type { BuilderDocument } from '@adconsole/domain';
import type { Queryable } from '../database';

export interface DraftRow {
  id: string;
  user_id: string;
  name: string;
  document: BuilderDocument;
  creative_id: string | null;
  campaign_id: string | null;
  updated_at: Date;
}

const DRAFT_SELECT = `select d.*, c.campaign_id from builder_drafts d left join creatives c on c.id = d.creative_id`;

/** The user's draft; undefined for a missing one or another user's. */
export async function findUserDraft(
  db: Queryable,
  userId: string,
  id: string,
): Promise<DraftRow | undefined> {
  const [row] = await db.query<DraftRow>(`${DRAFT_SELECT} where d.id = $1 and d.user_id = $2`, [id, userId]);
  return row;
}

/** The user's drafts, last changed first. */
export function listUserDrafts(db: Queryable, userId: string): Promise<DraftRow[]> {
  return db.query<DraftRow>(`${DRAFT_SELECT} where d.user_id = $1 order by d.updated_at desc, d.id`, [
    userId,
  ]);
}

export async function insertDraft(
  db: Queryable,
  draft: { id: string; userId: string; name: string; document: BuilderDocument },
): Promise<void> {
  await db.query('insert into builder_drafts (id, user_id, name, document) values ($1, $2, $3, $4)', [
    draft.id,
    draft.userId,
    draft.name,
    draft.document,
  ]);
}

export async function updateDraft(
  db: Queryable,
  id: string,
  fields: { name: string; document: BuilderDocument },
): Promise<void> {
  await db.query('update builder_drafts set name = $2, document = $3, updated_at = now() where id = $1', [
    id,
    fields.name,
    fields.document,
  ]);
}

export async function deleteDraft(db: Queryable, id: string): Promise<void> {
  await db.query('delete from builder_drafts where id = $1', [id]);
}

/** The creative the draft exports to from now on. */
export async function setDraftCreative(db: Queryable, id: string, creativeId: string): Promise<void> {
  await db.query('update builder_drafts set creative_id = $2 where id = $1', [id, creativeId]);
}
