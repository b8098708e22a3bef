// Personal API tokens (the profile screen's "API tokens"): list, create (the secret comes back once)
// and revoke. Admins list everyone's with `all` and revoke anyone's.
import type { ApiToken, CreatedApiToken } from '../../app/api-token';
import type { Http } from '../http';
import { type CallInput, send, sendOnly } from '../send';
import { apiTokensContract } from './contract';

const { listApiTokens, createApiToken, revokeApiToken } = apiTokensContract;

export function apiTokenCalls(http: Http) {
  return {
    /** GET /v1/tokens: your tokens, newest first; `{all: true}` (admins) every user's. */
    listApiTokens: (options: { all?: boolean } = {}): Promise<ApiToken[]> =>
      send(http, listApiTokens, { all: options.all ?? false }),
    /** POST /v1/tokens: a new token; its `secret` is in this answer and never again. */
    createApiToken: (input: CallInput<typeof createApiToken>): Promise<CreatedApiToken> =>
      send(http, createApiToken, input),
    /** DELETE /v1/tokens?id=: the token stops working at once. */
    async revokeApiToken(id: string): Promise<void> {
      await sendOnly(http, revokeApiToken, { id });
    },
  };
}
