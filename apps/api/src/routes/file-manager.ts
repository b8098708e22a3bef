// The file manager's calls (declarations; the work is in services/file-manager), and, for the
// embedded file store on disk, the signed URLs themselves: PUT stores a body, GET answers a file.
import { createReadStream } from 'node:fs';
import {
  ApiError,
  contract,
  MESSAGES,
  nameTakenMessage,
  servedFileType,
  uploadQuotaMessage,
} from '@adconsole/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { defineRoute } from '../http/routes';
import { requestedRange } from '../http/send-file';
import * as files from '../services/file-manager/files';
import { SIGNED_FILES_PATH, verifySignedUrl } from '../services/object-store/signed-urls';
import { dispositionOf } from '../services/object-store/store';
import { spaceUsage } from '../services/stored-files/space';

const nameErrors = `'${MESSAGES.fileNameHasSlash}', '${MESSAGES.fileNameHasDots}', '${MESSAGES.fileNameMissing}' or '${MESSAGES.fileBucketUnknown}'`;

export const fileManagerRoutes = [
  defineRoute({
    call: contract.fileBuckets,
    access: 'user',
    summary: "The buckets the file manager offers (FILE_MANAGER_BUCKETS), their region and the user's space.",
    tag: 'File manager',
    handler: async ({ ctx, user }) => files.fileBuckets(ctx, user),
  }),
  defineRoute({
    call: contract.listFiles,
    access: 'user',
    summary:
      'List one page of a directory: its folders and files (ListObjectsV2 with the "/" delimiter, MaxKeys and a continuation token).',
    description:
      "`directory` is a path from the top of the user's space (`users/<id>/` of the bucket; an admin's is the whole bucket), '' for the top. At most `pageSize` entries (200 unless asked, up to 1,000) in storage order (by name); folders first within a page, so a later page may still hold folders. `nextToken`, sent back as `token`, asks for the next page; null on the last.",
    tag: 'File manager',
    errors: { 400: `${nameErrors} or '${MESSAGES.folderPageTokenInvalid}'` },
    handler: ({ input, ctx, user }) => files.listFiles(ctx, user, input),
  }),
  defineRoute({
    call: contract.createFolder,
    audit: { none: "The uploader's own file manager: a file is recorded when a creative uses it." },
    access: 'user',
    summary: 'Create an empty folder in a directory.',
    tag: 'File manager',
    errors: { 400: nameErrors, 409: 'A file or folder of that name already exists here.' },
    handler: ({ input, ctx, user }) => files.createFolder(ctx, user, input),
  }),
  defineRoute({
    call: contract.uploadTicket,
    audit: { none: "The uploader's own file manager: a file is recorded when a creative uses it." },
    access: 'user',
    summary: 'A presigned PUT URL for one file: the browser sends the bytes straight to storage.',
    description:
      "The URL works 15 minutes and only for exactly `size` bytes of the signed Content-Type. Files are at most 200 MB; an existing name is refused (delete or rename it first). Each user may take FILE_MANAGER_UPLOADS_PER_MINUTE tickets a minute (60 by default). A file in a user's space (an admin's upload into `users/<id>/` too) must fit that space's FILE_MANAGER_QUOTA_MB (1,024 by default), counting the files stored and the tickets whose files have not arrived.",
    tag: 'File manager',
    errors: {
      400: `${nameErrors} or the size limit`,
      409: 'A file or folder of that name already exists here.',
      413: 'The file does not fit in the storage quota (the message says how much is used and the quota).',
      429: 'Too many uploads a minute (Retry-After says when the next is taken).',
    },
    handler: ({ input, ctx, user }) => files.uploadTicket(ctx, user, input),
  }),
  defineRoute({
    call: contract.fileUrl,
    access: 'user',
    summary:
      'A presigned GET URL of a file (15 minutes): shown in place, or with `download=true` as a download.',
    tag: 'File manager',
    errors: { 404: MESSAGES.fileEntryNotFound },
    handler: ({ input, ctx, user }) => files.fileUrl(ctx, user, input),
  }),
  defineRoute({
    call: contract.moveFile,
    audit: { none: "The uploader's own file manager: a file is recorded when a creative uses it." },
    access: 'user',
    summary: 'Rename or move a file, or a folder with its contents.',
    description:
      'A folder moves a page of 1,000 keys at a time (copy, then delete); one holding more than FILE_MANAGER_FOLDER_KEY_LIMIT keys (10,000 by default) is refused before anything moves.',
    tag: 'File manager',
    errors: {
      400: `${nameErrors} or '${MESSAGES.folderIntoItself}'`,
      404: MESSAGES.fileEntryNotFound,
      409: 'A file or folder of that name already exists there.',
      413: 'The folder holds more keys than one move may touch.',
    },
    handler: ({ input, ctx, user }) => files.moveFile(ctx, user, input),
  }),
  defineRoute({
    call: contract.deleteFile,
    audit: { none: "The uploader's own file manager: files in use by a creative are refused." },
    access: 'user',
    summary: 'Delete a file, or a folder with everything in it; answers how many files went.',
    description:
      '`path` (a folder\'s ends with "/") and the optional `bucket` in the query. A folder goes 1,000 keys a call (DeleteObjects); one holding more than FILE_MANAGER_FOLDER_KEY_LIMIT keys (10,000 by default) is refused before anything goes.',
    tag: 'File manager',
    errors: {
      404: MESSAGES.fileEntryNotFound,
      413: 'The folder holds more keys than one delete may touch.',
    },
    handler: ({ input, ctx, user }) => files.deleteFile(ctx, user, input),
  }),
  defineRoute({
    call: contract.useFileInCreative,
    audit: 'creative',
    access: 'user',
    summary: "Use a file in a creative: it becomes one of the creative's assets (the upload's checks apply).",
    tag: 'File manager',
    errors: {
      400: MESSAGES.incorrectCampaignOrCreative,
      404: MESSAGES.fileEntryNotFound,
      415: 'Not an asset type.',
    },
    handler: ({ input, ctx, user }) => files.useFileInCreative(ctx, user, input),
  }),
];

