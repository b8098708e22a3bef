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
  maxAssetBytes,
  safeImageUrl,
} from '@adconsole/domain';
import JSZip from 'jszip';
import type { Context } from '../context';
import type { Queryable } from '../db/database';
import { safeFilename } from './assets';
import { type AssetRow, oneCreative, ownCampaign } from './campaigns';
import { insertFileRow, removeUnusedFiles } from './file-rows';
import { newId } from './ids';
import { removeUnpacked, unpackHtml5Zip } from './serving/html5';
import type { SessionUser } from './sessions';

export const DRAFT_NOT_FOUND = 'Draft not found!';

interface DraftRow {
  id: string;
  user_id: string;
  name: string;
  document: BuilderDocument;
  creative_id: string | null;
  campaign_id: string | null;
  updated_at: Date;
}

const DRAFT_SELECT = `select d.*, c.campaign_id from builder_drafts d left join creatives c on c.id = d.creative_id`;

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
  const [row] = await db.query<DraftRow>(`${DRAFT_SELECT} where d.id = $1 and d.user_id = $2`, [id, user.id]);
  if (!row) throw ApiError.of(404, DRAFT_NOT_FOUND);
  return row;
}

export async function listDrafts(ctx: Context, user: SessionUser) {
  const rows = await ctx.db.query<DraftRow>(
    `${DRAFT_SELECT} where d.user_id = $1 order by d.updated_at desc, d.id`,
    [user.id],
  );
  return rows.map(draftAnswer);
}

export async function createDraft(
  ctx: Context,
  user: SessionUser,
  input: { name: string; document: BuilderDocument },
) {
  const id = newId();
  await ctx.db.query('insert into builder_drafts (id, user_id, name, document) values ($1, $2, $3, $4)', [
    id,
    user.id,
    input.name,
    input.document,
  ]);
  return draftAnswer(await ownDraft(ctx.db, user, id));
}

export async function updateDraft(
  ctx: Context,
  user: SessionUser,
  input: { id: string; name: string; document: BuilderDocument },
) {
  const draft = await ownDraft(ctx.db, user, input.id);
  await ctx.db.query('update builder_drafts set name = $2, document = $3, updated_at = now() where id = $1', [
    draft.id,
    input.name,
    input.document,
  ]);
  return draftAnswer(await ownDraft(ctx.db, user, draft.id));
}

export async function deleteDraft(ctx: Context, user: SessionUser, id: string) {
  const draft = await ownDraft(ctx.db, user, id);
  await ctx.db.query('delete from builder_drafts where id = $1', [draft.id]);
  return null;
}

/**
 * The draft's creative in the campaign: the one it already has when it is in that campaign, else a new
 * Banner creative named after the draft at the artboard's size (and the draft remembers it).
 */
async function draftCreativeId(ctx: Context, user: SessionUser, target: BuilderTarget): Promise<string> {
  const draft = await ownDraft(ctx.db, user, target.id);
  const campaign = await ownCampaign(ctx.db, user, target.campaignID);
  if (draft.creative_id !== null && draft.campaign_id === campaign.id) return draft.creative_id;
  const artboard = artboardOf(draft.document);
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await tx.query('insert into creatives (id, campaign_id, name, type, body) values ($1, $2, $3, $4, $5)', [
      id,
      campaign.id,
      draft.name,
      'Banner',
      {
        width: Math.round(artboard.width),
        height: Math.round(artboard.height),
        fluid: false,
        platform: null,
        trackers: {},
        settings: [],
        layout: null,
      },
    ]);
    await tx.query('update builder_drafts set creative_id = $2 where id = $1', [draft.id, id]);
  });
  return id;
}

/** POST /v1/builder/creative: the creative uploaded images go to (made on first use). */
export async function draftCreative(ctx: Context, user: SessionUser, target: BuilderTarget) {
  return oneCreative(ctx, await draftCreativeId(ctx, user, target));
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
  const [file] = await ctx.db.query<{ name: string; size: number; content_type: string }>(
    'select name, size, content_type from files where name = $1 and public',
    [key],
  );
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
  const creativeId = await draftCreativeId(ctx, user, target);
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
      await insertFileRow(tx, {
        name: fileName,
        owner_id: user.id,
        public: true,
        content_type: 'application/zip',
        size: bytes.length,
      });
      const earlier = await tx.query<AssetRow>(
        `delete from assets where creative_id = $1 and upload_type = 'html5' returning *`,
        [creativeId],
      );
      await tx.query(
        `insert into assets (id, creative_id, file_name, filename, name, upload_type, width, height)
         values ($1, $2, $3, $4, $5, 'html5', $6, $7)`,
        [id, creativeId, fileName, filename, filename, width, height],
      );
      await tx.query(
        `update creatives set type = 'Banner', name = $4, updated_at = now(),
           body = body || jsonb_build_object('width', $2::integer, 'height', $3::integer)
         where id = $1`,
        [creativeId, width, height, draft.name],
      );
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
