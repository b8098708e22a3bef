// What the file manager says when a name, a path, a size or a limit is refused.
import { FILE_MANAGER_MAX_BYTES, MAX_FILE_NAME_LENGTH } from './limits';

export const FILE_MANAGER_MESSAGES = {
  nameMissing: 'Fill in a name.',
  nameHasSlash: 'A name cannot contain "/".',
  nameHasDots: 'A name cannot contain "..".',
  nameHasControl: 'A name cannot contain control characters.',
  nameTooLong: `A name can be at most ${MAX_FILE_NAME_LENGTH} characters long.`,
  notFound: 'This file or folder does not exist (any more).',
  unknownBucket: 'This bucket is not offered here.',
  folderIntoItself: 'A folder cannot be moved into itself.',
  badPageToken: 'This page of the folder is no longer valid: open the folder again.',
  notAFile: 'A folder cannot be an asset: choose a file.',
} as const;

export const nameTakenMessage = (name: string) => `A file or folder named "${name}" already exists here.`;
export const fileTooLargeMessage = (name: string) =>
  `${name} is too large: files can be at most ${FILE_MANAGER_MAX_BYTES / 1024 / 1024} MB.`;

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** A size as the file manager's messages write it: '512 B', '4 KB', '950.2 MB', '1 GB' (1 KB = 1,024 B). */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

export const uploadQuotaMessage = (upload: {
  name: string;
  size: number;
  used: number;
  quotaBytes: number;
}) =>
  `${upload.name} (${fileSizeText(upload.size)}) does not fit in the storage quota: ${fileSizeText(upload.used)} of ${fileSizeText(upload.quotaBytes)} are used. Delete files to make room.`;

/** The answer to an upload beyond the rate limit (`seconds`: until the next upload is taken). */
export const uploadRateMessage = (perMinute: number, seconds: number) =>
  `Too many uploads: at most ${perMinute.toLocaleString('en-US')} file${perMinute === 1 ? '' : 's'} a minute. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** The answer to moving or deleting a folder with more keys than one call may touch. */
export const folderTooLargeMessage = (name: string, limit: number) =>
  `${name} holds more than ${limit.toLocaleString('en-US')} files and folders, more than one move or delete may touch: move or delete the folders inside it first.`;
