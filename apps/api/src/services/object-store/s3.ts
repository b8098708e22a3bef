// The S3 back end, through @aws-sdk/client-s3: any S3-compatible store. Objects go up as multipart
// uploads (streams of unknown length), folders are listed with ListObjectsV2 and the '/' delimiter,
// and the browser gets presigned PUT and GET URLs (@aws-sdk/s3-request-presigner).
import type { Readable } from 'node:stream';
import { ApiError, FILE_MANAGER_DELIMITER, MESSAGES, servedFileType } from '@adconsole/domain';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config/files';
import { byKeyOrder, decodeCursor, encodeCursor } from './paging';
import {
  type ByteRange,
  checkKey,
  DELETE_BATCH,
  dispositionOf,
  type ObjectStore,
  type StoredObject,
} from './store';

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
}

const missingKey = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/**
 * S3 has no paths: a key is checked (the same rule as on disk) where an object is written or read by
 * name; keys listed from the bucket are taken as they are.
 */
export function createS3ObjectStore(client: S3Client): ObjectStore {
  const listPage = (
    bucket: string,
    prefix: string,
    delimiter: string | undefined,
    token: string | undefined,
    maxKeys = 1000,
  ) =>
    client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        MaxKeys: maxKeys,
        ...(delimiter ? { Delimiter: delimiter } : {}),
        ...(token ? { ContinuationToken: token } : {}),
      }),
    );
  const open = async (bucket: string, key: string, range?: ByteRange) => {
    checkKey(key);
    try {
      const result = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return result.Body as Readable | undefined;
    } catch (error) {
      if (missingKey(error)) return undefined;
      throw error;
    }
  };
  return {
    async put(bucket, key, body, contentType) {
      checkKey(key);
      // Multipart upload for streams of unknown length; S3 shows the object only once it completes.
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: contentType },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      }).done();
    },
    async get(bucket, key) {
      const stream = await open(bucket, key);
      if (!stream) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    open,
    async list(bucket, prefix, { size, cursor: given }) {
      const cursor = decodeCursor(given);
      const after = cursor?.a;
      const shown = (key: string) => after === undefined || byKeyOrder(key.slice(prefix.length), after) > 0;
      const folders: string[] = [];
      const files: StoredObject[] = [];
      let token = cursor?.t;
      // S3 never repeats a key across pages; s3rver repeats folders (it counts only objects against
      // MaxKeys and continues after the last object), so what the page before showed is skipped, and
      // a page left empty by that asks for the next one.
      do {
        let page: Awaited<ReturnType<typeof listPage>>;
        try {
          page = await listPage(bucket, prefix, FILE_MANAGER_DELIMITER, token, size);
        } catch (error) {
          if (token && (error as { name?: string }).name === 'InvalidArgument')
            throw ApiError.of(400, MESSAGES.folderPageTokenInvalid);
          throw error;
        }
        for (const common of page.CommonPrefixes ?? [])
          if (common.Prefix && shown(common.Prefix)) folders.push(common.Prefix);
        for (const object of page.Contents ?? []) {
          // The folder's own marker is not one of its files.
          if (!object.Key || object.Key === prefix || !shown(object.Key)) continue;
          files.push({ key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? null });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token && folders.length + files.length === 0);
      const last = [...folders, ...files.map((file) => file.key)]
        .map((key) => key.slice(prefix.length))
        .sort(byKeyOrder)
        .at(-1);
      return {
        folders,
        files,
        cursor: token ? encodeCursor({ a: last ?? after ?? '', t: token }) : undefined,
      };
    },
    async *objects(bucket, prefix) {
      let token: string | undefined;
      do {
        const page = await listPage(bucket, prefix, undefined, token);
        for (const object of page.Contents ?? [])
          if (object.Key)
            yield { key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? null };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async head(bucket, key) {
      // A listing rather than HeadObject: a folder exists when anything lies under its key (S3 has no
      // folders, only prefixes), and s3rver fails on HeadObject of a key that is also a folder. One
      // key is enough: a file's own key comes before every other key it begins.
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: key,
          Delimiter: FILE_MANAGER_DELIMITER,
          MaxKeys: 1,
        }),
      );
      if (key.endsWith(FILE_MANAGER_DELIMITER)) {
        const found = (page.Contents?.length ?? 0) > 0 || (page.CommonPrefixes?.length ?? 0) > 0;
        return found ? { key, size: 0, modified: null } : undefined;
      }
      const object = page.Contents?.find((item) => item.Key === key);
      return object ? { key, size: object.Size ?? 0, modified: object.LastModified ?? null } : undefined;
    },
    async createFolder(bucket, key) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: new Uint8Array(0), ContentLength: 0 }),
      );
    },
    async copy(bucket, from, to) {
      const source = `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: source }));
    },
    async delete(bucket, keys) {
      // DeleteObjects takes at most 1,000 keys a call; in quiet mode it answers only the failures.
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0)
          throw new Error(
            `S3 kept ${failed.length} of ${batch.length} keys it was asked to delete (first: ${failed[0]?.Key}: ${failed[0]?.Code} ${failed[0]?.Message})`,
          );
      }
    },
    async presignPut(bucket, key, contentType, size, seconds) {
      // Content-Type and Content-Length are signed: the browser must send exactly these.
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: size }),
        { expiresIn: seconds, signableHeaders: new Set(['content-type', 'content-length']) },
      );
      return { url, headers: { 'Content-Type': contentType } };
    },
    presignGet(bucket, key, { download, filename, seconds }) {
      const served = servedFileType(key, download);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentType: served.contentType,
          ResponseContentDisposition: dispositionOf(served.inline, filename),
        }),
        { expiresIn: seconds },
      );
    },
  };
}
