// The signed-in user and the session the console keeps in local storage (docs/product.md §3).
import { z } from 'zod';
import { idSchema } from './common';

/** Admin is a role (replacing the spec's hard-coded staff account): it unlocks the admin screens. */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const userSchema = z.object({
  id: idSchema.optional(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES).default('user'),
});
export type User = z.infer<typeof userSchema>;

/** A row of the admin user list. */
export const userListEntrySchema = userSchema.extend({
  verified: z.boolean().optional(),
  lastLogin: z.string().nullable().optional(),
  createdAt: z.string().optional(),
});
export type UserListEntry = z.infer<typeof userListEntrySchema>;

/** The server's expiry, PHP DateTime style: `{date: '2026-01-31 12:00:00.000000', timezone_type: 3, timezone: 'UTC'}`. */
export const sessionExpirySchema = z.object({
  date: z.string(),
  timezone_type: z.number().int(),
  timezone: z.string(),
});
export type SessionExpiry = z.infer<typeof sessionExpirySchema>;

/** What the console stores under the 'user' key: the user plus expiry, location and timing marks (epoch ms). */
export const storedSessionSchema = z.object({
  user: userSchema,
  expiry: sessionExpirySchema,
  location: z.string().nullable().default(null),
  lastRequest: z.number().nullable().default(null),
  lastLogin: z.number().nullable().default(null),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** Answer of POST /login. */
export const loginResponseSchema = z.object({
  user: userSchema,
  expiry: sessionExpirySchema.nullish(),
  location: z.string().nullish(),
  /** The previous login (epoch ms), for the welcome-back notice. */
  lastLogin: z.number().nullish(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Answer of GET /me. */
export const meResponseSchema = z.object({
  user: userSchema.optional(),
  expiry: sessionExpirySchema.nullish(),
  location: z.string().nullish(),
  lastLogin: z.number().nullish(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
