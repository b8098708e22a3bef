// Personal API tokens (the profile screen's "API tokens"): list, create (the secret comes back once)
// and revoke. Admins list everyone's with `all` and revoke anyone's.
import type { z } from 'zod';
import type { ApiToken, CreatedApiToken } from '../../entities/api-token';
import { validate } from '../../validation/validation-error';
import { idQuerySchema } from '../common/requests';
import type { Http } from '../http';
import { readData } from '../responses';
import { apiTokensContract } from './contract';
import { apiTokenListQuerySchema, createApiTokenRequestSchema } from './requests';

export function apiTokenCalls(http: Http) {
  return {
    /** GET /v1/tokens: your tokens, newest first; `{all: true}` (admins) every user's. */
    async listApiTokens(options: { all?: boolean } = {}): Promise<ApiToken[]> {
      const query = validate(apiTokenListQuerySchema, { all: options.all ?? false });
      return readData(
        apiTokensContract.listApiTokens.answer,
        (await http({ method: 'GET', path: apiTokensContract.listApiTokens.path, query: { ...query } })).data,
      );
    },
    /** POST /v1/tokens: a new token; its `secret` is in this answer and never again. */
    async createApiToken(input: z.input<typeof createApiTokenRequestSchema>): Promise<CreatedApiToken> {
      const body = validate(createApiTokenRequestSchema, input);
      return readData(
        apiTokensContract.createApiToken.answer,
        (await http({ method: 'POST', path: apiTokensContract.createApiToken.path, json: body })).data,
      );
    },
    /** DELETE /v1/tokens?id=: the token stops working at once. */
    async revokeApiToken(id: string): Promise<void> {
      const query = validate(idQuerySchema, { id });
      await http({ method: 'DELETE', path: apiTokensContract.revokeApiToken.path, query });
    },
  };
}
