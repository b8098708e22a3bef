// Personal API tokens (docs/api.md, "API tokens"): declarations; the work is in services/identity/api-tokens.
// These calls take the session cookie only: a token can neither make nor revoke tokens.
import { API_TOKEN_SCOPES, contract, MAX_API_TOKENS_PER_USER, MESSAGES } from '@adconsole/domain';
import { defineRoute } from '../http/routes';
import * as tokens from '../services/identity/api-tokens';

export const apiTokenRoutes = [
  defineRoute({
    call: contract.listApiTokens,
    access: 'user',
    summary:
      'Your personal API tokens (name, scopes, created, last used), newest first; never their secrets.',
    description: 'With `all=true` (admins only) every user’s tokens, each with its owner.',
    tag: 'API tokens',
    errors: { 403: MESSAGES.apiTokenListOnlyAdmins },
    handler: ({ input, user, ctx }) => tokens.listApiTokens(ctx, user, input.all),
  }),
  defineRoute({
    call: contract.createApiToken,
    audit: 'apiToken',
    access: 'user',
    perIdentityLimit: { max: 60, by: 'user' },
    summary: 'Make a personal API token: the answer carries its secret, this once.',
    description: `Scopes: ${API_TOKEN_SCOPES.join(', ')}. Another product sends the secret as \`Authorization: Bearer <secret>\`; the server keeps only its hash. At most ${MAX_API_TOKENS_PER_USER} tokens a person.`,
    tag: 'API tokens',
    errors: {
      400: `'${MESSAGES.apiTokenName}', '${MESSAGES.apiTokenScopes}' or '${MESSAGES.apiTokenTooMany}'`,
    },
    handler: ({ input, user, ctx }) => tokens.createApiToken(ctx, user, input),
  }),
  defineRoute({
    call: contract.revokeApiToken,
    audit: 'apiToken',
    access: 'user',
    summary: 'Revoke a personal API token (yours; an admin, anyone’s): it stops working at once.',
    description: '`id` in the query.',
    tag: 'API tokens',
    errors: { 404: MESSAGES.apiTokenNotFound },
    handler: ({ input, user, ctx }) => tokens.revokeApiToken(ctx, user, input.id),
  }),
];
