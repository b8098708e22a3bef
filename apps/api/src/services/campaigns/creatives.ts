// The creative calls (docs/product.md §7): create, read, update, HTML, duplicate (copy-name rule), publish
// (an immutable live creative) and delete. Every call checks the creative's campaign is the caller's.
import {
  ApiError,
  approvalPublishProblem,
  type CreativeBody,
  copyName,
  isTemporaryId,
  MESSAGES,
  publishProblem,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { copyAssets, listAssetFilesOfCreative } from '../../db/queries/assets';
import { creativeRequiresApproval } from '../../db/queries/creative-approvals';
import {
  type CreativeBodyJson,
  type CreativeRow,
  deleteCreative as deleteCreativeRow,
  insertCreative,
  lockCreative,
  setCreativePlatform,
  updateCreativeBody,
  updateCreative as updateCreativeRow,
} from '../../db/queries/creatives';
import { updateCreativeDeliveryRules } from '../../db/queries/delivery-rules';
import {
  findOpenLiveCampaignId,
  insertLiveCreative,
  markCreativeLivesRemoved,
  markLiveCreativeRemoved,
} from '../../db/queries/live-creatives';
import { recordChange } from '../audit/record';
import { creativeChange, liveCreativeChange } from '../audit/snapshots';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { removeUnusedFiles } from '../stored-files/file-rows';
import { ownCampaign, ownCreative } from './access';
import { loadCreatives, oneCreative } from './campaign-loader';
import { checkCreativeQaBeforePublish, queueCreativeQaAfterChange } from './creative-qa';

/** The id of a saved creative: a missing or temporary ('new_...') id has no server copy yet. */
const savedId = (id: string | undefined): string => {
  if (id === undefined || isTemporaryId(id)) throw ApiError.of(404, MESSAGES.noCreativeFoundYet);
  return id;
};

/** The body fields a request sets; fields it leaves out keep their stored value. */
function mergeBody(stored: CreativeBodyJson, input: CreativeBody): CreativeBodyJson {
  const next: CreativeBodyJson = { ...stored, width: input.width, height: input.height };
  if (input.fluid !== undefined) next.fluid = input.fluid;
  if (input.platform !== undefined) next.platform = input.platform;
  if (input.trackers !== undefined) next.trackers = input.trackers;
  if (input.settings !== undefined) next.settings = input.settings;
  if (input.layout !== undefined) next.layout = input.layout;
  if (input.html !== undefined) next.html = input.html;
  return next;
}

/** Stores a new creative; answers what the audit log needs of it. */
async function addCreative(
  db: Queryable,
  campaignId: string,
  name: string,
  type: string,
  body: CreativeBodyJson,
): Promise<Pick<CreativeRow, 'id' | 'campaign_id' | 'name' | 'type' | 'body'>> {
  const id = newId();
  await insertCreative(db, { id, campaignId, name, type, body });
  return { id, campaign_id: campaignId, name, type: type as CreativeRow['type'], body };
}

/** The saved creative named by the body, checked to be the caller's and to stay in its campaign. */
async function editableCreative(db: Queryable, user: SessionUser, input: CreativeBody): Promise<CreativeRow> {
  const creative = await ownCreative(db, user, savedId(input.id));
  if (creative.campaign_id !== input.campaignID) throw ApiError.of(400, MESSAGES.creativeCannotMove);
  return creative;
}

export async function getCreative(ctx: Context, user: SessionUser, id: string) {
  await ownCreative(ctx.db, user, savedId(id));
  return oneCreative(ctx, id);
}

export async function listCreatives(ctx: Context, user: SessionUser, campaignId: string) {
  const campaign = await ownCampaign(ctx.db, user, campaignId);
  return loadCreatives(ctx, { campaignIds: [campaign.id] });
}

export async function createCreative(ctx: Context, user: SessionUser, input: CreativeBody) {
  const campaign = await ownCampaign(ctx.db, user, input.campaignID);
  const id = await ctx.db.transaction(async (tx) => {
    const made = await addCreative(
      tx,
      campaign.id,
      input.name,
      input.type,
      mergeBody({ fluid: false, platform: null, trackers: {}, settings: [], layout: null }, input),
    );
    await recordChange(tx, user, creativeChange(null, made));
    return made.id;
  });
  return oneCreative(ctx, id);
}

export async function updateCreative(ctx: Context, user: SessionUser, input: CreativeBody) {
  const creative = await editableCreative(ctx.db, user, input);
  const next = { name: input.name, type: input.type, body: mergeBody(creative.body, input) };
  await ctx.db.transaction(async (tx) => {
    await updateCreativeRow(tx, creative.id, next);
    await recordChange(tx, user, creativeChange(creative, { ...creative, ...next }));
  });
  // A new size or HTML is measured again (docs/builder.md, "Creative QA").
  await queueCreativeQaAfterChange(ctx, user, creative.id);
  return oneCreative(ctx, creative.id);
}

/** PUT /v1/campaign/creatives/html: only the HTML changes; the other fields stay as stored. */
export async function updateCreativeHtml(ctx: Context, user: SessionUser, input: CreativeBody) {
  const creative = await editableCreative(ctx.db, user, input);
  const body = { ...creative.body, html: input.html ?? null };
  await ctx.db.transaction(async (tx) => {
    await updateCreativeBody(tx, creative.id, body);
    await recordChange(tx, user, creativeChange(creative, { ...creative, body }));
  });
  await queueCreativeQaAfterChange(ctx, user, creative.id);
  return oneCreative(ctx, creative.id);
}

/** A copy of the stored creative (its delivery rules, and its assets sharing their files), named by the copy rule. */
export async function duplicateCreative(ctx: Context, user: SessionUser, input: CreativeBody) {
  const creative = await editableCreative(ctx.db, user, input);
  const id = await ctx.db.transaction(async (tx) => {
    const copy = await addCreative(
      tx,
      creative.campaign_id,
      copyName(creative.name),
      creative.type,
      creative.body,
    );
    // Its own delivery rules too (copy-fields.ts names what a copy keeps).
    await updateCreativeDeliveryRules(tx, copy.id, creative.delivery_rules);
    await copyAssets(tx, creative.id, copy.id);
    await recordChange(tx, user, creativeChange(null, copy));
    return copy.id;
  });
  return oneCreative(ctx, id);
}

/** A new live creative: an immutable snapshot of the stored creative (saved first with `platform`). */
export async function publishCreative(
  ctx: Context,
  user: SessionUser,
  input: { id: string; platform?: string | null | undefined },
) {
  const creative = await ownCreative(ctx.db, user, savedId(input.id));
  // A banner Chrome would remove as a heavy ad is not published (docs/builder.md, "Creative QA").
  await checkCreativeQaBeforePublish(ctx, creative.id, user.id);
  await ctx.db.transaction(async (tx) => {
    // The row as it is now, held until the live creative is made: a save that landed after the read
    // above is what goes live, and what is checked.
    await lockCreative(tx, creative.id);
    if (input.platform !== undefined) {
      await setCreativePlatform(tx, creative.id, input.platform);
    }
    const [current] = await loadCreatives(
      { ...ctx, db: tx },
      { creativeIds: [creative.id] },
      { counters: false },
    );
    if (!current) throw ApiError.of(404, MESSAGES.creativeNotFound);
    const problem = publishProblem({ trackers: current.trackers });
    if (problem) throw ApiError.of(400, problem);
    // An advertiser that requires approval gets only approved creatives (docs/product.md §4, "Approval").
    const unapproved = approvalPublishProblem(
      await creativeRequiresApproval(tx, creative.id),
      current.approval?.state ?? 'draft',
    );
    if (unapproved) throw ApiError.of(409, unapproved);
    const { liveCreatives: _earlier, approval: _approval, ...snapshot } = current;
    const liveId = newId();
    await insertLiveCreative(tx, {
      id: liveId,
      creativeId: creative.id,
      campaignId: creative.campaign_id,
      snapshot,
    });
    // One entry: the live creative made (a platform chosen on the way is part of what it serves).
    await recordChange(
      tx,
      user,
      liveCreativeChange(liveId, creative.campaign_id, null, {
        creativeId: creative.id,
        name: snapshot.name,
        platform: snapshot.platform ?? null,
      }),
    );
  });
  return oneCreative(ctx, creative.id);
}

/** Removes a live creative: its tags stop serving; the creative and its other live creatives stay. */
export async function removeLiveCreative(ctx: Context, user: SessionUser, liveId: string) {
  const campaignId = await findOpenLiveCampaignId(ctx.db, liveId);
  if (campaignId === undefined) throw ApiError.of(404, MESSAGES.liveCreativeNotFound);
  await ownCampaign(ctx.db, user, campaignId).catch(() => {
    throw ApiError.of(404, MESSAGES.liveCreativeNotFound);
  });
  await ctx.db.transaction(async (tx) => {
    await markLiveCreativeRemoved(tx, liveId);
    await recordChange(tx, user, liveCreativeChange(liveId, campaignId, { id: liveId }, null));
  });
  ctx.liveCreatives.clear();
  return null;
}

/** Deletes a creative and its assets; its live creatives stop serving (their events stay for reports). */
export async function deleteCreative(ctx: Context, user: SessionUser, id: string) {
  const creative = await ownCreative(ctx.db, user, savedId(id));
  const files = await ctx.db.transaction(async (tx) => {
    const assetFiles = await listAssetFilesOfCreative(tx, creative.id);
    await markCreativeLivesRemoved(tx, creative.id);
    await deleteCreativeRow(tx, creative.id);
    await recordChange(tx, user, creativeChange(creative, null));
    return assetFiles;
  });
  await removeUnusedFiles(ctx, files);
  ctx.liveCreatives.clear();
  return null;
}
