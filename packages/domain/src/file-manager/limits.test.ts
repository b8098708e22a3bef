import { describe, expect, it } from 'vitest';
import { fileListQuerySchema } from '../api/files/requests';
import { fileSizeText, folderTooLargeMessage, MESSAGES, uploadRateMessage } from '../validation/messages';
import { fileListingSchema } from './entries';
import { FILE_LIST_MAX_PAGE_SIZE, FILE_LIST_PAGE_SIZE } from './limits';
import { uploadQuotaProblem } from './quota';

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
    expect(forged.error?.issues[0]?.message).toBe(MESSAGES.folderPageTokenInvalid);
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
