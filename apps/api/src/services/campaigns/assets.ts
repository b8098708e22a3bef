// Creative assets: the streamed multipart upload and delete. Which extensions, kinds and sizes are
// accepted is the domain's rule; each file is checked as it streams (asset-checks.ts) and stored
// (asset-storage.ts). A request's files are all stored or, on any refusal, none are (nothing
// half-written), and only so many uploads run at once.
import {
  ApiError,
  type AssetUploadFields,
  assetReplacement,
  assetUploadFieldsSchema,
  MESSAGES,
  malformedMultipartMessage,
  uploadQuotaMessage,
} from '@adconsole/domain';
import type { Context } from '../../context';
import {
  deleteAssetOfCreative,
  deleteAssets,
  insertAsset,
  listAssetsOfCreatives,
  updateAssetName,
} from '../../db/queries/assets';
import { markCreativeUpdated } from '../../db/queries/creatives';
import { insertFile } from '../../db/queries/files';
import { lockUser } from '../../db/queries/users';
import { recordChange } from '../audit/record';
import { assetsChange } from '../audit/snapshots';
import type { SessionUser } from '../identity/sessions';
import { removeUnusedFiles } from '../stored-files/file-rows';
import { spaceOf, spaceUsage } from '../stored-files/space';
import { parseInput, textProblem } from '../validation';
import { ownCreative } from './access';
import {
  type AssetQuota,
  assetQuota,
  readUploadParts,
  removeStored,
  type StoredUpload,
  storeAsset,
  storePart,
  type UploadPart,
} from './asset-storage';
import { type AssetAnswer, assetAnswer } from './campaign-answers';
import { queueCreativeQaAfterChange } from './creative-qa';

export type { UploadPart } from './asset-storage';

const incorrectCampaignOrCreative = () => ApiError.of(400, MESSAGES.incorrectCampaignOrCreative);

/**
 * POST /v1/campaign/creatives/assets: stores every file of the multipart body (its parts in order,
 * as they arrive), then records them and applies the replacement rule in one transaction. Answers the
 * new assets and the removed ones.
 */
export async function uploadAssets(
  ctx: Context,
  user: SessionUser,
  parts: AsyncIterable<UploadPart>,
): Promise<{ created: AssetAnswer[]; deleted: AssetAnswer[] }> {
  const release = await ctx.uploadSlots.take();
  const stored: StoredUpload[] = [];
  let committed = false;
  try {
    let creativeId: string | undefined;
    let input: AssetUploadFields | undefined;
    // Counted once, before the first file is stored, and grown by each file stored.
    let quota: { value: AssetQuota | undefined } | undefined;
    const { fields, refusal } = await readUploadParts(parts, async (part, fields) => {
      // The text fields come before the files (the domain client sends them first), so the creative is
      // known and checked before a single byte of a file is stored.
      if (input === undefined) {
        const problem = textProblem(fields);
        if (problem) throw ApiError.of(400, problem);
        if (fields.creativeID === undefined || fields.creativeID.trim() === '')
          throw incorrectCampaignOrCreative();
        input = parseInput(assetUploadFieldsSchema, fields);
        creativeId = (
          await ownCreative(ctx.db, user, input.creativeID).catch(() => {
            throw incorrectCampaignOrCreative();
          })
        ).id;
      }
      quota ??= { value: await assetQuota(ctx, user) };
      stored.push(await storePart(ctx, creativeId as string, part, quota.value));
    });
    if (refusal !== undefined) {
      if (refusal instanceof ApiError) throw refusal;
      const status = (refusal as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status < 500) throw refusal;
      // The form parser's own errors (a cut-off body, a broken boundary) are the client's mistake.
      throw ApiError.of(400, malformedMultipartMessage((refusal as Error).message));
    }
    if (input === undefined || creativeId === undefined) {
      if (fields.creativeID === undefined || fields.creativeID.trim() === '')
        throw incorrectCampaignOrCreative();
      parseInput(assetUploadFieldsSchema, fields);
      throw ApiError.of(400, MESSAGES.chooseFilesToUpload);
    }
    const recorded = await recordAssets(ctx, user, creativeId, stored, input, () => {
      committed = true;
    });
    // Each upload is measured again in Chromium, in the background (docs/builder.md, "Creative QA").
    await queueCreativeQaAfterChange(ctx, user, creativeId);
    return recorded;
  } catch (error) {
    // Nothing half-written: when the assets were not recorded, the files this request stored go again.
    if (!committed) {
      await Promise.all(stored.map((file) => removeStored(ctx, file.row.file_name)));
    }
    throw error;
  } finally {
    release();
  }
}

/**
 * Records stored files as assets of a creative in one transaction, applying the replacement rule (a
 * new file replaces an earlier one of the same name; with a listed `assets`, unlisted ones go).
 */
