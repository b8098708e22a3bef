// File manager settings (docs/product.md §3): it works against cloud storage directly from the browser;
// the region, the bucket in use and the buckets chosen before, kept in the persisted settings.
// Built with `zod/mini`: part of the persisted settings every page reads on its first load.
import { z } from 'zod/mini';
import type { FileBuckets } from './entries';
import { FILE_MANAGER_DELIMITER } from './limits';

export const fileManagerSettingsSchema = z.object({
  region: z.string().check(z.minLength(1)),
  bucket: z.string().check(z.minLength(1)),
  rememberedBuckets: z._default(z.array(z.string()), []),
  delimiter: z._default(z.literal(FILE_MANAGER_DELIMITER), FILE_MANAGER_DELIMITER),
  identityPoolId: z.string(),
  currentDirectory: z._default(z.string(), ''),
});
export type FileManagerSettings = z.infer<typeof fileManagerSettingsSchema>;

/** The two region presets; bucket and identity pool are per deployment, so they start empty. */
export const fileManagerPresets = {
  us: {
    region: 'us-east-1',
    bucket: '',
    rememberedBuckets: [],
    delimiter: FILE_MANAGER_DELIMITER,
    identityPoolId: '',
    currentDirectory: '',
  },
  asiaPacific: {
    region: 'ap-southeast-1',
    bucket: '',
    rememberedBuckets: [],
    delimiter: FILE_MANAGER_DELIMITER,
    identityPoolId: '',
    currentDirectory: '',
  },
} as const satisfies Record<string, z.input<typeof fileManagerSettingsSchema>>;

export type FileManagerPresetKey = keyof typeof fileManagerPresets;

/** How the console names the presets' regions. */
export const FILE_MANAGER_PRESET_NAMES: Readonly<Record<FileManagerPresetKey, string>> = {
  us: 'US',
  asiaPacific: 'Asia-Pacific',
};

/** How many buckets the settings remember (most recent first). */
export const MAX_REMEMBERED_BUCKETS = 5;

/** The preset (US or Asia-Pacific) whose region this is, if any. */
export function fileManagerPresetOf(region: string): FileManagerPresetKey | undefined {
  return (Object.keys(fileManagerPresets) as FileManagerPresetKey[]).find(
    (key) => fileManagerPresets[key].region === region,
  );
}

/** A region as the console shows it: 'US (us-east-1)', 'Asia-Pacific (ap-southeast-1)', else its code. */
export function fileManagerRegionLabel(region: string): string {
  const preset = fileManagerPresetOf(region);
  return preset ? `${FILE_MANAGER_PRESET_NAMES[preset]} (${region})` : region;
}

/**
 * The settings a deployment's region starts from: its preset (US or Asia-Pacific) when it has one,
 * else the US preset moved to that region. No bucket is chosen yet.
 */
export function initialFileManagerSettings(region: string): FileManagerSettings {
  const preset = fileManagerPresets[fileManagerPresetOf(region) ?? 'us'];
  return { ...preset, region, rememberedBuckets: [] };
}

/**
 * The bucket to work in: the remembered choice while the deployment offers it, else the most recently
 * remembered bucket it offers, else its default (the first of FILE_MANAGER_BUCKETS). Never a bucket
 * the deployment does not offer.
 */
export function chosenFileBucket(
  settings: FileManagerSettings | null | undefined,
  offered: readonly [string, ...string[]],
): string;
export function chosenFileBucket(
  settings: FileManagerSettings | null | undefined,
  offered: readonly string[],
): string | undefined;
export function chosenFileBucket(
  settings: FileManagerSettings | null | undefined,
  offered: readonly string[],
): string | undefined {
  const candidates = settings ? [settings.bucket, ...settings.rememberedBuckets] : [];
  return candidates.find((bucket) => offered.includes(bucket)) ?? offered[0];
}

/**
 * The offered buckets in the picker's order: the remembered ones first (most recent first), then the
 * others in the deployment's order. Remembered buckets the deployment no longer offers are left out.
 */
export function orderFileBuckets(
  offered: readonly string[],
  remembered: readonly string[],
): { remembered: string[]; others: string[] } {
  const first = [...new Set(remembered)].filter((bucket) => offered.includes(bucket));
  return { remembered: first, others: offered.filter((bucket) => !first.includes(bucket)) };
}

/**
 * The settings after choosing a bucket: it becomes the bucket (in the deployment's region) and the
 * most recent of the remembered buckets (at most MAX_REMEMBERED_BUCKETS). A bucket the deployment does
 * not offer is never recorded: the settings stay as they were.
 */
export function chooseFileBucket(
  settings: FileManagerSettings | null | undefined,
  bucket: string,
  offered: Pick<FileBuckets, 'buckets' | 'region'>,
): FileManagerSettings | null {
  if (!offered.buckets.includes(bucket)) return settings ?? null;
  const base = settings ?? initialFileManagerSettings(offered.region);
  return {
    ...base,
    region: offered.region,
    bucket,
    rememberedBuckets: [bucket, ...base.rememberedBuckets.filter((name) => name !== bucket)].slice(
      0,
      MAX_REMEMBERED_BUCKETS,
    ),
  };
}
