// File manager calls: the API lists a directory and answers short-lived presigned URLs; the bytes go
// from the browser straight to storage with those URLs and back.
import type { z } from 'zod';
import type { Asset } from '../../entities/asset';
import type { FileBuckets, FileEntry, FileListing, FileUrl, UploadTicket } from '../../entities/file-manager';
import { validate } from '../../validation/validation-error';
import type { HttpMethod } from '../call';
import type { Http } from '../http';
import { readData } from '../responses';
import { filesContract } from './contract';
import {
  createFolderRequestSchema,
  deleteFileQuerySchema,
  fileListQuerySchema,
  fileUrlQuerySchema,
  moveFileRequestSchema,
  uploadTicketRequestSchema,
  useFileRequestSchema,
} from './requests';

type Input<S extends z.ZodType> = z.input<S>;

export function fileCalls(http: Http) {
  const send = async <A extends z.ZodType>(
    entry: { method: HttpMethod; path: string; answer: A },
    schema: z.ZodType,
    input: unknown,
  ): Promise<z.output<A>> => {
    const checked = validate(schema, input) as Record<string, unknown>;
    // Query strings carry strings; the schema's defaults (download=false) need not be sent.
    const query = Object.fromEntries(
      Object.entries(checked).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    );
    const answer =
      entry.method === 'POST' || entry.method === 'PUT'
        ? await http({ method: entry.method, path: entry.path, json: checked })
        : await http({ method: entry.method, path: entry.path, query });
    return readData(entry.answer, answer.data);
  };
  return {
    async fileBuckets(): Promise<FileBuckets> {
      return readData(
        filesContract.fileBuckets.answer,
        (await http({ method: 'GET', path: filesContract.fileBuckets.path })).data,
      );
    },
    listFiles: (input: Input<typeof fileListQuerySchema>): Promise<FileListing> =>
      send(filesContract.listFiles, fileListQuerySchema, input),
    createFolder: (input: Input<typeof createFolderRequestSchema>): Promise<FileEntry> =>
      send(filesContract.createFolder, createFolderRequestSchema, input),
    uploadTicket: (input: Input<typeof uploadTicketRequestSchema>): Promise<UploadTicket> =>
      send(filesContract.uploadTicket, uploadTicketRequestSchema, input),
    /** GET /v1/files/url (`fileUrl` is the client's download-path helper). */
    presignedFileUrl: (input: Input<typeof fileUrlQuerySchema>): Promise<FileUrl> =>
      send(filesContract.fileUrl, fileUrlQuerySchema, input),
    moveFile: (input: Input<typeof moveFileRequestSchema>): Promise<FileEntry> =>
      send(filesContract.moveFile, moveFileRequestSchema, input),
    deleteFile: (input: Input<typeof deleteFileQuerySchema>): Promise<{ deleted: number }> =>
      send(filesContract.deleteFile, deleteFileQuerySchema, input),
    useFileInCreative: (input: Input<typeof useFileRequestSchema>): Promise<Asset> =>
      send(filesContract.useFileInCreative, useFileRequestSchema, input),
  };
}
