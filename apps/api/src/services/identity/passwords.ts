// Password hashing with argon2id (OWASP's first choice), parameters per its 2024 cheat sheet, and the
// refusal of the 10,000 most common passwords (a list shipped with the server; no network look-up).
import { channel } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { ApiError, MESSAGES } from '@adconsole/domain';
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Told of every password hashed (a diagnostics channel: process-wide, free while nobody listens). The
 * tests count on it that sign-up does the same work whether or not the address has an account.
 */
export const PASSWORD_HASHED = 'adconsole:password-hashed';
const hashed = channel(PASSWORD_HASHED);

export const hashPassword = (password: string): Promise<string> => {
  if (hashed.hasSubscribers) hashed.publish(null);
  return hash(password, options);
};

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Hash something even without an account, so timing does not reveal whether the e-mail exists.
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return passwordHash !== null && ok;
  } catch {
    return false;
  }
}

const dummyHash = hash('no account has this password', options);

let commonPasswords: Set<string> | undefined;

/**
 * The list sits beside this module in the sources and is copied beside the bundle by the build
 * (tsup's onSuccess), so the same relative URL finds it in both.
 */
function loadCommonPasswords(): Set<string> {
  const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
}

function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.trim().toLowerCase());
}

/** Refuses a new password that is on the common list, with a message of its own. */
export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) throw ApiError.of(400, MESSAGES.commonPassword);
}
