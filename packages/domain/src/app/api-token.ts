// Personal API tokens: another product calls the API as a person, with `Authorization: Bearer <token>`,
// limited to the scopes the person chose. The secret is shown once, when the token is made; the server
// keeps only its hash, so a list shows names, scopes and times, never secrets.
import { z } from 'zod/mini';
import { API_TOKEN_SCOPES } from '../constants';
import { MESSAGES } from '../validation/messages';

export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, { label: string; description: string }> = {
  'reports:read': {
    label: 'Read reports',
    description: 'Campaign and creative reports, events, video figures, A/B test results and the dashboard.',
  },
  'campaigns:read': {
    label: 'Read campaigns',
    description: 'Campaigns, their creatives, placements and A/B tests.',
  },
  'campaigns:write': {
    label: 'Change campaigns',
    description:
      'Create, change, publish and delete campaigns, creatives and placements; start and stop A/B tests.',
  },
};

/** A secret starts with this, so a leaked one is easy to recognise (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'adc_';
export const MAX_API_TOKEN_NAME_LENGTH = 100;

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: MESSAGES.apiTokenUnknownScope });

/** A token as lists show it (its owner's own list, or an admin's list of everyone's). */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; null until the token is first used. */
  lastUsedAt: z.nullable(z.string()),
  owner: z.object({ id: z.string(), email: z.string() }),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of creating a token: the token and, this once, its secret. */
export const createdApiTokenSchema = z.extend(apiTokenSchema, { secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
