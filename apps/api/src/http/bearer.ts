// Bearer authentication with personal API tokens (docs/api.md, "API tokens"). A request with
// `Authorization: Bearer <token>` is taken as the token's owner on the calls whose contract entry names
// a scope the token holds, and refused everywhere else (accounts, tokens, admin calls, public calls).
// It needs no CSRF header when it carries no cookie: a cross-site page can neither read a token nor
// make a browser attach one. Each use is logged in the database, which counts the per-token rate limit
// across API processes.
import {
  ApiError,
  type ApiTokenScope,
  type CallContract,
  CLIENT_MESSAGES,
  MESSAGES,
  tokenLacksScopeMessage,
} from '@adconsole/domain';
import type { FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { takeTokenUse } from '../services/identity/api-tokens';
import type { SessionUser } from '../services/identity/sessions';
import type { Access } from './routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an API token needs for this route; absent where tokens are refused. */
    apiScope?: ApiTokenScope;
  }
}

/** The scope a route accepts tokens with: its contract entry's, never on admin routes. */
export const routeScope = (call: CallContract, access: Access): ApiTokenScope | undefined =>
  access === 'user' ? call.scope : undefined;

/** The token of an `Authorization: Bearer <token>` header; undefined for no header or another scheme. */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** A bearer request without cookies, on a route that accepts tokens: no CSRF header needed. */
export const bearerSkipsCsrf = (request: FastifyRequest): boolean =>
  request.routeOptions.config.apiScope !== undefined &&
  request.headers.cookie === undefined &&
  bearerSecret(request) !== undefined;

/**
 * The owner of the token, as the route's user: refused (403) where tokens are not accepted or the token
 * lacks the route's scope, 401 for an unknown or revoked token or a removed owner, 429 past the limit.
 */
export async function bearerUser(
  ctx: Context,
  scope: ApiTokenScope | undefined,
  secret: string,
): Promise<SessionUser> {
  if (scope === undefined) throw ApiError.of(403, MESSAGES.tokenNotAccepted);
  const owner = await takeTokenUse(ctx, secret);
  if (!owner) throw ApiError.of(401, MESSAGES.tokenInvalid);
  if (!owner.scopes.includes(scope)) throw ApiError.of(403, tokenLacksScopeMessage(scope));
  // A client makes no tokens; one made before its account became a client's does not work either.
  if (owner.role === 'client') throw ApiError.of(403, CLIENT_MESSAGES.notForClients);
  return {
    id: owner.id,
    email: owner.email,
    firstName: owner.first_name,
    lastName: owner.last_name,
    role: owner.role,
    advertiserIds: [],
    verified: owner.verified_at !== null,
    lastLoginAt: owner.last_login_at,
    // A token has no session; no call that accepts tokens reads this.
    sessionExpiresAt: new Date(0),
  };
}
