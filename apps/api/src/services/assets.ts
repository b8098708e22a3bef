// The server's check of an uploaded asset. Which extensions, kinds and sizes are accepted is the
// domain's rule; here a file is also accepted only when its first bytes agree with its extension, so a
// renamed file cannot pass as another type.
import {
  type AssetKind,
  assetFileType,
  assetTooLargeMessage,
  maxAssetBytes,
  unsupportedAssetMessage,
} from '@adconsole/domain';
import { imageSize } from 'image-size';
import { ApiError } from '../http/errors';

export { MAX_UPLOAD_BYTES } from '@adconsole/domain';

/** Does a file's first bytes look like the type its extension claims? */
type Signature = (bytes: Buffer) => boolean;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Buffer, text: string, offset = 0) =>
  bytes.subarray(offset, offset + text.length).toString('latin1') === text;

const png: Signature = (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg: Signature = (b) => startsWith(b, [0xff, 0xd8, 0xff]);
const gif: Signature = (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a');
const webp: Signature = (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8);
const mp4: Signature = (b) => ascii(b, 'ftyp', 4);
const webm: Signature = (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]);
const zip: Signature = (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
// A script is text: no NUL bytes, and valid UTF-8.
const javascript: Signature = (b) => !b.includes(0) && Buffer.from(b.toString('utf8'), 'utf8').equals(b);

const signatures: Record<string, Signature> = {
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

export interface CheckedFile {
  kind: AssetKind;
  contentType: string;
  width: number | null;
  height: number | null;
}

/** The file's type and, for images, its size in pixels; a 415 or 413 with a readable message otherwise. */
export function checkUpload(filename: string, bytes: Buffer): CheckedFile {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  const type = assetFileType(filename);
  const matches = Object.hasOwn(signatures, extension) ? signatures[extension] : undefined;
  if (!type || !matches || bytes.length === 0 || !matches(bytes))
    throw new ApiError(415, unsupportedAssetMessage(filename));
  if (bytes.length > maxAssetBytes(type.kind)) {
    throw new ApiError(413, assetTooLargeMessage(filename, type.kind));
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
