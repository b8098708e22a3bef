// Creative assets: the streamed multipart upload and delete. Which extensions, kinds and sizes are
// accepted is the domain's rule (the server's detection of the kind wins over the client's label);
// here each file streams to storage while its bytes are checked as they arrive: the kind's size limit,
// the first bytes against the extension, scripts as UTF-8 text. A request's files are all stored or,
// on any refusal, none are (nothing half-written), and only so many uploads run at once.

import { PassThrough, type Readable } from 'node:stream';
import {
  ApiError,
  type AssetKind,
  type AssetUploadFields,
  assetFileType,
  assetReplacement,
  assetTooLargeMessage,
  assetUploadFieldsSchema,
  MESSAGES,
  maxAssetBytes,
  unsupportedAssetMessage,
  uploadQuotaMessage,
} from '@adconsole/domain';
import { imageSize } from 'image-size';
import type { Context } from '../context';
import {
  type AssetRow,
  deleteAssetOfCreative,
  deleteAssets,
  insertAsset,
  listAssetsOfCreatives,
  updateAssetName,
} from '../db/queries/assets';
import { markCreativeUpdated } from '../db/queries/creatives';
import { insertFile } from '../db/queries/files';
import { lockUser } from '../db/queries/users';
import { ownCreative } from './access';
import { recordChange } from './audit/record';
import { assetsChange } from './audit/snapshots';
import { type AssetAnswer, assetAnswer } from './campaign-answers';
import { spaceOf, spaceUsage } from './file-manager/limits';
import { removeUnusedFiles } from './file-rows';
import { newId } from './ids';
import { removeUnpacked, unpackHtml5Zip } from './serving/html5';
import type { SessionUser } from './sessions';
import { parseInput, textProblem } from './validation';
import { readMp4Info } from './video';

/** Does a file's first bytes look like the type its extension claims? */
type Signature = (head: Buffer) => boolean;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Buffer, text: string, offset = 0) =>
  bytes.subarray(offset, offset + text.length).toString('latin1') === text;

const png: Signature = (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg: Signature = (b) => startsWith(b, [0xff, 0xd8, 0xff]);
const gif: Signature = (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a');
const webp: Signature = (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8);
const mp4: Signature = (b) => ascii(b, 'ftyp', 4);
const webm: Signature = (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]);
const zip: Signature = (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
// A script is checked as a whole (text without NUL, valid UTF-8) while it streams.
const anything: Signature = () => true;

const signatures: Record<string, Signature> = {
  png,
  jpg: jpeg,
  jpeg,
  gif,
  webp,
  mp4,
  webm,
  zip,
  js: anything,
};
const SIGNATURE_BYTES = 16;

const extensionOf = (filename: string) => filename.toLowerCase().split('.').pop() ?? '';

/** A file name safe in a storage key and a URL: letters, digits, dot, dash and underscore. */
export function safeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned === '' ? 'file' : cleaned;
}

/**
 * Checks a file's bytes as they arrive: refuses (413) as soon as the kind's limit is passed, (415)
 * when the first bytes do not match the extension or a script is not UTF-8 text. Keeps an image's
 * bytes (at most 10 MB) to read its width and height.
 */
export class UploadCheck {
  size = 0;
  private head = Buffer.alloc(0);
  private readonly kept: Buffer[] = [];
  private readonly decoder: TextDecoder | undefined;

  constructor(
    private readonly filename: string,
    readonly kind: AssetKind,
  ) {
    this.decoder = kind === 'vpaid' ? new TextDecoder('utf-8', { fatal: true }) : undefined;
  }

  /** Takes the next chunk, or throws the refusal. */
  accept(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > maxAssetBytes(this.kind))
      throw ApiError.of(413, assetTooLargeMessage(this.filename, this.kind));
    if (this.head.length < SIGNATURE_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE_BYTES - this.head.length)]);
      if (this.head.length >= SIGNATURE_BYTES && !this.signatureMatches()) this.unsupported();
    }
    if (this.decoder) {
      try {
        if (chunk.includes(0)) throw new Error('NUL');
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.unsupported();
      }
    }
    if (this.kind === 'image') this.kept.push(chunk);
  }

  /** The file has ended: a short or empty file is checked now. */
  finish(): { width: number | null; height: number | null } {
    if (this.size === 0 || !this.signatureMatches()) this.unsupported();
    try {
      this.decoder?.decode();
    } catch {
      this.unsupported();
    }
    if (this.kind !== 'image') return { width: null, height: null };
    try {
      const size = imageSize(Buffer.concat(this.kept));
      return { width: size.width ?? null, height: size.height ?? null };
    } catch {
      throw ApiError.of(415, `${this.filename}: the image cannot be read.`);
    }
  }

  private unsupported(): never {
    throw ApiError.of(415, unsupportedAssetMessage(this.filename));
  }

  private signatureMatches(): boolean {
    const matches = signatures[extensionOf(this.filename)];
    return matches?.(this.head) === true;
  }
}

