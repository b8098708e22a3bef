// Requests of the personal API token calls: a new token's name and scopes, and the list's `all`.
import { z } from 'zod/mini';
import { API_TOKEN_MESSAGES, apiTokenScopeSchema, MAX_API_TOKEN_NAME_LENGTH } from '../../entities/api-token';
import { booleanField } from '../../validation/fields';

/** POST /v1/tokens: a name to know the token by and the scopes it may use (each once). */
export const createApiTokenRequestSchema = z.strictObject({
  name: z
    .string({ error: API_TOKEN_MESSAGES.name })
    .check(
      z.trim(),
      z.minLength(1, API_TOKEN_MESSAGES.name),
      z.maxLength(MAX_API_TOKEN_NAME_LENGTH, API_TOKEN_MESSAGES.name),
    ),
  scopes: z.pipe(
    z
      .array(apiTokenScopeSchema, { error: API_TOKEN_MESSAGES.scopes })
      .check(z.minLength(1, API_TOKEN_MESSAGES.scopes)),
    z.transform((scopes) => [...new Set(scopes)]),
  ),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** GET /v1/tokens: your own tokens; `all=true` (admins only) every user's. */
export const apiTokenListQuerySchema = z.strictObject({ all: z._default(booleanField('all'), false) });
