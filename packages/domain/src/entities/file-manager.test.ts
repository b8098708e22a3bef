import { describe, expect, it } from 'vitest';
import { directoryFromHash, fileManagerPresets, fileManagerSettingsSchema } from './file-manager';

describe('file manager settings (spec section 3)', () => {
  it("offers a US and an Asia-Pacific preset, both with delimiter '/'", () => {
    expect(fileManagerPresets.us.region).toMatch(/^us-/);
    expect(fileManagerPresets.asiaPacific.region).toMatch(/^ap-/);
    for (const preset of Object.values(fileManagerPresets)) expect(preset.delimiter).toBe('/');
  });

  it('holds region, bucket, remembered buckets, delimiter, identity pool and current directory', () => {
    const settings = fileManagerSettingsSchema.parse({
      region: 'us-east-1',
      bucket: 'media',
      identityPoolId: 'pool',
    });
    expect(settings).toEqual({
      region: 'us-east-1',
      bucket: 'media',
      rememberedBuckets: [],
      delimiter: '/',
      identityPoolId: 'pool',
      currentDirectory: '',
    });
    expect(fileManagerSettingsSchema.safeParse({ ...settings, delimiter: '\\' }).success).toBe(false);
  });

  it('takes the current directory from the path in the page hash', () => {
    expect(directoryFromHash('#/photos/2024')).toBe('photos/2024/');
    expect(directoryFromHash('#/My%20Files/')).toBe('My Files/');
    expect(directoryFromHash('')).toBe('');
    expect(directoryFromHash('#/')).toBe('');
  });
});
