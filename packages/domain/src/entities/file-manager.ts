// File manager settings (spec section 3): it works against cloud storage directly from the browser.
import { z } from 'zod';

export const FILE_MANAGER_DELIMITER = '/';

export const fileManagerSettingsSchema = z.object({
  region: z.string().min(1),
  bucket: z.string().min(1),
  rememberedBuckets: z.array(z.string()).default([]),
  delimiter: z.literal(FILE_MANAGER_DELIMITER).default(FILE_MANAGER_DELIMITER),
  identityPoolId: z.string(),
  currentDirectory: z.string().default(''),
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

/** The current directory from the page hash: '#/photos/2024/' -> 'photos/2024/'. */
export function directoryFromHash(hash: string): string {
  const path = decodeURIComponent(hash.replace(/^#/, '')).replace(/^\/+/, '');
  if (path === '') return '';
  return path.endsWith(FILE_MANAGER_DELIMITER) ? path : `${path}${FILE_MANAGER_DELIMITER}`;
}
