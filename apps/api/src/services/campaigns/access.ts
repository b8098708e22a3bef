// Who may see and change a thing: its owner, or an admin (the domain's rule, docs/product.md §6). One
// check for every service, and the loaders of a campaign and a creative that apply it. Whoever may not
// gets 404, as for a missing thing, so ids of others' things do not leak.
import { type Actor, ApiError, MESSAGES, mayManageCampaign } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { type CampaignRow, findCampaign } from '../../db/queries/campaigns';
import { type CreativeRow, findCreativeWithOwner } from '../../db/queries/creatives';

/** Whether `user` may see and change what `ownerId` owns: its owner or an admin (no owner: admins only). */
export const isOwnerOrAdmin = (user: Actor, ownerId: string | null): boolean =>
  ownerId === null ? user.role === 'admin' : mayManageCampaign(user, ownerId);

/** The campaign when the user may see and change it (owner or admin); 404 otherwise. */
export async function ownCampaign(db: Queryable, user: Actor, campaignId: string): Promise<CampaignRow> {
  const row = await findCampaign(db, campaignId);
  if (!row || !isOwnerOrAdmin(user, row.owner_id)) throw ApiError.of(404, MESSAGES.campaignNotFound);
  return row;
}

/** The creative when the user may manage its campaign; 404 otherwise. */
export async function ownCreative(db: Queryable, user: Actor, creativeId: string): Promise<CreativeRow> {
  const row = await findCreativeWithOwner(db, creativeId);
  if (!row || !isOwnerOrAdmin(user, row.owner_id)) throw ApiError.of(404, MESSAGES.creativeNotFound);
  const { owner_id: _owner, ...creative } = row;
  return creative;
}
