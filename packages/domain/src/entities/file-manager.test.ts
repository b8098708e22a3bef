import { describe, expect, it } from 'vitest';
import { fileListQuerySchema } from '../api/files/requests';
import {
  chooseFileBucket,
  chosenFileBucket,
  contentTypeOfName,
  directoryCrumbs,
  directoryField,
  directoryFromHash,
  entryName,
  entryPathField,
  FILE_LIST_MAX_PAGE_SIZE,
  FILE_LIST_PAGE_SIZE,
  FILE_MANAGER_MESSAGES,
  fileListingSchema,
  fileManagerPresetOf,
  fileManagerPresets,
  fileManagerRegionLabel,
  fileManagerSettingsSchema,
  fileNameProblem,
  fileSizeText,
  fileTooLargeMessage,
  folderTooLargeMessage,
  hashOfDirectory,
  initialFileManagerSettings,
  MAX_REMEMBERED_BUCKETS,
  orderFileBuckets,
  parentDirectory,
  previewKind,
  servedFileType,
  sortFileEntries,
  uploadQuotaProblem,
  uploadRateMessage,
} from './file-manager';
import { defaultSettings, loadSettings } from './settings';

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

describe('file manager paths and names', () => {
  it('refuses names with "/" or ".." and empty names, with clear messages', () => {
    expect(fileNameProblem('photos/2026')).toBe(FILE_MANAGER_MESSAGES.nameHasSlash);
    expect(fileNameProblem('..')).toBe(FILE_MANAGER_MESSAGES.nameHasDots);
    expect(fileNameProblem('a..b')).toBe(FILE_MANAGER_MESSAGES.nameHasDots);
    expect(fileNameProblem('  ')).toBe(FILE_MANAGER_MESSAGES.nameMissing);
    expect(fileNameProblem('x'.repeat(256))).toBe(FILE_MANAGER_MESSAGES.nameTooLong);
    expect(fileNameProblem('banner v2.png')).toBeUndefined();
  });

  it('reads directories and paths without ever climbing out', () => {
    expect(directoryField.parse('photos//2026')).toBe('photos/2026/');
    expect(directoryField.parse(undefined)).toBe('');
    expect(directoryField.safeParse('photos/../../etc').error?.issues[0]?.message).toBe(
      FILE_MANAGER_MESSAGES.nameHasDots,
    );
    expect(entryPathField.parse('photos/a.png')).toBe('photos/a.png');
    expect(entryPathField.parse('/photos/')).toBe('photos/');
    expect(entryPathField.safeParse('/').success).toBe(false);
  });

  it('writes the hash of a directory and its breadcrumbs, the inverse of directoryFromHash', () => {
    expect(hashOfDirectory('My Files/2026/')).toBe('#/My%20Files/2026/');
    expect(directoryFromHash(hashOfDirectory('My Files/2026/'))).toBe('My Files/2026/');
    expect(hashOfDirectory('')).toBe('#/');
    expect(directoryCrumbs('photos/2026/')).toEqual([
      { label: 'Files', directory: '' },
      { label: 'photos', directory: 'photos/' },
      { label: '2026', directory: 'photos/2026/' },
    ]);
    expect(entryName('photos/2026/')).toBe('2026');
    expect(parentDirectory('photos/2026/a.png')).toBe('photos/2026/');
    expect(parentDirectory('photos/')).toBe('');
  });

  it('lists folders first, then files by the chosen column', () => {
    const entry = (name: string, kind: 'file' | 'folder', size: number | null = null) => ({
      name,
      path: name,
      kind,
      size,
      contentType: kind === 'file' ? contentTypeOfName(name) : null,
      modified: null,
    });
    const entries = [
      entry('b.png', 'file', 5),
      entry('z', 'folder'),
      entry('a10.mp4', 'file', 1),
      entry('a9.mp4', 'file', 9),
    ];
    expect(sortFileEntries(entries, 'name').map((e) => e.name)).toEqual(['z', 'a9.mp4', 'a10.mp4', 'b.png']);
    expect(sortFileEntries(entries, 'size', 'desc').map((e) => e.name)).toEqual([
      'z',
      'a9.mp4',
      'b.png',
      'a10.mp4',
    ]);
    expect(sortFileEntries(entries, 'type').map((e) => e.name)).toEqual(['z', 'b.png', 'a9.mp4', 'a10.mp4']);
  });

  it('previews PNG, JPEG, GIF, WebP images and MP4, WebM video only (never SVG)', () => {
    expect(previewKind(contentTypeOfName('a.JPG'))).toBe('image');
    expect(previewKind(contentTypeOfName('a.webm'))).toBe('video');
    expect(previewKind(contentTypeOfName('a.svg'))).toBeUndefined();
    expect(fileTooLargeMessage('big.mp4')).toBe('big.mp4 is too large: files can be at most 200 MB.');
  });

  it('serves what it previews in place with its type, and everything else as an octet-stream attachment', () => {
    expect(servedFileType('photos/a.png', false)).toEqual({ contentType: 'image/png', inline: true });
    expect(servedFileType('photos/a.png', true)).toEqual({ contentType: 'image/png', inline: false });
    for (const name of ['page.html', 'logo.svg', 'tool.js', 'report.pdf', 'noextension'])
      expect(servedFileType(name, false)).toEqual({ contentType: 'application/octet-stream', inline: false });
  });
});

