// The one API client of the console: every call, GET /config included, goes through the domain's typed client.
import { createApiClient, type PublicConfig } from '@adconsole/domain';

export const API_BASE_URL = '/api';

export type Api = ReturnType<typeof createApiClient>;
const client: Api = createApiClient({ baseUrl: API_BASE_URL });
let config: PublicConfig | undefined;

/** GET /api/config once per page load: sign-up needs the company domain, tags the ad-serving origin. */
export async function loadPublicConfig(): Promise<PublicConfig> {
  config ??= await client.getConfig();
  return config;
}

export const publicConfig = (): PublicConfig => {
  if (!config) throw new Error('loadPublicConfig() must run before the console renders.');
  return config;
};

/** The client; the console renders after loadPublicConfig(), so sign-up knows the company domain. */
export function api(): Api {
  if (!config) throw new Error('loadPublicConfig() must run before the console calls the API.');
  return client;
}
