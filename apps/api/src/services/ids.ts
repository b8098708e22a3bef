// Random identifiers and tokens. Ids are 24 hex characters, so a shared report token (longer than 24,
// docs/product.md §5) can never be mistaken for an id; secrets are 256-bit and stored only as hashes.
import { createHash, randomBytes } from 'node:crypto';

export const newId = (): string => randomBytes(12).toString('hex');

export const newSecret = (): string => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
