// ZIP archives written byte by byte for tests, including the malformed and malicious ones no archiver
// makes: sizes that lie, entries that inflate to hundreds of megabytes, unsafe names.
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface TestZipEntry {
  name: string;
  /** The entry's bytes (stored deflated), or an already deflated body with its true size and CRC. */
  data?: Buffer;
  deflated?: { bytes: Buffer; size: number; crc: number };
  /** A size the directory claims instead of the true one. */
  declaredSize?: number;
}

export function testZip(entries: readonly TestZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.deflated ?? {
      bytes: deflateRawSync(entry.data ?? Buffer.alloc(0)),
      size: (entry.data ?? Buffer.alloc(0)).length,
      crc: crc32(entry.data ?? Buffer.alloc(0)),
    };
    const size = entry.declaredSize ?? body.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(body.crc >>> 0, 14);
    local.writeUInt32LE(body.bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(body.crc >>> 0, 16);
    central.writeUInt32LE(body.bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + body.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `megabytes` of zeros deflated as a stream (the test never holds them): a few hundred KB. */
export async function deflatedZeros(
  megabytes: number,
): Promise<{ bytes: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024);
  const zeroCrc = crc32(chunk);
  let crc = 0;
  for (let index = 0; index < megabytes; index += 1) {
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
    crc = index === 0 ? zeroCrc : crc32(chunk, crc);
  }
  deflate.end();
  await done;
  return { bytes: Buffer.concat(out), size: megabytes * 1024 * 1024, crc };
}
