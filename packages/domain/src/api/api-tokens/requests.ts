// Requests of the personal API token calls: a new token's name and scopes, and the list's `all`.
import { z } from 'zod/mini';
import { apiTokenScopeSchema, MAX_API_TOKEN_NAME_LENGTH } from '../../app/api-token';
import { booleanField } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';

/** POST /v1/tokens: a name to know the token by and the scopes it may use (each once). */
export const createApiTokenRequestSchema = z.strictObject({
  name: z
    .string({ error: MESSAGES.apiTokenName })
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.apiTokenName),
      z.maxLength(MAX_API_TOKEN_NAME_LENGTH, MESSAGES.apiTokenName),
    ),
  scopes: z.pipe(
    z
      .array(apiTokenScopeSchema, { error: MESSAGES.apiTokenScopes })
      .check(z.minLength(1, MESSAGES.apiTokenScopes)),
    z.transform((scopes) => [...new Set(scopes)]),
  ),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** GET /v1/tokens: your own tokens; `all=true` (admins only) every user's. */
export const apiTokenListQuerySchema = z.strictObject({ all: z._default(booleanField('all'), false) });
