// Password hashing with argon2id (OWASP's first choice), parameters per its 2024 cheat sheet.
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

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
