// An asset upload's bytes checked as they arrive: the first bytes against the extension (the server's
// detection of the kind wins over the client's label), the kind's size limit, scripts as UTF-8 text, an
// image's width and height; and the file name made safe for a storage key.
import {
  ApiError,
  type AssetKind,
  assetTooLargeMessage,
  imageUnreadableMessage,
  maxAssetBytes,
  unsupportedAssetMessage,
} from '@adconsole/domain';
import { imageSize } from 'image-size';

/** Does a file's first bytes look like the type its extension claims? */
type Signature = (head: Buffer) => boolean;

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
// A script is checked as a whole (text without NUL, valid UTF-8) while it streams.
const anything: Signature = () => true;

const signatures: Record<string, Signature> = {
  png,
  jpg: jpeg,
  jpeg,
  gif,
  webp,
  mp4,
  webm,
  zip,
  js: anything,
};
const SIGNATURE_BYTES = 16;

const extensionOf = (filename: string) => filename.toLowerCase().split('.').pop() ?? '';

/** Letters a decomposition leaves whole, written as their usual Latin spelling. */
const LATIN_SPELLINGS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'Th',
};

/**
 * A file name safe in a storage key and a URL: letters, digits, dot, dash and underscore; accented Latin
 * letters transliterated ("Müller Frühling" is "Muller_Fruhling", "Straße" "Strasse"), anything else an
 * underscore.
 */
export function safeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæÆœŒøØđĐłŁþÞ]/g, (letter) => LATIN_SPELLINGS[letter] ?? letter)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned === '' ? 'file' : cleaned;
}

/**
 * Checks a file's bytes as they arrive: refuses (413) as soon as the kind's limit is passed, (415)
 * when the first bytes do not match the extension or a script is not UTF-8 text. Keeps an image's
 * bytes (at most 10 MB) to read its width and height.
 */
export class UploadCheck {
  size = 0;
  private head = Buffer.alloc(0);
  private readonly kept: Buffer[] = [];
  private readonly decoder: TextDecoder | undefined;

  constructor(
    private readonly filename: string,
    readonly kind: AssetKind,
  ) {
    this.decoder = kind === 'vpaid' ? new TextDecoder('utf-8', { fatal: true }) : undefined;
  }

  /** Takes the next chunk, or throws the refusal. */
  accept(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > maxAssetBytes(this.kind))
      throw ApiError.of(413, assetTooLargeMessage(this.filename, this.kind));
    if (this.head.length < SIGNATURE_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE_BYTES - this.head.length)]);
      if (this.head.length >= SIGNATURE_BYTES && !this.signatureMatches()) this.unsupported();
    }
    if (this.decoder) {
      try {
        if (chunk.includes(0)) throw new Error('NUL');
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.unsupported();
      }
    }
    if (this.kind === 'image') this.kept.push(chunk);
  }

  /** The file has ended: a short or empty file is checked now. */
  finish(): { width: number | null; height: number | null } {
    if (this.size === 0 || !this.signatureMatches()) this.unsupported();
    try {
      this.decoder?.decode();
    } catch {
      this.unsupported();
    }
    if (this.kind !== 'image') return { width: null, height: null };
    try {
      const size = imageSize(Buffer.concat(this.kept));
      return { width: size.width ?? null, height: size.height ?? null };
    } catch {
      throw ApiError.of(415, imageUnreadableMessage(this.filename));
    }
  }

  private unsupported(): never {
    throw ApiError.of(415, unsupportedAssetMessage(this.filename));
  }

  private signatureMatches(): boolean {
    const matches = signatures[extensionOf(this.filename)];
    return matches?.(this.head) === true;
  }
}

/** Reads a stream to its end, keeping nothing (the rest of a refused file, so the request completes). */
export async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // discarded
  }
}
