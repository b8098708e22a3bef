// Storing one asset file: it streams to storage while its bytes are checked (asset-checks.ts) and
// counted against the user's storage quota; an HTML5 ZIP is unpacked, an MP4's boxes read. A refused
// file is removed again, with what was unpacked of it.
import { PassThrough, type Readable } from 'node:stream';
import {
  ApiError,
  assetFileType,
  assetTooLargeMessage,
  unexpectedFileFieldMessage,
  unsupportedAssetMessage,
  uploadQuotaMessage,
} from '@adconsole/domain';
import type { Context } from '../../context';
import type { AssetRow } from '../../db/queries/assets';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { removeUnpacked, unpackHtml5Zip } from '../serving/html5';
import { spaceOf, spaceUsage } from '../stored-files/space';
import { textProblem } from '../validation';
import { drain, safeFilename, UploadCheck } from './asset-checks';
import { readMp4Info } from './video';

/**
 * The storage quota a user's asset uploads count against: the file manager's (FILE_MANAGER_QUOTA_MB),
 * one quota for the files of their space and their creative assets. `used` grows with each file a
 * request stores. Undefined when no quota applies (none set, or an admin, whose area has none).
 */
export interface AssetQuota {
  space: string;
  quotaBytes: number;
  used: number;
}

export async function assetQuota(ctx: Context, user: SessionUser): Promise<AssetQuota | undefined> {
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

/**
 * Reads a multipart upload's parts in order: its text fields into `fields` (the domain client sends them
 * before the files), each file under `files[]` or `files` to `onFile`. The first refusal (an error of
 * `onFile`, a file under another field, the form parser's own) ends the storing: the rest of the body is
 * read and dropped, so the request completes and the refusal is answered. Both uploads read this way:
 * a creative's assets (assets.ts) and a bulk upload (bulk-upload.ts).
 */
export async function readUploadParts(
  parts: AsyncIterable<UploadPart>,
  onFile: (part: UploadFile, fields: Readonly<Record<string, string>>) => Promise<void>,
): Promise<{ fields: Record<string, string>; refusal: unknown }> {
  const fields: Record<string, string> = {};
  let refusal: unknown;
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
        if (part.field !== 'files[]' && part.field !== 'files')
          throw ApiError.of(400, unexpectedFileFieldMessage(part.field));
        await onFile(part, fields);
      } catch (error) {
        refusal = error;
        if (!part.bytes.readableEnded) await drain(part.bytes);
      }
    }
  } catch (error) {
    refusal ??= error;
  }
  return { fields, refusal };
}

export interface StoredUpload {
  row: AssetRow;
  contentType: string;
  size: number;
}

/**
 * Stores one file part under its own key, checked chunk by chunk as it streams to storage. A refused
 * file is still read to its end (and dropped), so the request completes and the answer gets through.
 */
export const storePart = (
  ctx: Context,
  creativeId: string,
  part: UploadFile,
  quota: AssetQuota | undefined,
) =>
  storeAsset(
    ctx,
    creativeId,
    part.filename || 'file',
    part.bytes as AsyncIterable<Buffer>,
    part.truncated,
    quota,
  );

/** A stored file that was not recorded goes again, with what was unpacked of it. */
export const removeStored = async (ctx: Context, name: string) => {
  await removeUnpacked(ctx, name).catch(() => undefined);
  await ctx.storage.delete(name).catch(() => undefined);
};

/** Stores one asset file from any source of bytes (an upload's part, a file manager file), checked as it streams. */
export async function storeAsset(
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
