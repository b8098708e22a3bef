// The share_tokens table: a campaign report's share links (docs/reports.md, "Share links"), and its
// queries. A token works while it is neither revoked nor expired.
import type { Queryable } from '../database';

export interface ShareTokenRow {
  token: string;
  created_at: Date;
  expires_at: Date | null;
  /** Whether the link's report shows the costs (docs/reports.md, "Share links"). */
  include_costs: boolean;
}

export async function insertShareToken(
  db: Queryable,
  token: {
    token: string;
    campaignId: string;
    createdBy: string;
    expiresAt: Date | null;
    includeCosts: boolean;
  },
): Promise<ShareTokenRow | undefined> {
  const [row] = await db.query<ShareTokenRow>(
    `insert into share_tokens (token, campaign_id, created_by, expires_at, include_costs)
     values ($1, $2, $3, $4, $5)
     returning token, created_at, expires_at, include_costs`,
    [token.token, token.campaignId, token.createdBy, token.expiresAt, token.includeCosts],
  );
  return row;
}

/** The campaign of a token that is not revoked (expired or not): what revoking checks. */
export async function findUnrevokedShareTokenCampaign(
  db: Queryable,
  token: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ campaign_id: string }>(
    'select campaign_id from share_tokens where token = $1 and revoked_at is null',
    [token],
  );
  return row?.campaign_id;
}

/**
 * The campaign of a working token (not revoked, not expired, and neither the account that made it nor
 * the campaign's owner disabled: docs/security.md, "Off-boarding"), and whether its report shows the costs.
 */
export async function findWorkingShareToken(
  db: Queryable,
  token: string,
): Promise<{ campaign_id: string; include_costs: boolean } | undefined> {
  const [row] = await db.query<{ campaign_id: string; include_costs: boolean }>(
    `select t.campaign_id, t.include_costs from share_tokens t
       join campaigns c on c.id = t.campaign_id
       join users owner on owner.id = c.owner_id
       left join users maker on maker.id = t.created_by
      where t.token = $1 and t.revoked_at is null and (t.expires_at is null or t.expires_at > now())
        and owner.disabled_at is null and maker.disabled_at is null`,
    [token],
  );
  return row;
}

/**
 * The share links an administrator's per-user view lists: not revoked, not expired, made by the account
 * or of one of its campaigns, newest first, with the campaign each shows.
 */
export function listAccountShareTokens(
  db: Queryable,
  userId: string,
): Promise<(ShareTokenRow & { campaign_id: string; campaign_name: string })[]> {
  return db.query(
    `select t.token, t.created_at, t.expires_at, t.include_costs, t.campaign_id, c.name as campaign_name
       from share_tokens t join campaigns c on c.id = t.campaign_id
      where (t.created_by = $1 or c.owner_id = $1)
        and t.revoked_at is null and (t.expires_at is null or t.expires_at > now())
      order by t.created_at desc, t.token`,
    [userId],
  );
}

export async function revokeShareTokenRow(db: Queryable, token: string): Promise<void> {
  await db.query('update share_tokens set revoked_at = now() where token = $1', [token]);
}

/** A campaign's working tokens, oldest first. */
export function listWorkingShareTokens(db: Queryable, campaignId: string): Promise<ShareTokenRow[]> {
  return db.query<ShareTokenRow>(
    `select token, created_at, expires_at, include_costs from share_tokens
      where campaign_id = $1 and revoked_at is null and (expires_at is null or expires_at > now())
      order by created_at, token`,
    [campaignId],
  );
}