async function recordAssets(
  ctx: Context,
  user: SessionUser,
  creative: string,
  stored: StoredUpload[],
  fieldsInput: Pick<AssetUploadFields, 'width' | 'height' | 'duration' | 'assets'>,
  /** Called once the assets are recorded: from then on the stored files must stay. */
  committed: () => void,
): Promise<{ created: AssetAnswer[]; deleted: AssetAnswer[] }> {
  const result = await ctx.db.transaction(async (tx) => {
    // One user's uploads are recorded one at a time, so two at once cannot both pass the quota.
    await lockUser(tx, user.id);
    for (const file of stored) {
      const row = {
        ...file.row,
        width: file.row.width ?? fieldsInput.width ?? null,
        height: file.row.height ?? fieldsInput.height ?? null,
        duration:
          file.row.upload_type === 'video' ? (file.row.duration ?? fieldsInput.duration ?? null) : null,
      };
      file.row = row;
      await insertFile(tx, {
        name: row.file_name,
        owner_id: user.id,
        public: true,
        content_type: file.contentType,
        size: file.size,
      });
      // As before the queries moved: an upload's bitrate is answered but not stored.
      await insertAsset(tx, { ...row, bitrate: null });
    }
    // The quota is counted again with the new files recorded (others may have arrived meanwhile).
    const { quotaBytes } = ctx.config.fileManager;
    const space = spaceOf(user);
    if (quotaBytes !== null && space !== '') {
      const used = await spaceUsage({ ...ctx, db: tx }, space);
      const added = stored.reduce((sum, file) => sum + file.size, 0);
      const last = stored[stored.length - 1];
      if (used > quotaBytes && last) {
        throw ApiError.of(
          413,
          uploadQuotaMessage({ name: last.row.name, size: added, used: used - added, quotaBytes }),
        );
      }
    }
    const newIds = new Set(stored.map((file) => file.row.id));
    const earlier = (await listAssetsOfCreatives(tx, [creative])).filter((asset) => !newIds.has(asset.id));
    const change = assetReplacement(
      earlier,
      stored.map((file) => file.row.name),
      fieldsInput.assets?.map((asset) => ({ id: asset.id, name: (asset as { name?: unknown }).name })),
    );
    for (const { id, name } of change.renamed) {
      await updateAssetName(tx, id, name);
    }
    const removed = earlier.filter((asset) => change.removed.includes(asset.id));
    if (removed.length > 0) {
      await deleteAssets(
        tx,
        removed.map((asset) => asset.id),
      );
    }
    await markCreativeUpdated(tx, creative);
    await recordChange(tx, user, await assetsChange(tx, creative, earlier));
    return removed;
  });
  committed();
  await removeUnusedFiles(
    ctx,
    result.map((asset) => asset.file_name),
  );
  return {
    created: stored.map((file) => assetAnswer(file.row, ctx.config.publicUrl, true)),
    deleted: result.map((asset) => assetAnswer(asset, ctx.config.publicUrl)),
  };
}

/**
 * "Use in a creative" (the file manager): a stored file's bytes become an asset of the creative, with
 * the same checks as an upload (type by its first bytes, size), replacing an asset of the same name.
 */
export async function addAssetFromSource(
  ctx: Context,
  user: SessionUser,
  creativeID: string,
  filename: string,
  source: AsyncIterable<Buffer>,
): Promise<AssetAnswer> {
  const creative = await ownCreative(ctx.db, user, creativeID).catch(() => {
    throw incorrectCampaignOrCreative();
  });
  const release = await ctx.uploadSlots.take();
  let stored: StoredUpload | undefined;
  try {
    stored = await storeAsset(ctx, creative.id, filename, source, () => false, await assetQuota(ctx, user));
    const { created } = await recordAssets(ctx, user, creative.id, [stored], {}, () => {
      stored = undefined;
    });
    return created[0] as AssetAnswer;
  } catch (error) {
    if (stored) await removeStored(ctx, stored.row.file_name);
    throw error;
  } finally {
    release();
  }
}

/** DELETE /v1/campaign/creatives/assets. */
export async function deleteAsset(
  ctx: Context,
  user: SessionUser,
  input: { id: string; creativeID: string },
) {
  const creative = await ownCreative(ctx.db, user, input.creativeID).catch(() => {
    throw incorrectCampaignOrCreative();
  });
  const asset = await ctx.db.transaction(async (tx) => {
    const earlier = await listAssetsOfCreatives(tx, [creative.id]);
    const gone = await deleteAssetOfCreative(tx, input.id, creative.id);
    if (!gone) throw ApiError.of(404, MESSAGES.assetNotFound);
    await markCreativeUpdated(tx, creative.id);
    await recordChange(tx, user, await assetsChange(tx, creative.id, earlier));
    return gone;
  });
  await removeUnusedFiles(ctx, [asset.file_name]);
  return null;
}
