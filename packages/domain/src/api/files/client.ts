// File manager calls: the API lists a directory and answers short-lived presigned URLs; the bytes go
// from the browser straight to storage with those URLs and back.
import type { Asset } from '../../campaigns/asset';
import type { FileBuckets, FileEntry, FileListing, FileUrl, UploadTicket } from '../../file-manager/entries';
import type { Http } from '../http';
import { type CallInput, send } from '../send';
import { filesContract } from './contract';

const {
  fileBuckets,
  listFiles,
  createFolder,
  uploadTicket,
  fileUrl,
  moveFile,
  deleteFile,
  useFileInCreative,
} = filesContract;

export function fileCalls(http: Http) {
  return {
    fileBuckets: (): Promise<FileBuckets> => send(http, fileBuckets, undefined),
    listFiles: (input: CallInput<typeof listFiles>): Promise<FileListing> => send(http, listFiles, input),
    createFolder: (input: CallInput<typeof createFolder>): Promise<FileEntry> =>
      send(http, createFolder, input),
    uploadTicket: (input: CallInput<typeof uploadTicket>): Promise<UploadTicket> =>
      send(http, uploadTicket, input),
    /** GET /v1/files/url (`fileUrl` is the client's download-path helper). */
    presignedFileUrl: (input: CallInput<typeof fileUrl>): Promise<FileUrl> => send(http, fileUrl, input),
    moveFile: (input: CallInput<typeof moveFile>): Promise<FileEntry> => send(http, moveFile, input),
    deleteFile: (input: CallInput<typeof deleteFile>): Promise<{ deleted: number }> =>
      send(http, deleteFile, input),
    useFileInCreative: (input: CallInput<typeof useFileInCreative>): Promise<Asset> =>
      send(http, useFileInCreative, input),
  };
}
