// The object store the configuration names: S3 when S3_* is set, else folders under DATA_DIR.
import path from 'node:path';
import type { Config } from '../../config';
import { createDiskObjectStore, type DiskObjectStore } from './disk';
import { createS3Client, createS3ObjectStore } from './s3';
import { inBucket, type ObjectBucket, type ObjectStore } from './store';

export interface ObjectStores {
  /** The bucket of uploaded assets and generated files: S3_BUCKET, or DATA_DIR/files. */
  storage: ObjectBucket;
  /** The file manager's buckets: those of the S3 store, or the folders of DATA_DIR/buckets. */
  files: ObjectStore;
  /** The same disk store when the file manager is on disk (the API answers its signed URLs). */
  diskFiles: DiskObjectStore | undefined;
}

/** One S3 client for both on S3; `secret` signs the disk store's URLs. */
export function openObjectStores(config: Config, secret: Buffer): ObjectStores {
  if (config.s3) {
    const s3 = createS3ObjectStore(createS3Client(config.s3));
    return { storage: inBucket(s3, config.s3.bucket), files: s3, diskFiles: undefined };
  }
  const buckets = createDiskObjectStore(path.join(config.dataDir, 'buckets'), secret);
  return {
    storage: inBucket(createDiskObjectStore(config.dataDir, secret), 'files'),
    files: buckets,
    diskFiles: buckets,
  };
}
