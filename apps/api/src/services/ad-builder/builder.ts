// The ad builder's drafts (a user's saved canvases) and their export: a draft becomes an HTML5 banner
// creative of a campaign (index.html written by the domain's adBuilderHtml, and the stored images it
// uses, in a ZIP asset), which publishing and serving treat like any uploaded HTML5 banner.

import {
  ApiError,
  adBuilderHtml,
  artboardOf,
  assetTooLargeMessage,
  type BuilderDocument,
  type BuilderTarget,
  builderDocumentSchema,
  MESSAGES,
  maxAssetBytes,
  safeImageUrl,
} from '@adconsole/domain';
import JSZip from 'jszip';
import type { Context } from '../../context';
import type { Queryable } from '../../db/database';
import { type AssetRow, deleteHtml5Assets, insertAsset } from '../../db/queries/assets';
import {
  type DraftRow,
  deleteDraft as deleteDraftRow,
  findUserDraft,
  insertDraft,
  listUserDrafts,
  setDraftCreative,
  updateDraft as updateDraftRow,
} from '../../db/queries/builder-drafts';
import { insertCreative, listCreativesByIds, updateCreativeAsBanner } from '../../db/queries/creatives';
import { findPublicFile, insertFile } from '../../db/queries/files';
import { recordChange } from '../audit/record';
import { creativeChange } from '../audit/snapshots';
import { ownCampaign } from '../campaigns/access';
import { safeFilename } from '../campaigns/asset-checks';
import { oneCreative } from '../campaigns/campaign-loader';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { removeUnpacked, unpackHtml5Zip } from '../serving/html5';
import { removeUnusedFiles } from '../stored-files/file-rows';

