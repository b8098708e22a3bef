import { describe, expect, it } from 'vitest';
import { defaultSettings, loadSettings } from '../app/settings';
import { directoryFromHash } from './paths';
import {
  chooseFileBucket,
  chosenFileBucket,
  fileManagerPresetOf,
  fileManagerPresets,
  fileManagerRegionLabel,
  fileManagerSettingsSchema,
  initialFileManagerSettings,
  MAX_REMEMBERED_BUCKETS,
  orderFileBuckets,
} from './settings';

describe('file manager settings (docs/product.md §3)', () => {
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

describe('file manager settings: region, bucket and remembered buckets (docs/product.md §3)', () => {
  const offered = { buckets: ['media', 'archive', 'exports'], region: 'us-east-1' };

  it('names the US and Asia-Pacific preset regions, and starts a deployment from its preset', () => {
    expect(fileManagerPresetOf('us-east-1')).toBe('us');
    expect(fileManagerPresetOf('ap-southeast-1')).toBe('asiaPacific');
    expect(fileManagerPresetOf('eu-west-1')).toBeUndefined();
    expect(fileManagerRegionLabel('us-east-1')).toBe('US (us-east-1)');
    expect(fileManagerRegionLabel('ap-southeast-1')).toBe('Asia-Pacific (ap-southeast-1)');
    expect(fileManagerRegionLabel('eu-west-1')).toBe('eu-west-1');
    expect(initialFileManagerSettings('ap-southeast-1')).toEqual({ ...fileManagerPresets.asiaPacific });
    expect(initialFileManagerSettings('eu-west-1')).toEqual({
      ...fileManagerPresets.us,
      region: 'eu-west-1',
    });
  });

  it("works in the deployment's first bucket until one is chosen", () => {
    expect(chosenFileBucket(null, offered.buckets)).toBe('media');
    expect(chosenFileBucket(undefined, ['files'])).toBe('files');
    expect(chosenFileBucket(null, [])).toBeUndefined();
  });

  it('remembers the chosen bucket and its region, most recent first', () => {
    const first = chooseFileBucket(null, 'archive', offered);
    expect(first).toMatchObject({ region: 'us-east-1', bucket: 'archive', rememberedBuckets: ['archive'] });
    const second = chooseFileBucket(first, 'exports', offered);
    expect(second).toMatchObject({ bucket: 'exports', rememberedBuckets: ['exports', 'archive'] });
    expect(chooseFileBucket(second, 'archive', offered)?.rememberedBuckets).toEqual(['archive', 'exports']);
    expect(chosenFileBucket(second, offered.buckets)).toBe('exports');
  });

  it('remembers at most MAX_REMEMBERED_BUCKETS buckets', () => {
    const many = { buckets: Array.from({ length: 8 }, (_, i) => `bucket-${i}`), region: 'us-east-1' };
    let settings = null as ReturnType<typeof chooseFileBucket>;
    for (const bucket of many.buckets) settings = chooseFileBucket(settings, bucket, many);
    expect(settings?.rememberedBuckets).toEqual(['bucket-7', 'bucket-6', 'bucket-5', 'bucket-4', 'bucket-3']);
    expect(settings?.rememberedBuckets).toHaveLength(MAX_REMEMBERED_BUCKETS);
  });

  it('never records or picks a bucket the deployment does not offer', () => {
    const chosen = chooseFileBucket(null, 'archive', offered);
    expect(chooseFileBucket(chosen, 'elsewhere', offered)).toBe(chosen);
    expect(chooseFileBucket(null, 'elsewhere', offered)).toBeNull();
    // The remembered choice is no longer offered: the most recent remembered one that is, else the default.
    const stored = {
      ...initialFileManagerSettings('us-east-1'),
      bucket: 'gone',
      rememberedBuckets: ['gone', 'exports'],
    };
    expect(chosenFileBucket(stored, offered.buckets)).toBe('exports');
    expect(chosenFileBucket({ ...stored, rememberedBuckets: ['gone'] }, offered.buckets)).toBe('media');
  });

  it('lists the remembered buckets first, then the others in the deployment order', () => {
    expect(orderFileBuckets(offered.buckets, ['exports', 'gone', 'exports'])).toEqual({
      remembered: ['exports'],
      others: ['media', 'archive'],
    });
    expect(orderFileBuckets(offered.buckets, [])).toEqual({ remembered: [], others: offered.buckets });
  });

  it('takes the region from the deployment when a bucket is chosen', () => {
    const before = chooseFileBucket(null, 'media', offered);
    const moved = chooseFileBucket(before, 'media', { ...offered, region: 'ap-southeast-1' });
    expect(moved).toMatchObject({ region: 'ap-southeast-1', bucket: 'media' });
  });

  it('keeps the chosen bucket across a reload (in the persisted settings)', () => {
    const settings = { ...defaultSettings(), fileManager: chooseFileBucket(null, 'archive', offered) };
    const reloaded = loadSettings(JSON.stringify(settings));
    expect(reloaded.fileManager).toMatchObject({ bucket: 'archive', region: 'us-east-1' });
    expect(chosenFileBucket(reloaded.fileManager, offered.buckets)).toBe('archive');
  });

  it('drops unreadable file manager settings without losing the others', () => {
    const stored = { ...defaultSettings(), darkMode: true, fileManager: { bucket: 7 } };
    expect(loadSettings(stored)).toEqual({ ...defaultSettings(), darkMode: true, fileManager: null });
    expect(loadSettings({ ...defaultSettings(), fileManager: undefined }).fileManager).toBeNull();
  });
});
