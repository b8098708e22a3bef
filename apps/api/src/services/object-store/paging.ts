// A listing's pages: S3's key order and the cursor that says where the next page starts, the same on
// both back ends.
import { ApiError, MESSAGES } from '@adconsole/domain';

/** S3's key order: by UTF-8 bytes (JavaScript's < compares UTF-16 units, which differs above U+FFFF). */
export const byKeyOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * A listing's cursor: `a`, the last name shown (relative to the listed prefix, a folder's with '/'),
 * and on S3 `t`, its continuation token. Base64url JSON, opaque to the caller; the listing's own
 * prefix still bounds what a forged cursor can reach.
 */
export interface Cursor {
  a: string;
  t?: string;
}

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The cursor a page was asked with; a malformed one is the caller's mistake (400). */
export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (text === undefined) return undefined;
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    cursor = undefined;
  }
  const { a, t } = (cursor ?? {}) as Partial<Record<keyof Cursor, unknown>>;
  if (typeof a !== 'string' || (t !== undefined && typeof t !== 'string'))
    throw ApiError.of(400, MESSAGES.folderPageTokenInvalid);
  return t === undefined ? { a } : { a, t };
}
