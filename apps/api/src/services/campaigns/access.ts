// The loaders of a campaign and a creative that apply the domain's "owner or admin" rule
// (`isOwnerOrAdmin`, docs/product.md §6). Whoever may not gets 404, as for a missing thing, so ids of
// others' things do not leak.
import { type Actor, ApiError, isOwnerOrAdmin, MESSAGES } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { type CampaignRow, findCampaign } from '../../db/queries/campaigns';
import { type CreativeRow, findCreativeWithOwner } from '../../db/queries/creatives';

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
