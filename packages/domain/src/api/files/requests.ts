// Requests of the file manager's calls: a directory's page, folders, upload tickets, presigned URLs,
// moves, deletions and "use in a creative".
import { z } from 'zod/mini';
import {
  FILE_LIST_MAX_PAGE_SIZE,
  FILE_LIST_PAGE_SIZE,
  FILE_MANAGER_MAX_BYTES,
} from '../../file-manager/limits';
import { directoryField, entryPathField, fileNameField } from '../../file-manager/paths';
import { booleanField, idField, integerField } from '../../validation/fields';
import { fileTooLargeMessage, MESSAGES } from '../../validation/messages';

/** One of FILE_MANAGER_BUCKETS; the first when left out. */
const bucketField = z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(63)));

/**
 * GET /v1/files: one page of a directory. `pageSize` entries at most (200 unless asked, up to 1,000);
 * `token` is the `nextToken` of the page before, as the server answered it (opaque).
 */
export const fileListQuerySchema = z.strictObject({
  bucket: bucketField,
  directory: directoryField,
  pageSize: z._default(integerField('pageSize', 1, FILE_LIST_MAX_PAGE_SIZE), FILE_LIST_PAGE_SIZE),
  token: z.optional(
    z
      .string()
      .check(
        z.maxLength(4096, MESSAGES.folderPageTokenInvalid),
        z.regex(/^[A-Za-z0-9_-]+$/, MESSAGES.folderPageTokenInvalid),
      ),
  ),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

export const createFolderRequestSchema = z.strictObject({
  bucket: bucketField,
  directory: directoryField,
  name: fileNameField,
});
export type CreateFolderRequest = z.infer<typeof createFolderRequestSchema>;

/** POST /v1/files/upload: the file the browser is about to PUT, checked before any byte moves. */
export const uploadTicketRequestSchema = z
  .strictObject({
    bucket: bucketField,
    directory: directoryField,
    name: fileNameField,
    size: integerField('size', 0, Number.MAX_SAFE_INTEGER),
    /** Accepted and ignored: the stored type follows the file's name (servedFileType). */
    contentType: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(200),
          z.regex(/^[\w.+-]+\/[\w.+-]+$/, 'contentType must be a media type'),
        ),
    ),
  })
  .check(
    z.superRefine((request, ctx) => {
      if (request.size > FILE_MANAGER_MAX_BYTES)
        ctx.addIssue({ code: 'custom', message: fileTooLargeMessage(request.name), path: ['size'] });
    }),
  );
export type UploadTicketRequest = z.infer<typeof uploadTicketRequestSchema>;

export const fileUrlQuerySchema = z.strictObject({
  bucket: bucketField,
  path: entryPathField,
  /** true: the URL downloads the file (attachment) instead of showing it. */
  download: z._default(booleanField('download'), false),
});
export type FileUrlQuery = z.infer<typeof fileUrlQuerySchema>;

/** Rename (same folder, new name) or move (another folder); a folder moves with its contents. */
export const moveFileRequestSchema = z.strictObject({
  bucket: bucketField,
  from: entryPathField,
  to: entryPathField,
});
export type MoveFileRequest = z.infer<typeof moveFileRequestSchema>;

export const deleteFileQuerySchema = z.strictObject({ bucket: bucketField, path: entryPathField });
export type DeleteFileQuery = z.infer<typeof deleteFileQuerySchema>;

/** "Use in a creative": the file becomes an asset of the creative. */
export const useFileRequestSchema = z.strictObject({
  bucket: bucketField,
  path: entryPathField,
  creativeID: idField('creativeID'),
});
export type UseFileRequest = z.infer<typeof useFileRequestSchema>;
