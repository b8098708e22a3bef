// The signed-in user and the session the console keeps in local storage (docs/product.md §3). Built
// with `zod/mini`: every page's first load reads the stored session (docs/console.md).
import { z } from 'zod/mini';
import { idSchema } from '../common';

/**
 * Admin is a role (replacing the original brief's hard-coded staff account, docs/product.md §6): it unlocks
 * the admin screens. A client reads its advertisers' campaigns and nothing else (docs/security.md, "Client
 * access"); it is only ever invited as one.
 */
export const USER_ROLES = ['user', 'admin', 'client'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles PUT /v1/users/role sets: a client's role comes from its invitation and stays. */
export const STAFF_ROLES = ['user', 'admin'] as const;

/** The most advertisers one client is given. */
export const MAX_CLIENT_ADVERTISERS = 50;

export const userSchema = z.object({
  id: z.optional(idSchema),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z._default(z.enum(USER_ROLES), 'user'),
});
export type User = z.infer<typeof userSchema>;

/** A row of the admin user list. */
export const userListEntrySchema = z.extend(userSchema, {
  /** Always there in the admin list: what the admin calls name the user by. */
  id: idSchema,
  verified: z.optional(z.boolean()),
  lastLogin: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
  /** Disabled by an administrator: cannot sign in, its sessions and API tokens do not work. */
  disabled: z.optional(z.boolean()),
  /** A client's advertisers (the ones it reads); absent for other roles. */
  advertiserIds: z.optional(z.array(idSchema)),
});
export type UserListEntry = z.infer<typeof userListEntrySchema>;

/** The server's expiry, PHP DateTime style: `{date: '2026-01-31 12:00:00.000000', timezone_type: 3, timezone: 'UTC'}`. */
export const sessionExpirySchema = z.object({
  date: z.string(),
  timezone_type: z.number().check(z.int()),
  timezone: z.string(),
});
export type SessionExpiry = z.infer<typeof sessionExpirySchema>;

/** What the console stores under the 'user' key: the user plus expiry, location and timing marks (epoch ms). */
export const storedSessionSchema = z.object({
  user: userSchema,
  expiry: sessionExpirySchema,
  location: z._default(z.nullable(z.string()), null),
  lastRequest: z._default(z.nullable(z.number()), null),
  lastLogin: z._default(z.nullable(z.number()), null),
});
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** Answer of POST /login. */
export const loginResponseSchema = z.object({
  user: userSchema,
  expiry: z.nullish(sessionExpirySchema),
  location: z.nullish(z.string()),
  /** The previous login (epoch ms), for the welcome-back notice. */
  lastLogin: z.nullish(z.number()),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Answer of GET /me. */
export const meResponseSchema = z.object({
  user: z.optional(userSchema),
  expiry: z.nullish(sessionExpirySchema),
  location: z.nullish(z.string()),
  lastLogin: z.nullish(z.number()),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** An invitation not used yet (GET /v1/users/invitations): who, with which role, until when. */
export const invitationSchema = z.object({
  email: z.string(),
  role: z.enum(USER_ROLES),
  /** A client invitation's advertisers. */
  advertiserIds: z.optional(z.array(idSchema)),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
