// The file manager's calls of the contract: the API lists and presigns; the browser moves the bytes
// to and from storage.
import { z } from 'zod/mini';
import { assetSchema } from '../../campaigns/asset';
import {
  fileBucketsSchema,
  fileEntrySchema,
  fileListingSchema,
  fileUrlSchema,
  uploadTicketSchema,
} from '../../file-manager/entries';
import { call } from '../call';
import {
  createFolderRequestSchema,
  deleteFileQuerySchema,
  fileListQuerySchema,
  fileUrlQuerySchema,
  moveFileRequestSchema,
  uploadTicketRequestSchema,
  useFileRequestSchema,
} from './requests';

export const filesContract = {
  fileBuckets: call({ method: 'GET', path: '/v1/files/buckets', answer: fileBucketsSchema }),
  listFiles: call({
    method: 'GET',
    path: '/v1/files',
    input: fileListQuerySchema,
    answer: fileListingSchema,
  }),
  createFolder: call({
    method: 'POST',
    path: '/v1/files/folder',
    input: createFolderRequestSchema,
    answer: fileEntrySchema,
  }),
  uploadTicket: call({
    method: 'POST',
    path: '/v1/files/upload',
    input: uploadTicketRequestSchema,
    answer: uploadTicketSchema,
  }),
  fileUrl: call({ method: 'GET', path: '/v1/files/url', input: fileUrlQuerySchema, answer: fileUrlSchema }),
  moveFile: call({
    method: 'POST',
    path: '/v1/files/move',
    input: moveFileRequestSchema,
    answer: fileEntrySchema,
  }),
  deleteFile: call({
    method: 'DELETE',
    path: '/v1/files',
    input: deleteFileQuerySchema,
    answer: z.object({ deleted: z.number().check(z.int(), z.nonnegative()) }),
  }),
  useFileInCreative: call({
    method: 'POST',
    path: '/v1/files/use',
    input: useFileRequestSchema,
    answer: assetSchema,
  }),
} as const;
