// Users as the API answers them, and the shared schemas of those answers.
import { z } from 'zod';

export interface UserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'user' | 'admin';
  password_hash: string | null;
  verified_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
}

export const publicUserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const sessionExpiryAnswerSchema = z.object({
  date: z.string().describe("UTC, 'YYYY-MM-DD HH:mm:ss.000000'"),
  timezone_type: z.literal(3),
  timezone: z.literal('UTC'),
});

export const sessionAnswerSchema = z.object({
  user: publicUserSchema,
  expiry: sessionExpiryAnswerSchema.describe('When the server session ends (PHP DateTime style, UTC).'),
  location: z.string().nullable().describe('The address the request came from, as the server saw it.'),
  lastLogin: z
    .number()
    .nullable()
    .describe('The previous sign-in, epoch milliseconds; null on the first one.'),
});

export const toPublicUser = (
  row: Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name' | 'role'>,
): PublicUser => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  role: row.role,
});

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** PHP DateTime's JSON shape, which the console's session logic reads. */
export function toExpiry(instant: Date) {
  const date = `${instant.getUTCFullYear()}-${pad(instant.getUTCMonth() + 1)}-${pad(instant.getUTCDate())} ${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}:${pad(instant.getUTCSeconds())}.${pad(instant.getUTCMilliseconds(), 3)}000`;
  return { date, timezone_type: 3 as const, timezone: 'UTC' as const };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
