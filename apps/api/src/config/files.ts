// The environment of stored files: the S3 store (S3_*; unset, files stay under DATA_DIR) and the file
// manager's buckets and limits (FILE_MANAGER_*).
import { z } from 'zod';
import { ConfigError, optional, urlString, wholeNumber } from './env';

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/**
 * The file manager's buckets (FILE_MANAGER_BUCKETS, the first is the default) and their region. On
 * S3 they are buckets of the S3_* store; on the embedded default, folders under DATA_DIR/buckets.
 */
export interface FileManagerConfig {
  buckets: string[];
  region: string;
  /** Bytes a user's space may hold (FILE_MANAGER_QUOTA_MB); null: no quota. */
  quotaBytes: number | null;
  /** Upload tickets one user may take a minute (FILE_MANAGER_UPLOADS_PER_MINUTE); 0: no limit. */
  uploadsPerMinute: number;
  /** The most keys one folder move or delete touches (FILE_MANAGER_FOLDER_KEY_LIMIT). */
  folderKeyLimit: number;
}

const bucketNamePattern = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export const filesEnv = z.object({
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional.pipe(urlString(['http:', 'https:']).optional()),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  FILE_MANAGER_BUCKETS: optional.pipe(
    z
      .string()
      .refine(
        (value) => value.split(',').every((name) => bucketNamePattern.test(name.trim())),
        'must be a comma-separated list of bucket names (3-63 lowercase letters, digits, dots and dashes)',
      )
      .optional(),
  ),
  FILE_MANAGER_QUOTA_MB: wholeNumber(0, 1_048_576),
  FILE_MANAGER_UPLOADS_PER_MINUTE: wholeNumber(0, 10_000),
  FILE_MANAGER_FOLDER_KEY_LIMIT: wholeNumber(1, 1_000_000),
});

type FilesEnv = z.infer<typeof filesEnv>;

/** The S3 store, or undefined when no S3_* variable is set; S3_BUCKET and both keys or neither required. */
export function s3Config(e: FilesEnv): S3Config | undefined {
  const s3Vars = [e.S3_BUCKET, e.S3_REGION, e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Vars.every((value) => value === undefined)) return undefined;
  if (e.S3_BUCKET === undefined)
    throw new ConfigError('S3_BUCKET', 'is required when any S3_* variable is set');
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}

/** FILE_MANAGER_* read; the buckets default to the S3 store's bucket, or `files` on the embedded store. */
export function fileManagerConfig(e: FilesEnv, s3: S3Config | undefined): FileManagerConfig {
  const quotaMb = e.FILE_MANAGER_QUOTA_MB ?? 1024;
  return {
    buckets: e.FILE_MANAGER_BUCKETS
      ? [...new Set(e.FILE_MANAGER_BUCKETS.split(',').map((name) => name.trim()))]
      : [s3?.bucket ?? 'files'],
    region: s3?.region ?? 'us-east-1',
    quotaBytes: quotaMb === 0 ? null : quotaMb * 1024 * 1024,
    uploadsPerMinute: e.FILE_MANAGER_UPLOADS_PER_MINUTE ?? 60,
    folderKeyLimit: e.FILE_MANAGER_FOLDER_KEY_LIMIT ?? 10_000,
  };
}
