// An HTML5 banner's ZIP, read without ever holding it or any of its files whole in memory: the central
// directory is read and checked first (entry count, names, folder depth, nested archives, declared
// sizes and their total, no encryption, no ZIP64), then each entry is inflated as a stream through a
// byte budget that stops at its declared size and at the archive's cap, with its CRC-32 checked. A
// "zip bomb" (a few hundred KB claiming to be small but inflating to gigabytes) is cut off after at
// most the cap's bytes have been written, never expanded in memory.
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { ApiError, html5ZipRefusedMessage } from '@adconsole/domain';
import type { ByteRange } from '../object-store/store';

export interface ZipLimits {
  /** Entries (files and folders) an archive may have. */
  maxEntries: number;
  /** Bytes all files may take unpacked, together. */
  maxUnpackedBytes: number;
  /** Bytes of one entry's name (UTF-8). */
  maxNameBytes: number;
  /** Folders deep one entry may be. */
  maxDepth: number;
  /** ZIPs inside are taken (a bulk upload's batch ZIP holds HTML5 ads' ZIPs); other archives never. */
  zipEntries?: boolean;
}

export const HTML5_ZIP_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxNameBytes: 255,
  maxDepth: 10,
};

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localHeaderOffset: number;
}

/** Reads bytes `start`..`end` (both included) of the archive. */
export type ReadRange = (range: ByteRange) => Promise<Readable | undefined>;

const refused = (filename: string, why: string) => ApiError.of(415, html5ZipRefusedMessage(filename, why));

