// The server's HMAC key (signed impression ids, device cookies): SERVER_SECRET when set, which several
// API processes behind one load balancer must share; otherwise a random key generated once and kept in
// DATA_DIR/secret.key (readable by the server's user only).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

export async function loadServerSecret(config: Pick<Config, 'serverSecret' | 'dataDir'>): Promise<Buffer> {
  if (config.serverSecret !== undefined) return Buffer.from(config.serverSecret, 'utf8');
  const file = path.join(config.dataDir, 'secret.key');
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (text.length >= 43) return Buffer.from(text, 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32);
  // 'wx' fails if another process wrote the file first; then its key is the one to use.
  try {
    await writeFile(file, `${secret.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  }
}
