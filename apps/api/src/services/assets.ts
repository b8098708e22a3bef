// Accepted upload types and size limits for creative assets. A file is accepted only when its name's
// extension and its first bytes agree, so a renamed file cannot pass as another type.
import { imageSize } from 'image-size';
import { ApiError } from '../http/errors';

export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_OTHER_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = MAX_VIDEO_BYTES;

export type AssetKind = 'image' | 'video' | 'html5' | 'vpaid';

interface AcceptedType {
  kind: AssetKind;
  contentType: string;
  matches: (bytes: Buffer) => boolean;
}

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Buffer, text: string, offset = 0) =>
  bytes.subarray(offset, offset + text.length).toString('latin1') === text;

const png: AcceptedType = {
  kind: 'image',
  contentType: 'image/png',
  matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};
const jpeg: AcceptedType = {
  kind: 'image',
  contentType: 'image/jpeg',
  matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
};
const gif: AcceptedType = {
  kind: 'image',
  contentType: 'image/gif',
  matches: (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a'),
};
const webp: AcceptedType = {
  kind: 'image',
  contentType: 'image/webp',
  matches: (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8),
};
const mp4: AcceptedType = { kind: 'video', contentType: 'video/mp4', matches: (b) => ascii(b, 'ftyp', 4) };
const webm: AcceptedType = {
  kind: 'video',
  contentType: 'video/webm',
  matches: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
};
const zip: AcceptedType = {
  kind: 'html5',
  contentType: 'application/zip',
  matches: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]),
};
const javascript: AcceptedType = {
  kind: 'vpaid',
  contentType: 'text/javascript; charset=utf-8',
  // A script is text: no NUL bytes, and valid UTF-8.
  matches: (b) => !b.includes(0) && Buffer.from(b.toString('utf8'), 'utf8').equals(b),
};

const byExtension: Record<string, AcceptedType> = {
  png,
  jpg: jpeg,
  jpeg,
  gif,
  webp,
  mp4,
  webm,
  zip,
  js: javascript,
};

export const ACCEPTED_EXTENSIONS = Object.keys(byExtension);
export const UNSUPPORTED_TYPE = (name: string) =>
  `${name}: unsupported file type. Upload an image (PNG, JPEG, GIF, WebP), a video (MP4, WebM), a ZIP for HTML5 or a JavaScript file for VPAID.`;
export const TOO_LARGE = (name: string, kind: AssetKind) =>
  kind === 'video'
    ? `${name} is too large: videos can be at most 200 MB.`
    : `${name} is too large: images, HTML5 zips and VPAID scripts can be at most 10 MB.`;

export interface CheckedFile {
  kind: AssetKind;
  contentType: string;
  width: number | null;
  height: number | null;
}

/** The file's type and, for images, its size in pixels; a 415 or 413 with a readable message otherwise. */
export function checkUpload(filename: string, bytes: Buffer): CheckedFile {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  const type = byExtension[extension];
  if (!type || bytes.length === 0 || !type.matches(bytes))
    throw new ApiError(415, UNSUPPORTED_TYPE(filename));
  if (bytes.length > (type.kind === 'video' ? MAX_VIDEO_BYTES : MAX_OTHER_BYTES)) {
    throw new ApiError(413, TOO_LARGE(filename, type.kind));
  }
  let width: number | null = null;
  let height: number | null = null;
  if (type.kind === 'image') {
    try {
      const size = imageSize(bytes);
      width = size.width ?? null;
      height = size.height ?? null;
    } catch {
      throw new ApiError(415, `${filename}: the image cannot be read.`);
    }
  }
  return { kind: type.kind, contentType: type.contentType, width, height };
}

/** A file name safe in a storage key and a URL: letters, digits, dot, dash and underscore. */
export function safeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned === '' ? 'file' : cleaned;
}