describe('file manager limits: listing pages, storage quota, upload rate, folder size', () => {
  it('lists 200 entries a page unless asked, at most 1,000, and continues from the token it answered', () => {
    expect(fileListQuerySchema.parse({ directory: 'photos' })).toEqual({
      directory: 'photos/',
      pageSize: FILE_LIST_PAGE_SIZE,
    });
    expect(FILE_LIST_PAGE_SIZE).toBe(200);
    expect(fileListQuerySchema.parse({ pageSize: '1000', token: 'eyJhIjoiYi5wbmcifQ' })).toMatchObject({
      pageSize: FILE_LIST_MAX_PAGE_SIZE,
      token: 'eyJhIjoiYi5wbmcifQ',
    });
    expect(fileListQuerySchema.safeParse({ pageSize: '1001' }).success).toBe(false);
    expect(fileListQuerySchema.safeParse({ pageSize: '0' }).success).toBe(false);
    const forged = fileListQuerySchema.safeParse({ token: 'not a token!' });
    expect(forged.error?.issues[0]?.message).toBe(FILE_MANAGER_MESSAGES.badPageToken);
  });

  it('answers nextToken null on the last page (and reads an answer without it as the last page)', () => {
    const page = { bucket: 'files', directory: '', entries: [] };
    expect(fileListingSchema.parse(page).nextToken).toBeNull();
    expect(fileListingSchema.parse({ ...page, nextToken: 'abc' }).nextToken).toBe('abc');
  });

  it('writes sizes in B, KB, MB and GB, one decimal at most', () => {
    expect(fileSizeText(512)).toBe('512 B');
    expect(fileSizeText(4096)).toBe('4 KB');
    expect(fileSizeText(996_352_410)).toBe('950.2 MB');
    expect(fileSizeText(1024 ** 3)).toBe('1 GB');
  });

  it('takes an upload that fits the quota, up to exactly the quota, and refuses one byte more', () => {
    const quotaBytes = 1024 ** 3;
    expect(uploadQuotaProblem({ name: 'a.mp4', size: 100, used: 0, quotaBytes })).toBeUndefined();
    expect(uploadQuotaProblem({ name: 'a.mp4', size: 1024, used: quotaBytes - 1024, quotaBytes })).toBe(
      undefined,
    );
    expect(
      uploadQuotaProblem({ name: 'a.mp4', size: 1025, used: quotaBytes - 1024, quotaBytes }),
    ).toBeDefined();
  });

  it('says how much of the quota is used, the quota and the size of the refused file', () => {
    expect(
      uploadQuotaProblem({ name: 'teaser.mp4', size: 125_829_120, used: 996_352_410, quotaBytes: 1024 ** 3 }),
    ).toBe(
      'teaser.mp4 (120 MB) does not fit in the storage quota: 950.2 MB of 1 GB are used. Delete files to make room.',
    );
  });

  it('says how many uploads a minute are taken and when to try again', () => {
    expect(uploadRateMessage(60, 23)).toBe(
      'Too many uploads: at most 60 files a minute. Try again in 23 seconds.',
    );
    expect(uploadRateMessage(1, 1)).toBe('Too many uploads: at most 1 file a minute. Try again in 1 second.');
  });

  it('refuses a folder move or delete above the key limit with the folder name and the limit', () => {
    expect(folderTooLargeMessage('archive', 10_000)).toBe(
      'archive holds more than 10,000 files and folders, more than one move or delete may touch: move or delete the folders inside it first.',
    );
  });
});
