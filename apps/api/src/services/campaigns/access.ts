// The loaders of a campaign and a creative that apply the domain's read rule (`mayRead`: the owner or an
// admin, docs/product.md §6, or a client of the campaign's advertiser, docs/security.md "Client access").
// Whoever may not gets 404, as for a missing thing, so ids of others' things do not leak. A client reaches
// these only through the routes that let clients call them (http/routes.ts, `clients`): reads, and the
// approval decision.
import { type Actor, ApiError, MESSAGES, mayRead } from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { type CampaignRow, findCampaign } from '../../db/queries/campaigns';
import { type CreativeRow, findCreativeWithOwner } from '../../db/queries/creatives';

/** The campaign when the user may see it (owner, admin, or a client of its advertiser); 404 otherwise. */
export async function ownCampaign(db: Queryable, user: Actor, campaignId: string): Promise<CampaignRow> {
  const row = await findCampaign(db, campaignId);
  if (!row || !mayRead(user, row.owner_id, row.advertiser_id))
    throw ApiError.of(404, MESSAGES.campaignNotFound);
  return row;
}

/** The creative when the user may see its campaign (as ownCampaign); 404 otherwise. */
export async function ownCreative(db: Queryable, user: Actor, creativeId: string): Promise<CreativeRow> {
  const row = await findCreativeWithOwner(db, creativeId);
  if (!row || !mayRead(user, row.owner_id, row.advertiser_id))
    throw ApiError.of(404, MESSAGES.creativeNotFound);
  const { owner_id: _owner, advertiser_id: _advertiser, ...creative } = row;
  return creative;
}
