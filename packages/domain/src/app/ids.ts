// Temporary creative ids and share-token detection (docs/product.md §3, §5 and §9).
import {
  SHARED_TOKEN_MIN_EXCLUSIVE_LENGTH,
  TEMPORARY_ID_PREFIX,
  TEMPORARY_ID_RANDOM_LENGTH,
} from '../constants';

const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const temporaryIdPattern = new RegExp(`^${TEMPORARY_ID_PREFIX}[A-Za-z0-9]{${TEMPORARY_ID_RANDOM_LENGTH}}$`);

const cryptoRandom = (): number => {
  const buffer = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) / 2 ** 32;
};

/** 'new_' plus 14 random alphanumerics: the id of a creative the server has not saved yet. */
export function temporaryId(random: () => number = cryptoRandom): string {
  let id = TEMPORARY_ID_PREFIX;
  for (let index = 0; index < TEMPORARY_ID_RANDOM_LENGTH; index += 1) {
    id += ALPHANUMERICS[Math.floor(random() * ALPHANUMERICS.length) % ALPHANUMERICS.length];
  }
  return id;
}

export const isTemporaryId = (id: unknown): id is string =>
  typeof id === 'string' && temporaryIdPattern.test(id);

/** Shared-report requests are used when the id is a share token: longer than 24 characters. */
export const isSharedToken = (id: string | number | null | undefined): boolean =>
  typeof id === 'string' && id.length > SHARED_TOKEN_MIN_EXCLUSIVE_LENGTH;