/** Reads a stream to its end, keeping nothing (the rest of a refused file, so the request completes). */
async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // discarded
  }
}

/**
 * The storage quota a user's asset uploads count against: the file manager's (FILE_MANAGER_QUOTA_MB),
 * one quota for the files of their space and their creative assets. `used` grows with each file a
 * request stores. Undefined when no quota applies (none set, or an admin, whose area has none).
 */
interface AssetQuota {
  space: string;
  quotaBytes: number;
  used: number;
}

async function assetQuota(ctx: Context, user: SessionUser): Promise<AssetQuota | undefined> {
  const { quotaBytes } = ctx.config.fileManager;
  const space = spaceOf(user);
  if (quotaBytes === null || space === '') return undefined;
  return { space, quotaBytes, used: await spaceUsage(ctx, space) };
}

/** The file manager's refusal of a file past the quota: 413 with its message. */
const quotaRefusal = (quota: AssetQuota, name: string, size: number) =>
  ApiError.of(413, uploadQuotaMessage({ name, size, used: quota.used, quotaBytes: quota.quotaBytes }));

/** Thrown while a file streams past the quota; answered once its whole size is known. */
class OverQuota extends Error {}

const incorrectCampaignOrCreative = () => ApiError.of(400, MESSAGES.incorrectCampaignOrCreative);

/** A file of a multipart upload: its bytes as they arrive, and whether the parser cut it short. */
export interface UploadFile {
  type: 'file';
  field: string;
  filename: string;
  bytes: Readable;
  truncated: () => boolean;
}

/** One part of a multipart upload as the route reads it: a text field, or a file. */
export type UploadPart = { type: 'field'; field: string; value: string } | UploadFile;

interface StoredUpload {
  row: AssetRow;
  contentType: string;
  size: number;
}

/**
 * Stores one file part under its own key, checked chunk by chunk as it streams to storage. A refused
 * file is still read to its end (and dropped), so the request completes and the answer gets through.
 */
const storePart = (ctx: Context, creativeId: string, part: UploadFile, quota: AssetQuota | undefined) =>
  storeAsset(
    ctx,
    creativeId,
    part.filename || 'file',
    part.bytes as AsyncIterable<Buffer>,
    part.truncated,
    quota,
  );

/** A stored file that was not recorded goes again, with what was unpacked of it. */
const removeStored = async (ctx: Context, name: string) => {
  await removeUnpacked(ctx, name).catch(() => undefined);
  await ctx.storage.delete(name).catch(() => undefined);
};

