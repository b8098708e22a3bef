// Random bytes for the ids the serving path makes on every request (impression ids, a new browser's
// reach cookie), drawn from a pool refilled 4 KB at a time: one call into OpenSSL for every few hundred
// ids instead of one for each (profiles of the VAST and ad JSON routes found `randomBytes` at 2-4 % of
// them: docs/serving.md, "Benchmarks"). Each byte is handed out once; the pool is the CSPRNG's own output,
// as node:crypto's `randomUUID` caches it.
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

/** `size` fresh random bytes (a view of the pool: copy or encode it before the next call). */
export function randomSlice(size: number): Buffer {
  if (size > pool.length) throw new RangeError(`randomSlice: at most ${pool.length} bytes`);
  if (poolOffset + size > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const slice = pool.subarray(poolOffset, poolOffset + size);
  poolOffset += size;
  return slice;
}
