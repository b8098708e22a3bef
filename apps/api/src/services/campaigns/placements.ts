// The placement calls (docs/serving.md, "Placements": one tag, several creatives): create, read, list by campaign, update
// (name, mode, items with weights and paused flags) and delete. Access as for creatives: the campaign's
// owner or an admin, 404 for anyone else. Which creatives a placement may hold is the domain's rule
// (the domain's campaigns/placement-creatives.ts): its own campaign's, of one kind and size, the kind and size kept by updates.
import {
  ApiError,
  type CreatePlacementRequest,
  isOwnerOrAdmin,
  MESSAGES,
  type Placement,
  type PlacementCreative,
  type PlacementShape,
  placementShapeOf,
  type UpdatePlacementRequest,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { findRunningAbTest } from '../../db/queries/ab-tests';
import { findCampaign } from '../../db/queries/campaigns';
import { listCreativesByIds } from '../../db/queries/creatives';
import {
  deletePlacement as deletePlacementRow,
  findPlacement,
  insertPlacement,
  listPlacementsOfCampaign,
  type PlacementRow,
  updatePlacement as updatePlacementRow,
} from '../../db/queries/placements';
import { recordChange } from '../audit/record';
import { placementChange } from '../audit/snapshots';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { ownCampaign } from './access';

const iso = (date: Date | string) => new Date(date).toISOString();

const placementAnswer = (row: PlacementRow): Placement => ({
  id: row.id,
  campaignID: row.campaign_id,
  name: row.name,
  kind: row.kind,
  width: row.width,
  height: row.height,
  mode: row.mode,
  items: row.items.map(({ creativeId, weight, paused }) => ({ creativeId, weight, paused })),
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** The placement when the user may manage its campaign; 404 otherwise (as for a missing one). */
export async function ownPlacement(db: Queryable, user: SessionUser, id: string): Promise<PlacementRow> {
  const row = await findPlacement(db, id);
  const campaign = row && (await findCampaign(db, row.campaign_id));
  if (!row || !campaign || !isOwnerOrAdmin(user, campaign.owner_id))
    throw ApiError.of(404, MESSAGES.placementNotFound);
  return row;
}

/**
 * The kind and size of a placement of `campaignId` holding these creatives, or 400 with the rule's
 * message. A creative of a campaign the user may not see reads as unknown (its id does not leak).
 */
async function shapeOf(
  db: Queryable,
  user: SessionUser,
  campaignId: string,
  creativeIds: readonly string[],
  keep?: PlacementShape,
): Promise<PlacementShape> {
  const rows = await listCreativesByIds(db, creativeIds);
  const visible = new Map<string, boolean>([[campaignId, true]]);
  const found = new Map<string, PlacementCreative>();
  for (const row of rows) {
    if (!visible.has(row.campaign_id)) {
      const campaign = await findCampaign(db, row.campaign_id);
      visible.set(row.campaign_id, !!campaign && isOwnerOrAdmin(user, campaign.owner_id));
    }
    if (!visible.get(row.campaign_id)) continue;
    found.set(row.id, {
      id: row.id,
      campaignId: row.campaign_id,
      name: row.name,
      type: row.type,
      width: row.body.width ?? 0,
      height: row.body.height ?? 0,
    });
  }
  const result = placementShapeOf(campaignId, creativeIds, found, keep);
  if ('problem' in result) throw ApiError.of(400, result.problem);
  return result.shape;
}

const rotationKey = (mode: string, items: readonly PlacementRow['items'][number][]) =>
  JSON.stringify([mode, items.map(({ creativeId, weight, paused }) => [creativeId, weight, paused])]);

/**
 * While an A/B test runs its placement rotates evenly over the variants (services/campaigns/ab-tests.ts):
 * a change of mode or items would break the split, so it is refused (409) until the test is stopped;
 * a rename, or the placement sent back as it is, passes.
 */
async function keepTestRotation(
  db: Queryable,
  placement: PlacementRow,
  mode: string,
  items: readonly PlacementRow['items'][number][],
): Promise<void> {
  if (rotationKey(mode, items) === rotationKey(placement.mode, placement.items)) return;
  if (await findRunningAbTest(db, placement.id)) throw ApiError.of(409, MESSAGES.placementRotationInTest);
}

export async function getPlacement(ctx: Context, user: SessionUser, id: string): Promise<Placement> {
  return placementAnswer(await ownPlacement(ctx.db, user, id));
}

export async function listPlacements(
  ctx: Context,
  user: SessionUser,
  campaignId: string,
): Promise<Placement[]> {
  const campaign = await ownCampaign(ctx.db, user, campaignId);
  return (await listPlacementsOfCampaign(ctx.db, campaign.id)).map(placementAnswer);
}

export async function createPlacement(
  ctx: Context,
  user: SessionUser,
  input: CreatePlacementRequest,
): Promise<Placement> {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const shape = await shapeOf(
    ctx.db,
    user,
    campaign.id,
    input.items.map((item) => item.creativeId),
  );
  const row = await ctx.db.transaction(async (tx) => {
    const made = await insertPlacement(tx, {
      id: newId(),
      campaign_id: campaign.id,
      name: input.name,
      kind: shape.kind,
      width: shape.width,
      height: shape.height,
      mode: input.mode,
      items: input.items,
    });
    await recordChange(tx, user, placementChange(null, made));
    return made;
  });
  return placementAnswer(row);
}

export async function updatePlacement(
  ctx: Context,
  user: SessionUser,
  input: UpdatePlacementRequest,
): Promise<Placement> {
  const placement = await ownPlacement(ctx.db, user, input.id);
  const items = input.items ?? placement.items;
  await keepTestRotation(ctx.db, placement, input.mode ?? placement.mode, items);
  if (input.items)
    await shapeOf(
      ctx.db,
      user,
      placement.campaign_id,
      items.map((item) => item.creativeId),
      { kind: placement.kind, width: placement.width, height: placement.height },
    );
  const row = await ctx.db.transaction(async (tx) => {
    const changed = await updatePlacementRow(tx, placement.id, {
      name: input.name ?? placement.name,
      mode: input.mode ?? placement.mode,
      items,
    });
    if (!changed) throw ApiError.of(404, MESSAGES.placementNotFound);
    await recordChange(tx, user, placementChange(placement, changed));
    return changed;
  });
  ctx.placements.clear();
  return placementAnswer(row);
}

/** Deletes a placement: its tags stop serving (the creatives and their live creatives stay). */
export async function deletePlacement(ctx: Context, user: SessionUser, id: string): Promise<null> {
  const placement = await ownPlacement(ctx.db, user, id);
  await ctx.db.transaction(async (tx) => {
    if (!(await deletePlacementRow(tx, placement.id))) throw ApiError.of(404, MESSAGES.placementNotFound);
    await recordChange(tx, user, placementChange(placement, null));
  });
  ctx.placements.clear();
  return null;
}
