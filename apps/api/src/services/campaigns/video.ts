// What a player needs to know of an uploaded MP4 (VAST's Duration and MediaFile width, height and
// bitrate), read from its boxes: `moov/mvhd` for the duration and the video track's `tkhd` for the
// size. Only the box headers and the `moov` box are read, by byte ranges, never the whole file.
import type { ObjectBucket } from '../object-store/store';

export interface VideoInfo {
  /** Seconds. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** Kilobits per second over the whole file. */
  bitrate: number | null;
}

async function readRange(storage: ObjectBucket, key: string, start: number, end: number): Promise<Buffer> {
  const stream = await storage.open(key, { start, end });
  if (!stream) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Boxes inside a buffer: [type, start of content, end]. */
function* boxes(buffer: Buffer, start = 0, end = buffer.length): Generator<[string, number, number]> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1 && offset + 16 <= end) {
      size = Number(buffer.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) return;
    yield [type, offset + header, offset + size];
    offset += size;
  }
}

function parseMoov(moov: Buffer): { duration: number | null; width: number | null; height: number | null } {
  let duration: number | null = null;
  let width: number | null = null;
  let height: number | null = null;
  for (const [type, start, end] of boxes(moov)) {
    if (type === 'mvhd') {
      const version = moov[start] ?? 0;
      const timescale = version === 1 ? moov.readUInt32BE(start + 20) : moov.readUInt32BE(start + 12);
      const units = version === 1 ? Number(moov.readBigUInt64BE(start + 24)) : moov.readUInt32BE(start + 16);
      if (timescale > 0) duration = units / timescale;
    }
    if (type === 'trak') {
      for (const [inner, innerStart, innerEnd] of boxes(moov, start, end)) {
        if (inner !== 'tkhd') continue;
        // Width and height are the last 8 bytes of tkhd, 16.16 fixed point; audio tracks have 0.
        const w = moov.readUInt32BE(innerEnd - 8) / 65536;
        const h = moov.readUInt32BE(innerEnd - 4) / 65536;
        if (w > 0 && h > 0 && width === null && innerStart < innerEnd) {
          width = Math.round(w);
          height = Math.round(h);
        }
      }
    }
  }
  return { duration, width, height };
}

/** The MP4's duration, size and bitrate, or nulls when the file cannot be read as an MP4. */
export async function readMp4Info(storage: ObjectBucket, key: string, size: number): Promise<VideoInfo> {
  const none: VideoInfo = { duration: null, width: null, height: null, bitrate: null };
  let offset = 0;
  // Top-level boxes: ftyp, moov, mdat... in either order (moov may come last without faststart).
  for (let guard = 0; guard < 64 && offset + 8 <= size; guard += 1) {
    const header = await readRange(storage, key, offset, Math.min(offset + 15, size - 1));
    if (header.length < 8) return none;
    let boxSize = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (boxSize === 1 && header.length >= 16) boxSize = Number(header.readBigUInt64BE(8));
    else if (boxSize === 0) boxSize = size - offset;
    if (boxSize < 8) return none;
    if (type === 'moov') {
      if (boxSize > 32 * 1024 * 1024) return none;
      const moov = await readRange(storage, key, offset + 8, offset + boxSize - 1);
      const info = parseMoov(moov);
      const bitrate = info.duration ? Math.round((size * 8) / info.duration / 1000) : null;
      return { ...info, bitrate };
    }
    offset += boxSize;
  }
  return none;
}
