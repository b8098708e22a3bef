// Paths and names in the file manager: which names are allowed, directories and paths as the API reads
// them (never climbing out with '..'), and the console's page hash and breadcrumbs of a directory.
import { z } from 'zod/mini';
import { MAX_FILE_NAME_LENGTH } from '../constants';
import { MESSAGES } from '../validation/messages';
import { FILE_MANAGER_DELIMITER } from './limits';

/** The current directory from the page hash: '#/photos/2024/' -> 'photos/2024/'. */
export function directoryFromHash(hash: string): string {
  const path = decodeURIComponent(hash.replace(/^#/, '')).replace(/^\/+/, '');
  if (path === '') return '';
  return path.endsWith(FILE_MANAGER_DELIMITER) ? path : `${path}${FILE_MANAGER_DELIMITER}`;
}

/** Why a file or folder name cannot be used, or undefined when it can ('/' and '..' never can). */
export function fileNameProblem(name: string): string | undefined {
  if (name.trim() === '') return MESSAGES.fileNameMissing;
  if (name.includes('/') || name.includes('\\')) return MESSAGES.fileNameHasSlash;
  if (name.includes('..') || name === '.') return MESSAGES.fileNameHasDots;
  // Bytes, as file systems and object stores count them (255 UTF-16 units can be 765 bytes).
  if (new TextEncoder().encode(name).length > MAX_FILE_NAME_LENGTH) return MESSAGES.fileNameTooLong;
  // Control characters (NUL among them) have no place in a key or a header.
  if (/\p{Cc}/u.test(name)) return MESSAGES.fileNameHasControl;
  return undefined;
}

/** A name as a zod field: trimmed, with the file manager's messages. */
export const fileNameField = z.string({ error: MESSAGES.fileNameMissing }).check(
  z.trim(),
  z.superRefine((name, ctx) => {
    const problem = fileNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** The segments of a path ('photos/2026/' -> ['photos', '2026']); undefined when one is not a valid name. */
export function pathSegments(path: string): string[] | undefined {
  const segments = path.split(FILE_MANAGER_DELIMITER).filter((segment) => segment !== '');
  return segments.every((segment) => fileNameProblem(segment) === undefined) ? segments : undefined;
}

/** Why a path cannot be used: the problem of its first bad name. */
const pathProblem = (path: string): string =>
  path
    .split(FILE_MANAGER_DELIMITER)
    .filter((segment) => segment !== '')
    .map(fileNameProblem)
    .find((problem) => problem !== undefined) ?? MESSAGES.fileEntryNotFound;

/** A directory as the file manager writes it: '' for the top, else segments with a trailing '/'. */
export const directoryField = z.pipe(
  z._default(z.string().check(z.maxLength(2048)), ''),
  z.transform((path: string, ctx) => {
    const segments = pathSegments(path);
    if (!segments) {
      ctx.issues.push({ code: 'custom', message: pathProblem(path), input: path });
      return z.NEVER;
    }
    return segments.map((segment) => `${segment}${FILE_MANAGER_DELIMITER}`).join('');
  }),
);

/** A file or folder path (a folder's ends with '/'), never empty, never climbing with '..'. */
export const entryPathField = z.pipe(
  z
    .string({ error: MESSAGES.fileEntryNotFound })
    .check(z.minLength(1, MESSAGES.fileEntryNotFound), z.maxLength(2048)),
  z.transform((path: string, ctx) => {
    const segments = pathSegments(path);
    if (!segments || segments.length === 0) {
      ctx.issues.push({ code: 'custom', message: pathProblem(path), input: path });
      return z.NEVER;
    }
    return `${segments.join(FILE_MANAGER_DELIMITER)}${path.endsWith(FILE_MANAGER_DELIMITER) ? FILE_MANAGER_DELIMITER : ''}`;
  }),
);

/** The page hash of a directory: 'photos/2026/' -> '#/photos/2026/' (each name URL-encoded). */
export function hashOfDirectory(directory: string): string {
  const segments = directory.split(FILE_MANAGER_DELIMITER).filter((segment) => segment !== '');
  return `#/${segments.map((segment) => `${encodeURIComponent(segment)}/`).join('')}`;
}

/** The breadcrumbs of a directory: the top, then each folder down to it. */
export function directoryCrumbs(
  directory: string,
  topLabel = 'Files',
): { label: string; directory: string }[] {
  const segments = directory.split(FILE_MANAGER_DELIMITER).filter((segment) => segment !== '');
  return [
    { label: topLabel, directory: '' },
    ...segments.map((segment, index) => ({
      label: segment,
      directory: `${segments.slice(0, index + 1).join(FILE_MANAGER_DELIMITER)}${FILE_MANAGER_DELIMITER}`,
    })),
  ];
}

/** The last name of a path ('a/b/c.png' -> 'c.png', 'a/b/' -> 'b'). */
export const entryName = (path: string): string =>
  path
    .split(FILE_MANAGER_DELIMITER)
    .filter((segment) => segment !== '')
    .pop() ?? '';

/** The directory holding a path ('a/b/c.png' -> 'a/b/', 'a/' -> ''). */
export function parentDirectory(path: string): string {
  const segments = path.split(FILE_MANAGER_DELIMITER).filter((segment) => segment !== '');
  return segments
    .slice(0, -1)
    .map((segment) => `${segment}${FILE_MANAGER_DELIMITER}`)
    .join('');
}
