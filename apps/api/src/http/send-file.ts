// Answers a stored file over HTTP: its type, length, caching, an ETag, a single byte range (206, as
// video seeking needs) or 416 for one outside it, and headers that keep any file from running as a
// page of the console's origin. Who may read the file is decided before (services/stored-files/file-rows.ts).
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ApiError, MESSAGES, previewKind } from '@adconsole/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import type { FileRow } from '../db/queries/files';
import type { ByteRange } from '../services/object-store/store';

/**
 * The byte range a `Range` header asks of a file of `size` bytes: undefined for the whole file (no
 * header, or one this server does not serve partially, such as several ranges), 'unsatisfiable' for a
 * range outside the file (416).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Types a browser shows in place (the domain's previewable images and videos); the rest is downloaded. */
const shownInline = (contentType: string) =>
  previewKind(contentType.split(';')[0]?.trim() ?? '') !== undefined;

/**
 * Streams a stored file as an answer: its type, length, caching, an ETag (a name never changes its
 * bytes), a single byte range with 206, 416 for a range outside it, and headers that keep any file
 * from running as a page of the console's origin.
 */
export async function sendFile(
  ctx: Pick<Context, 'storage'>,
  request: FastifyRequest,
  reply: FastifyReply,
  file: FileRow,
): Promise<FastifyReply> {
  const size = Number(file.size);
  const etag = `"${createHash('sha256').update(`${file.name}:${size}`).digest('base64url').slice(0, 27)}"`;
  const downloadName = (file.name.split('/').pop() ?? 'file').replace(/["\\\r\n]/g, '');
  reply
    .header('Content-Type', file.content_type)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Cache-Control', file.public ? 'public, max-age=31536000, immutable' : 'private, no-store')
    .header(
      'Content-Disposition',
      `${file.public && shownInline(file.content_type) ? 'inline' : 'attachment'}; filename="${downloadName}"`,
    )
    // A stored file is never a page: no scripts, no plugins, no frames, even if opened directly.
    .header('Content-Security-Policy', "default-src 'none'; media-src 'self'; img-src 'self'; sandbox")
    .header('Cross-Origin-Resource-Policy', file.public ? 'cross-origin' : 'same-origin');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const range = requestedRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${size}`);
    throw ApiError.of(416, MESSAGES.rangeNotSatisfiable);
  }
  const body: Readable | undefined = await ctx.storage.open(file.name, range);
  if (body === undefined) throw ApiError.of(404, MESSAGES.fileNotFound);
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(body);
  }
  return reply.header('Content-Length', String(size)).send(body);
}
