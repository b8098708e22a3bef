// The preview_links table (docs/security.md, "Preview links"): a creative's or a campaign's public
// preview by token. A link works while it is neither revoked nor expired, and while the account that
// made it and the campaign's owner are enabled; a deleted maker takes its links along (cascade).
import type { Queryable } from '../database';

export interface PreviewLinkRow {
  token: string;
  campaign_id: string;
  creative_id: string | null;
  created_by: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertPreviewLink(
  db: Queryable,
  link: { token: string; campaignId: string; creativeId: string | null; createdBy: string; expiresAt: Date },
): Promise<PreviewLinkRow> {
  const [row] = await db.query<PreviewLinkRow>(
    `insert into preview_links (token, campaign_id, creative_id, created_by, expires_at)
     values ($1, $2, $3, $4, $5) returning *`,
    [link.token, link.campaignId, link.creativeId, link.createdBy, link.expiresAt],
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * A link by its token, whether it still works aside (revoked or expired are told apart by the caller);
 * undefined when unknown, or when its maker or the campaign's owner is disabled.
 */
export async function findPreviewLink(db: Queryable, token: string): Promise<PreviewLinkRow | undefined> {
  const [row] = await db.query<PreviewLinkRow>(
    `select l.* from preview_links l
       join campaigns c on c.id = l.campaign_id
       join users owner on owner.id = c.owner_id
       join users maker on maker.id = l.created_by
      where l.token = $1 and owner.disabled_at is null and maker.disabled_at is null`,
    [token],
  );
  return row;
}

/** A campaign's working links (of one creative when given), oldest first. */
export function listWorkingPreviewLinks(
  db: Queryable,
  campaignId: string,
  creativeId?: string,
): Promise<PreviewLinkRow[]> {
  return db.query<PreviewLinkRow>(
    `select * from preview_links
      where campaign_id = $1 and ($2::text is null or creative_id = $2)
        and revoked_at is null and expires_at > now()
      order by created_at, token`,
    [campaignId, creativeId ?? null],
  );
}

export async function countWorkingPreviewLinks(db: Queryable, campaignId: string): Promise<number> {
  const [row] = await db.query<{ count: string }>(
    `select count(*) from preview_links
      where campaign_id = $1 and revoked_at is null and expires_at > now()`,
    [campaignId],
  );
  return Number(row?.count ?? 0);
}

export async function revokePreviewLinkRow(db: Queryable, token: string): Promise<void> {
  await db.query('update preview_links set revoked_at = now() where token = $1 and revoked_at is null', [
    token,
  ]);
}
