// The personal API token calls of the contract (the signed-in user's; admins may list and revoke
// anyone's). Never callable with a token themselves: a token cannot make or revoke tokens.
import { z } from 'zod/mini';
import { apiTokenSchema, createdApiTokenSchema } from '../../app/api-token';
import { call } from '../call';
import { idQuerySchema } from '../common/requests';
import { apiTokenListQuerySchema, createApiTokenRequestSchema } from './requests';

export const apiTokensContract = {
  listApiTokens: call({
    method: 'GET',
    path: '/v1/tokens',
    input: apiTokenListQuerySchema,
    answer: z.array(apiTokenSchema),
  }),
  createApiToken: call({
    method: 'POST',
    path: '/v1/tokens',
    input: createApiTokenRequestSchema,
    answer: createdApiTokenSchema,
  }),
  revokeApiToken: call({ method: 'DELETE', path: '/v1/tokens', input: idQuerySchema, answer: z.null() }),
} as const;
