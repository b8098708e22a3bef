// Bulk upload of creatives (docs/product.md §7, "Bulk upload"; docs/security.md, "Bulk upload"): every file of
// the multipart body, or every entry of one batch ZIP, is checked and stored as an asset (asset-storage.ts,
// the single upload's checks), then all the creatives are made in one transaction. A file bulk upload
// does not take is listed as refused; a file that fails its checks makes nothing (the batch's stored
// files go again) and the answer names it.
import { PassThrough, Readable } from 'node:stream';
import {
  ApiError,
  adSizeOf,
  BULK_MESSAGES,
  type BulkFileKind,
  type BulkMade,
  type BulkRefused,
  type BulkUploadAnswer,
  bulkCreativeName,
  bulkFileKind,
  bulkNothingMadeMessage,
  bulkTooLargeMessage,
  bulkTooManyFilesMessage,
  bulkUploadFieldsSchema,
  html5IndexPath,
  html5WithoutSizeMessage,
  isHtml5AdZip,
  isPackerFile,
  MAX_BULK_BYTES,
  MAX_BULK_FILES,
  malformedMultipartMessage,
  uploadQuotaMessage,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { insertAsset } from '../../db/queries/assets';
import { insertCreative } from '../../db/queries/creatives';
import { insertFile } from '../../db/queries/files';
import { findHtml5ArchiveFiles } from '../../db/queries/html5-archives';
import { lockUser } from '../../db/queries/users';
import { recordChange } from '../audit/record';
import { creativeChange } from '../audit/snapshots';
import type { SessionUser } from '../identity/sessions';
import { newId } from '../ids';
import { archiveFile } from '../serving/html5';
import { HTML5_ZIP_LIMITS, inflateEntry, readZipDirectory } from '../serving/zip-archive';
import { spaceOf, spaceUsage } from '../stored-files/space';
import { parseInput, textProblem } from '../validation';
import { ownCampaign } from './access';
import { drain } from './asset-checks';
import {
  type AssetQuota,
  assetQuota,
  readUploadParts,
  removeStored,
  type StoredUpload,
  storeAsset,
  type UploadPart,
} from './asset-storage';
import { queueCreativeQaAfterChange } from './creative-qa';

/** A file checked and stored, waiting for the transaction that makes its creative. */
interface Pending {
  creativeId: string;
  file: string;
  kind: BulkFileKind;
  stored: StoredUpload;
  width: number;
  height: number;
}

/** A video whose size its file does not say (WebM) plays in the usual 16:9 player. */
const VIDEO_FALLBACK = { width: 640, height: 360 };

/** The batch being read: its files, bytes, and what it stored (removed again unless it is made). */
class Batch {
  files = 0;
  bytes = 0;
  readonly pending: Pending[] = [];
  readonly refused: BulkRefused[] = [];
  readonly scratch: string[] = [];

  constructor(
    readonly ctx: Context,
    readonly campaignId: string,
    readonly quota: AssetQuota | undefined,
  ) {}

  count(): void {
    this.files += 1;
    if (this.files > MAX_BULK_FILES) throw ApiError.of(413, bulkTooManyFilesMessage(this.files));
  }

  /** The source's bytes, counted against the batch's; past it the source is drained and `over()` is true. */
  counted(source: AsyncIterable<Buffer>): { bytes: AsyncIterable<Buffer>; over: () => boolean } {
    let over = false;
    const batch = this;
    async function* bytes() {
      for await (const chunk of source) {
        batch.bytes += chunk.length;
        if (batch.bytes > MAX_BULK_BYTES) over = true;
        if (!over) yield chunk;
      }
    }
    return { bytes: bytes(), over: () => over };
  }

  /** Stores one file as an asset of a new creative, with the single upload's checks. */
  async add(filename: string, source: AsyncIterable<Buffer>): Promise<void> {
    const kind = bulkFileKind(filename);
    if (kind === undefined) {
      await drain(source);
      this.refused.push({ file: filename, reason: BULK_MESSAGES.notTaken });
      return;
    }
    this.count();
    const counted = this.counted(source);
    const creativeId = newId();
    let stored: StoredUpload;
    try {
      stored = await storeAsset(this.ctx, creativeId, filename, counted.bytes, counted.over, this.quota);
    } catch (error) {
      throw counted.over() ? ApiError.of(413, bulkTooLargeMessage()) : error;
    }
    this.pending.push({ creativeId, file: filename, kind, stored, width: 0, height: 0 });
    const pending = this.pending[this.pending.length - 1] as Pending;
    const size = await this.sizeOf(pending);
    pending.width = size.width;
    pending.height = size.height;
  }

  /** An image's size from its file, a video's from its MP4 boxes, an HTML5 ad's from its ad.size meta. */
  private async sizeOf(pending: Pending): Promise<{ width: number; height: number }> {
    const { row } = pending.stored;
    if (pending.kind === 'image') return { width: row.width ?? 0, height: row.height ?? 0 };
    if (pending.kind === 'video') {
      return row.width && row.height ? { width: row.width, height: row.height } : VIDEO_FALLBACK;
    }
    const paths = (await findHtml5ArchiveFiles(this.ctx.db, row.file_name)) ?? [];
    const index = html5IndexPath(paths);
    if (!index) throw ApiError.of(415, `${pending.file}: ${BULK_MESSAGES.nestedBatch}`);
    const file = await archiveFile(this.ctx, row.file_name, index);
    const size = adSizeOf(file ? await readText(file.body, 256 * 1024) : '');
    if (!size) throw ApiError.of(415, html5WithoutSizeMessage(pending.file));
    return size;
  }

  /** A ZIP sent to bulk upload: an HTML5 ad (one creative), or a batch ZIP whose files are the batch. */
  async addZip(filename: string, source: AsyncIterable<Buffer>): Promise<void> {
    const key = `bulk/${newId()}/batch.zip`;
    this.scratch.push(key);
    const counted = this.counted(source);
    const body = new PassThrough();
    body.on('error', () => undefined);
    let failure: unknown;
    const storing = this.ctx.storage.put(key, body, 'application/zip').catch((error: unknown) => {
      failure = error;
      body.destroy();
    });
    let size = 0;
    for await (const chunk of counted.bytes) {
      size += chunk.length;
      if (failure === undefined && !body.write(chunk))
        await new Promise((resolve) => body.once('drain', resolve).once('close', resolve));
    }
    body.end();
    await storing;
    if (failure !== undefined) throw failure;
    if (counted.over()) throw ApiError.of(413, bulkTooLargeMessage());
    // Its directory is read and bounded before a byte is inflated (entries, names, depth, declared sizes).
    const read = (range: { start: number; end: number }) => this.ctx.storage.open(key, range);
    const entries = await readZipDirectory(filename, size, read, {
      ...HTML5_ZIP_LIMITS,
      maxUnpackedBytes: MAX_BULK_BYTES,
      zipEntries: true,
    });
    this.bytes -= size;
    if (isHtml5AdZip(entries.map((entry) => entry.name))) {
      const stored = await this.ctx.storage.open(key);
      await this.add(filename, stored ?? Readable.from([]));
      return;
    }
    const files = entries.filter((entry) => !isPackerFile(entry.name));
    if (this.files + files.length > MAX_BULK_FILES)
      throw ApiError.of(413, bulkTooManyFilesMessage(this.files + files.length));
    for (const entry of files) {
      const name = entry.name.split('/').pop() ?? entry.name;
      const before = this.bytes;
      await inflateEntry(filename, entry, read, MAX_BULK_BYTES - this.bytes, (inflated) =>
        this.add(name, inflated as AsyncIterable<Buffer>),
      );
      if (this.bytes > MAX_BULK_BYTES || before > MAX_BULK_BYTES)
        throw ApiError.of(413, bulkTooLargeMessage());
    }
  }

  /** Everything this batch stored goes again (nothing half-made). */
  async removeAll(): Promise<void> {
    await Promise.all(this.pending.map((file) => removeStored(this.ctx, file.stored.row.file_name)));
    await this.removeScratch();
  }

  async removeScratch(): Promise<void> {
    await Promise.all(this.scratch.map((key) => this.ctx.storage.delete(key).catch(() => undefined)));
  }
}

/** At most `limit` bytes of a stream as UTF-8 text. */
async function readText(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= limit) {
      stream.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** The refusal of a file: nothing is made, and the answer says which file and why. */
function nothingMade(error: unknown): unknown {
  if (error instanceof ApiError) return ApiError.of(error.status, bulkNothingMadeMessage(error.message));
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status < 500) return error;
  // The form parser's own errors (a cut-off body, a broken boundary) are the client's mistake.
  return ApiError.of(400, malformedMultipartMessage((error as Error).message));
}

/** POST /v1/creative/bulk: reads the batch, then makes its creatives in one transaction. */
export async function bulkUploadCreatives(
  ctx: Context,
  user: SessionUser,
  parts: AsyncIterable<UploadPart>,
): Promise<BulkUploadAnswer> {
  const release = await ctx.uploadSlots.take();
  let batch: Batch | undefined;
  let committed = false;
  try {
    const { fields, refusal } = await readUploadParts(parts, async (part, fields) => {
      // The campaign field comes before the files: it is checked before a byte is stored.
      if (batch === undefined) {
        const problem = textProblem(fields);
        if (problem) throw ApiError.of(400, problem);
        const input = parseInput(bulkUploadFieldsSchema, fields);
        const campaign = await ownCampaign(ctx.db, user, input.campaignID);
        batch = new Batch(ctx, campaign.id, await assetQuota(ctx, user));
      }
      const filename = part.filename || 'file';
      const nameProblem = textProblem(filename, 'The file name');
      if (nameProblem) throw ApiError.of(400, nameProblem);
      if (/\.zip$/i.test(filename)) await batch.addZip(filename, part.bytes);
      else await batch.add(filename, part.bytes);
      if (part.truncated()) throw ApiError.of(413, bulkTooLargeMessage());
    });
    if (refusal !== undefined) {
      if (refusal instanceof ApiError && (refusal.status === 404 || refusal.status === 400)) throw refusal;
      throw nothingMade(refusal);
    }
    if (batch === undefined) {
      parseInput(bulkUploadFieldsSchema, fields);
      throw ApiError.of(400, BULK_MESSAGES.chooseFiles);
    }
    if (batch.pending.length === 0) {
      const first = batch.refused[0];
      throw ApiError.of(
        415,
        first ? bulkNothingMadeMessage(`${first.file}: ${first.reason}`) : BULK_MESSAGES.chooseFiles,
      );
    }
    const made = await makeCreatives(ctx, user, batch);
    committed = true;
    await batch.removeScratch();
    // Each creative is measured in Chromium in the background (docs/builder.md, "Creative QA").
    for (const creative of made) await queueCreativeQaAfterChange(ctx, user, creative.creativeID);
    return { made, refused: batch.refused };
  } catch (error) {
    if (!committed) await batch?.removeAll();
    throw error;
  } finally {
    release();
  }
}

/** The batch's creatives and their assets, in one transaction, with an audit entry each. */
async function makeCreatives(ctx: Context, user: SessionUser, batch: Batch): Promise<BulkMade[]> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const made: BulkMade[] = [];
    for (const file of batch.pending) {
      const { row, contentType, size } = file.stored;
      const type = file.kind === 'video' ? 'VAST' : 'Banner';
      const name = bulkCreativeName(file.file);
      const body = {
        width: file.width,
        height: file.height,
        fluid: false,
        platform: null,
        trackers: {},
        settings: [],
        layout: null,
      };
      await insertCreative(tx, { id: file.creativeId, campaignId: batch.campaignId, name, type, body });
      await insertFile(tx, {
        name: row.file_name,
        owner_id: user.id,
        public: true,
        content_type: contentType,
        size,
      });
      await insertAsset(tx, { ...row, bitrate: null });
      await recordChange(
        tx,
        user,
        creativeChange(null, { id: file.creativeId, campaign_id: batch.campaignId, name, type, body }),
      );
      made.push({
        creativeID: file.creativeId,
        name,
        file: file.file,
        type,
        kind: file.kind,
        width: file.width,
        height: file.height,
        duration: file.kind === 'video' ? row.duration : null,
        bytes: size,
      });
    }
    // The quota counted again with the batch recorded (another upload may have landed meanwhile).
    const { quotaBytes } = ctx.config.fileManager;
    const space = spaceOf(user);
    if (quotaBytes !== null && space !== '') {
      const used = await spaceUsage({ ...ctx, db: tx }, space);
      const added = made.reduce((sum, creative) => sum + creative.bytes, 0);
      if (used > quotaBytes)
        throw ApiError.of(
          413,
          bulkNothingMadeMessage(
            uploadQuotaMessage({ name: 'The batch', size: added, used: used - added, quotaBytes }),
          ),
        );
    }
    return made;
  });
}