/** The signed URLs of the embedded file store: the signature is the authorization (no cookie, no CSRF header). */
export async function registerSignedFiles(app: FastifyInstance, ctx: Context) {
  const store = ctx.diskFiles;
  if (!store) return;
  const target = (request: FastifyRequest) => {
    const [bucket = '', ...rest] = ((request.params as { '*': string })['*'] ?? '').split('/');
    const key = rest.join('/');
    const signed = verifySignedUrl(ctx.secret, bucket, key, request.query as Record<string, string>);
    if (!signed || !ctx.config.fileManager.buckets.includes(bucket) || key === '' || key.endsWith('/'))
      throw ApiError.of(403, MESSAGES.fileLinkInvalid);
    return signed;
  };
  await app.register(async (scope) => {
    // Any body type streams through untouched: the PUT stores exactly the bytes the browser sends.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put(`${SIGNED_FILES_PATH}/*`, { config: { csrf: false } }, async (request, reply: FastifyReply) => {
      const signed = target(request);
      if (signed.op !== 'put') throw ApiError.of(403, MESSAGES.fileLinkInvalid);
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim();
      if (type !== signed.contentType)
        throw ApiError.of(403, `${MESSAGES.fileLinkInvalid} (Content-Type differs from the signed one)`);
      const length = Number(request.headers['content-length'] ?? Number.NaN);
      if (length !== signed.maxBytes)
        throw ApiError.of(403, `${MESSAGES.fileLinkInvalid} (the size differs from the signed one)`);
      // A name already taken stays a conflict (a replay onto the file it stored, too).
      if (await store.head(signed.bucket, signed.key))
        throw ApiError.of(409, nameTakenMessage(signed.key.split('/').pop() ?? ''));
      // Single use: the PUT takes its upload ticket (an unused one for this key and size, issued
      // within the URL's lifetime); a replayed URL finds none.
      const ticket = await files.takeUploadTicket(ctx, signed);
      if (!ticket) throw ApiError.of(403, `${MESSAGES.fileLinkInvalid} (it was used already)`);
      try {
        await store.write(signed.bucket, signed.key, request.raw, signed.maxBytes);
        // The quota is counted again now that the file is here (files may have arrived since the ticket).
        const { quotaBytes } = ctx.config.fileManager;
        if (quotaBytes !== null && ticket.space !== '') {
          const used = await spaceUsage(ctx, ticket.space, { id: ticket.id, key: '' });
          if (used > quotaBytes) {
            await store.delete(signed.bucket, [signed.key]);
            const name = signed.key.split('/').pop() ?? '';
            throw ApiError.of(
              413,
              uploadQuotaMessage({ name, size: signed.maxBytes, used: used - signed.maxBytes, quotaBytes }),
            );
          }
        }
      } catch (error) {
        if ((error as { tooLarge?: boolean }).tooLarge) throw ApiError.of(413, MESSAGES.bodyOverSignedSize);
        if ((error as { taken?: boolean }).taken)
          throw ApiError.of(409, nameTakenMessage(signed.key.split('/').pop() ?? ''));
        throw error;
      }
      return reply.code(200).send();
    });
  });
  app.get(`${SIGNED_FILES_PATH}/*`, async (request, reply) => {
    const signed = target(request);
    if (signed.op !== 'get') throw ApiError.of(403, MESSAGES.fileLinkInvalid);
    const object = await store.head(signed.bucket, signed.key);
    if (!object) throw ApiError.of(404, MESSAGES.fileEntryNotFound);
    const filename = signed.key.split('/').pop() ?? 'file';
    const served = servedFileType(signed.key, signed.download);
    reply
      .header('Content-Type', served.contentType)
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, max-age=60')
      .header('Content-Disposition', dispositionOf(served.inline, filename))
      // A stored file is never a page of the console's origin: no scripts, no plugins, no frames.
      .header('Content-Security-Policy', "default-src 'none'; media-src 'self'; img-src 'self'; sandbox");
    const range = requestedRange(request.headers.range, object.size);
    if (range === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${object.size}`);
      throw ApiError.of(416, MESSAGES.rangeNotSatisfiable);
    }
    const file = store.filePath(signed.bucket, signed.key);
    if (range) {
      return reply
        .code(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('Content-Length', String(range.end - range.start + 1))
        .send(createReadStream(file, { start: range.start, end: range.end }));
    }
    return reply.header('Content-Length', String(object.size)).send(createReadStream(file));
  });
}
