// One storage interface for uploaded assets and generated files: local disk under DATA_DIR/files by
// default, any S3-compatible store through @aws-sdk/client-s3 when the S3 variables are set. Bytes
// stream in and out (a video is never held whole in memory), and reads can take a byte range.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';

/** Bytes `start` to `end`, both included (HTTP's Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /** Stores the bytes; nothing is visible under `key` until all of them are written. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The whole object (small generated files only), or undefined when the key does not exist. */
  get(key: string): Promise<Buffer | undefined>;
  /** A stream of the object or of one byte range of it; undefined when the key does not exist. */
  open(key: string, range?: ByteRange): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
}

const safeKey = (key: string) => {
  const parts = key.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`Unsafe storage key: ${key}`);
  return parts;
};

const notFound = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createDiskStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, ...safeKey(key));
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed into place: a failed or cut-off upload leaves nothing.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async open(key, range) {
      const stream = createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
      // Surface a missing file as undefined rather than as a stream error after the headers went out.
      return new Promise((resolvePromise, reject) => {
        stream.once('open', () => resolvePromise(stream));
        stream.once('error', (error) => (notFound(error) ? resolvePromise(undefined) : reject(error)));
      });
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

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

export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): Storage {
  const open = async (key: string, range?: ByteRange) => {
    safeKey(key);
    try {
      const result = await client.send(
        new GetObjectCommand({
          Bucket: config.bucket,
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
    async put(key, body, contentType) {
      safeKey(key);
      // Multipart upload for streams of unknown length; S3 shows the object only once it completes.
      await new Upload({
        client,
        params: { Bucket: config.bucket, Key: key, Body: body, ContentType: contentType },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      }).done();
    },
    async get(key) {
      const stream = await open(key);
      if (!stream) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    open,
    async delete(key) {
      safeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