/** Stores one asset file from any source of bytes (an upload's part, a file manager file), checked as it streams. */
async function storeAsset(
  ctx: Context,
  creativeId: string,
  filename: string,
  source: AsyncIterable<Buffer>,
  truncated: () => boolean,
  /** The user's storage quota: the file is refused (413) as soon as it passes what is left. */
  quota: AssetQuota | undefined,
): Promise<StoredUpload> {
  const type = assetFileType(filename);
  const problem = textProblem(filename, 'The file name');
  if (problem || !type) {
    await drain(source);
    throw problem ? ApiError.of(400, problem) : ApiError.of(415, unsupportedAssetMessage(filename));
  }
  const check = new UploadCheck(filename, type.kind);
  const id = newId();
  const stored = safeFilename(filename);
  const fileName = `assets/${id}/${stored}`;
  const bytes = new PassThrough();
  let failure: unknown;
  // A refusal is tracked in `failure`; the stream's own error event (storage may not be listening
  // yet) must not become an uncaught exception.
  bytes.on('error', () => undefined);
  const storing = ctx.storage.put(fileName, bytes, type.contentType).catch((error: unknown) => {
    failure ??= error;
  });
  let dimensions: { width: number | null; height: number | null } = { width: null, height: null };
  // Every byte sent is counted, so a refusal past the quota names the file's whole size.
  let sent = 0;
  for await (const chunk of source) {
    sent += chunk.length;
    if (failure !== undefined) continue;
    try {
      check.accept(chunk);
      if (quota && quota.used + check.size > quota.quotaBytes) throw new OverQuota();
    } catch (error) {
      failure = error;
      bytes.destroy(error as Error);
      continue;
    }
    if (!bytes.write(chunk))
      await new Promise((resolve) => bytes.once('drain', resolve).once('close', resolve));
  }
  if (failure === undefined) {
    try {
      // The parser's own cap (just above the largest kind's limit) cuts a file short.
      if (truncated()) throw ApiError.of(413, assetTooLargeMessage(filename, type.kind));
      dimensions = check.finish();
      bytes.end();
    } catch (error) {
      failure = error;
      bytes.destroy(error as Error);
    }
  }
  await storing;
  if (failure === undefined && type.kind === 'html5') {
    // Checked and unpacked once, here, with a byte budget: serving never inflates a ZIP.
    await unpackHtml5Zip(ctx, fileName, filename, check.size).catch((error: unknown) => {
      failure = error;
    });
  }
  if (failure !== undefined) {
    await ctx.storage.delete(fileName).catch(() => undefined);
    throw failure instanceof OverQuota && quota ? quotaRefusal(quota, filename, sent) : failure;
  }
  if (quota) quota.used += check.size;
  // A player needs an MP4's duration, size and bitrate (VAST); they are read from its boxes.
  const video =
    type.contentType === 'video/mp4'
      ? await readMp4Info(ctx.storage, fileName, check.size)
      : { duration: null, width: null, height: null, bitrate: null };
  return {
    contentType: type.contentType,
    size: check.size,
    row: {
      id,
      creative_id: creativeId,
      file_name: fileName,
      filename: stored,
      name: filename.slice(0, 200),
      upload_type: type.kind,
      width: dimensions.width ?? video.width,
      height: dimensions.height ?? video.height,
      duration: video.duration,
      bitrate: video.bitrate,
    },
  };
}

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
    const fields: Record<string, string> = {};
    let creativeId: string | undefined;
    let input: AssetUploadFields | undefined;
    // The first refusal is answered once the whole body has been read (the rest is dropped).
    let refusal: unknown;
    // Counted once, before the first file is stored, and grown by each file stored.
    let quota: { value: AssetQuota | undefined } | undefined;
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.field] = part.value;
          continue;
        }
        if (refusal !== undefined) {
          await drain(part.bytes);
          continue;
        }
        try {
          if (part.field !== 'files[]' && part.field !== 'files') {
            throw ApiError.of(400, `Unexpected file field ${part.field}: send files as files[].`);
          }
          // The text fields come before the files (the domain client sends them first), so the
          // creative is known and checked before a single byte of a file is stored.
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
        } catch (error) {
          refusal = error;
          if (!part.bytes.readableEnded) await drain(part.bytes);
        }
      }
      if (refusal !== undefined) throw refusal;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status < 500) throw error;
      // The form parser's own errors (a cut-off body, a broken boundary) are the client's mistake.
      throw ApiError.of(400, `The multipart body is malformed: ${(error as Error).message}.`);
    }
    if (input === undefined || creativeId === undefined) {
      if (fields.creativeID === undefined || fields.creativeID.trim() === '')
        throw incorrectCampaignOrCreative();
      parseInput(assetUploadFieldsSchema, fields);
      throw ApiError.of(400, MESSAGES.chooseFilesToUpload);
    }
    return await recordAssets(ctx, user, creativeId, stored, input, () => {
      committed = true;
    });
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