const draftAnswer = (row: DraftRow) => ({
  id: row.id,
  name: row.name,
  // Stored documents went through the schema on the way in; reading parses them again (defaults).
  document: builderDocumentSchema.parse(row.document),
  campaignID: row.campaign_id,
  creativeID: row.creative_id,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The user's own draft; 404 for a missing one or another user's (ids do not leak). */
async function ownDraft(db: Queryable, user: SessionUser, id: string): Promise<DraftRow> {
  const row = await findUserDraft(db, user.id, id);
  if (!row) throw ApiError.of(404, MESSAGES.draftNotFound);
  return row;
}

export async function listDrafts(ctx: Context, user: SessionUser) {
  const rows = await listUserDrafts(ctx.db, user.id);
  return rows.map(draftAnswer);
}

export async function createDraft(
  ctx: Context,
  user: SessionUser,
  input: { name: string; document: BuilderDocument },
) {
  const id = newId();
  await insertDraft(ctx.db, { id, userId: user.id, name: input.name, document: input.document });
  return draftAnswer(await ownDraft(ctx.db, user, id));
}

export async function updateDraft(
  ctx: Context,
  user: SessionUser,
  input: { id: string; name: string; document: BuilderDocument },
) {
  const draft = await ownDraft(ctx.db, user, input.id);
  await updateDraftRow(ctx.db, draft.id, { name: input.name, document: input.document });
  return draftAnswer(await ownDraft(ctx.db, user, draft.id));
}

export async function deleteDraft(ctx: Context, user: SessionUser, id: string) {
  const draft = await ownDraft(ctx.db, user, id);
  await deleteDraftRow(ctx.db, draft.id);
  return null;
}

/**
 * The draft's creative in the campaign: the one it already has when it is in that campaign, else a new
 * Banner creative named after the draft at the artboard's size (and the draft remembers it).
 */
/**
 * The draft's creative in the campaign, made on first use (`created`). Its creation is recorded in the
 * audit log unless the caller records it with its own change (the export: one entry per call).
 */
async function draftCreativeId(
  ctx: Context,
  user: SessionUser,
  target: BuilderTarget,
  recordCreation = true,
): Promise<{ id: string; created: boolean }> {
  const draft = await ownDraft(ctx.db, user, target.id);
  const campaign = await ownCampaign(ctx.db, user, target.campaignID);
  if (draft.creative_id !== null && draft.campaign_id === campaign.id)
    return { id: draft.creative_id, created: false };
  const artboard = artboardOf(draft.document);
  const creative = {
    id: newId(),
    campaign_id: campaign.id,
    name: draft.name,
    type: 'Banner' as const,
    body: {
      width: Math.round(artboard.width),
      height: Math.round(artboard.height),
      fluid: false,
      platform: null,
      trackers: {},
      settings: [],
      layout: null,
    },
  };
  await ctx.db.transaction(async (tx) => {
    await insertCreative(tx, { ...creative, campaignId: creative.campaign_id });
    await setDraftCreative(tx, draft.id, creative.id);
    if (recordCreation) await recordChange(tx, user, creativeChange(null, creative));
  });
  return { id: creative.id, created: true };
}

/** POST /v1/builder/creative: the creative uploaded images go to (made on first use). */
export async function draftCreative(ctx: Context, user: SessionUser, target: BuilderTarget) {
  return oneCreative(ctx, (await draftCreativeId(ctx, user, target)).id);
}

/** The storage key of a URL that names one of this server's public files, if it does. */
async function storedFileOf(
  ctx: Context,
  src: string,
): Promise<{ name: string; size: number; contentType: string } | undefined> {
  const prefixes = [`${ctx.config.publicUrl}/api/uploads/`, '/api/uploads/'];
  const prefix = prefixes.find((candidate) => src.startsWith(candidate));
  if (prefix === undefined) return undefined;
  let key: string;
  try {
    key = src.slice(prefix.length).split(/[?#]/)[0]?.split('/').map(decodeURIComponent).join('/') ?? '';
  } catch {
    return undefined;
  }
  const file = await findPublicFile(ctx.db, key);
  return file && { name: file.name, size: Number(file.size), contentType: file.content_type };
}

/** The banner's ZIP: index.html, and each stored image it shows under images/ (other URLs stay as they are). */
async function bannerZip(
  ctx: Context,
  name: string,
  document: BuilderDocument,
  filename: string,
): Promise<Buffer> {
  const zip = new JSZip();
  // Each stored image is read once, however many layers or URL spellings name it, and the images'
  // sizes are added up before any is read: a draft cannot make the server buffer more than an HTML5
  // creative may weigh, nor pack a stored file that is not an image.
  const counted = new Set<string>();
  const pathOfSrc = new Map<string, string>();
  let total = 0;
  for (const layer of document.layers) {
    const src = layer.type === 'image' ? safeImageUrl(layer.src ?? '') : undefined;
    if (src === undefined || pathOfSrc.has(src)) continue;
    const file = await storedFileOf(ctx, src);
    if (file === undefined || !/^image\//.test(file.contentType)) continue;
    if (!counted.has(file.name)) {
      total += file.size;
      if (total > maxAssetBytes('html5')) throw ApiError.of(413, assetTooLargeMessage(filename, 'html5'));
      counted.add(file.name);
    }
    pathOfSrc.set(src, file.name);
  }
  const images = new Map<string, string>();
  const zipPathOfKey = new Map<string, string>();
  for (const [src, key] of pathOfSrc) {
    let path = zipPathOfKey.get(key);
    if (path === undefined) {
      const bytes = await ctx.storage.get(key);
      if (bytes === undefined) continue;
      path = `images/${zipPathOfKey.size + 1}-${safeFilename(key)}`;
      zip.file(path, bytes);
      zipPathOfKey.set(key, path);
    }
    images.set(src, path);
  }
  zip.file('index.html', adBuilderHtml(document, { title: name, imageUrl: (src) => images.get(src) ?? src }));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * POST /v1/builder/export: writes the draft as an HTML5 banner into its creative in the campaign (the
 * ZIP replaces the creative's earlier one; the creative takes the draft's name and the artboard's size).
 * Publish the creative to serve it.
 */
export async function exportDraft(ctx: Context, user: SessionUser, target: BuilderTarget) {
  const { id: creativeId, created } = await draftCreativeId(ctx, user, target, false);
  const draft = await ownDraft(ctx.db, user, target.id);
  const filename = `${safeFilename(draft.name)}.zip`;
  const bytes = await bannerZip(ctx, draft.name, draft.document, filename);
  if (bytes.length > maxAssetBytes('html5')) throw ApiError.of(413, assetTooLargeMessage(filename, 'html5'));
  const id = newId();
  const fileName = `assets/${id}/${filename}`;
  await ctx.storage.put(fileName, bytes, 'application/zip');
  await unpackHtml5Zip(ctx, fileName, filename, bytes.length).catch(async (error: unknown) => {
    await ctx.storage.delete(fileName).catch(() => undefined);
    throw error;
  });
  const artboard = artboardOf(draft.document);
  const [width, height] = [Math.round(artboard.width), Math.round(artboard.height)];
  let replaced: AssetRow[];
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      await insertFile(tx, {
        name: fileName,
        owner_id: user.id,
        public: true,
        content_type: 'application/zip',
        size: bytes.length,
      });
      const [before] = await listCreativesByIds(tx, [creativeId]);
      const earlier = await deleteHtml5Assets(tx, creativeId);
      await insertAsset(tx, {
        id,
        creative_id: creativeId,
        file_name: fileName,
        filename,
        name: filename,
        upload_type: 'html5',
        width,
        height,
        duration: null,
        bitrate: null,
      });
      await updateCreativeAsBanner(tx, creativeId, { name: draft.name, width, height });
      const [after] = await listCreativesByIds(tx, [creativeId]);
      // A creative made for this export is recorded as created, with the banner it now is.
      await recordChange(tx, user, creativeChange(created ? null : (before ?? null), after ?? null));
      return earlier;
    });
  } catch (error) {
    // Nothing half-written: the ZIP goes again when it was not recorded.
    await removeUnpacked(ctx, fileName).catch(() => undefined);
    await ctx.storage.delete(fileName).catch(() => undefined);
    throw error;
  }
  await removeUnusedFiles(
    ctx,
    replaced.map((asset) => asset.file_name),
  );
  return oneCreative(ctx, creativeId);
}