async function readAll(stream: Readable | undefined, limit: number): Promise<Buffer> {
  if (!stream) throw new Error('The archive is gone.');
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.from(chunk as Uint8Array);
    length += buffer.length;
    if (length > limit) {
      stream.destroy();
      throw new Error('Read past the requested range.');
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Nested archives are not unpacked and have no place in a banner. */
const ARCHIVE = /\.(zip|jar|gz|tgz|bz2|xz|7z|rar|tar)$/i;

/** A name as a path inside the archive: no '..', no absolute paths, no backslashes, no empty parts. */
export const safeArchivePath = (path: string) =>
  path !== '' &&
  !path.startsWith('/') &&
  !path.includes('\\') &&
  !path.includes('\u0000') &&
  path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/**
 * The archive's files, from its central directory, after every check that needs no inflating. Throws
 * a 415 naming the reason for anything outside the limits.
 */
export async function readZipDirectory(
  filename: string,
  size: number,
  read: ReadRange,
  limits: ZipLimits = HTML5_ZIP_LIMITS,
): Promise<ZipEntry[]> {
  if (size < 22) throw refused(filename, 'not a ZIP archive');
  const tailStart = Math.max(0, size - 22 - 0xffff);
  const tail = await readAll(await read({ start: tailStart, end: size - 1 }), size - tailStart);
  let eocd = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw refused(filename, 'not a ZIP archive');
  const disk = tail.readUInt16LE(eocd + 4);
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (disk !== 0 || count === 0xffff || directoryOffset === 0xffffffff)
    throw refused(filename, 'multi-part and ZIP64 archives are not supported');
  if (count > limits.maxEntries) throw refused(filename, `more than ${limits.maxEntries} entries`);
  if (directoryOffset + directorySize > tailStart + eocd || directorySize > count * (46 + 0xffff * 3))
    throw refused(filename, 'its directory is damaged');
  const directory =
    directorySize === 0
      ? Buffer.alloc(0)
      : await readAll(
          await read({ start: directoryOffset, end: directoryOffset + directorySize - 1 }),
          directorySize,
        );
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let declaredTotal = 0;
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
      throw refused(filename, 'its directory is damaged');
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const crc = directory.readUInt32LE(at + 16);
    const compressedSize = directory.readUInt32LE(at + 20);
    const entrySize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const localHeaderOffset = directory.readUInt32LE(at + 42);
    const nameBytes = directory.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (at > directory.length) throw refused(filename, 'its directory is damaged');
    if (nameLength > limits.maxNameBytes)
      throw refused(filename, `an entry's name is longer than ${limits.maxNameBytes} bytes`);
    const name = nameBytes.toString((flags & 0x800) !== 0 ? 'utf8' : 'latin1');
    if (flags & 0x1) throw refused(filename, `${name} is encrypted`);
    if (compressedSize === 0xffffffff || entrySize === 0xffffffff || localHeaderOffset === 0xffffffff)
      throw refused(filename, 'multi-part and ZIP64 archives are not supported');
    const folder = name.endsWith('/');
    const path = folder ? name.slice(0, -1) : name;
    if (!safeArchivePath(path))
      throw refused(filename, `the entry name ${JSON.stringify(name)} is not allowed`);
    if (path.split('/').length > limits.maxDepth + 1)
      throw refused(filename, `${name} is nested more than ${limits.maxDepth} folders deep`);
    if (folder) continue;
    if (ARCHIVE.test(path) && !(limits.zipEntries && /\.zip$/i.test(path)))
      throw refused(filename, `${name} is an archive inside the archive`);
    if (method !== 0 && method !== 8) throw refused(filename, `${name} uses an unsupported compression`);
    if (method === 0 && compressedSize !== entrySize)
      throw refused(filename, `the sizes of ${name} disagree`);
    if (names.has(path)) throw refused(filename, `${name} is in the archive twice`);
    names.add(path);
    declaredTotal += entrySize;
    if (entrySize > limits.maxUnpackedBytes || declaredTotal > limits.maxUnpackedBytes)
      throw refused(
        filename,
        `its files take more than ${limits.maxUnpackedBytes / 1024 / 1024} MB unpacked`,
      );
    if (localHeaderOffset + 30 + compressedSize > directoryOffset)
      throw refused(filename, 'its directory is damaged');
    entries.push({ name: path, method, compressedSize, size: entrySize, crc, localHeaderOffset });
  }
  return entries;
}

/** Counts the bytes flowing through: past `limit` the stream fails (the inflater is stopped). */
class ByteBudget extends Transform {
  count = 0;
  crc = 0;

  constructor(
    private readonly limit: number,
    private readonly failure: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.limit) {
      done(this.failure());
      return;
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }
}

/**
 * Streams one entry's inflated bytes into `write`, stopping as soon as they pass its declared size or
 * the `budget` left for the archive; afterwards checks the size and CRC-32. Answers the bytes written.
 */
export async function inflateEntry(
  filename: string,
  entry: ZipEntry,
  read: ReadRange,
  budget: number,
  write: (body: Readable) => Promise<void>,
): Promise<number> {
  const local = await readAll(
    await read({ start: entry.localHeaderOffset, end: entry.localHeaderOffset + 29 }),
    30,
  );
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) throw refused(filename, 'an entry is damaged');
  const dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const limit = Math.min(entry.size, budget);
  const tooLarge = () =>
    refused(filename, `${entry.name} inflates past its declared size or the archive's limit`);
  const budgetStream = new ByteBudget(limit, tooLarge);
  const out = new PassThrough();
  out.on('error', () => undefined);
  let failure: unknown;
  const writing = write(out).catch((error: unknown) => {
    failure ??= error;
  });
  const compressed =
    entry.compressedSize === 0
      ? undefined
      : await read({ start: dataStart, end: dataStart + entry.compressedSize - 1 });
  try {
    const source = compressed ?? Readable.from([]);
    if (entry.method === 8) await pipeline(source, createInflateRaw(), budgetStream, out);
    else await pipeline(source, budgetStream, out);
  } catch (error) {
    failure ??= error instanceof ApiError ? error : refused(filename, `${entry.name} cannot be inflated`);
    out.destroy(failure as Error);
  }
  await writing;
  if (failure !== undefined) throw failure;
  if (budgetStream.count !== entry.size) throw refused(filename, `the sizes of ${entry.name} disagree`);
  if (budgetStream.crc >>> 0 !== entry.crc >>> 0) throw refused(filename, `${entry.name} is damaged`);
  return budgetStream.count;
}
