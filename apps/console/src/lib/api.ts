// The one API client of the console: every call goes through the domain's typed client.
import { createApiClient } from '@adconsole/domain';

export const API_BASE_URL = '/api';

/** Product settings the server owns (e.g. the company domain sign-up is limited to). */
export interface PublicConfig {
  companyDomain: string;
  companyName: string;
}

let config: PublicConfig | undefined;

/** GET /api/config once per page load; the sign-up rule needs the server's company domain. */
export async function loadPublicConfig(): Promise<PublicConfig> {
  if (config) return config;
  const response = await fetch(`${API_BASE_URL}/config`, { credentials: 'include' });
  if (!response.ok) throw new Error(`The console could not load its settings (HTTP ${response.status}).`);
  const body = (await response.json()) as { data: PublicConfig };
  config = body.data;
  return config;
}

export const publicConfig = (): PublicConfig => {
  if (!config) throw new Error('loadPublicConfig() must run before the console renders.');
  return config;
};

export type Api = ReturnType<typeof createApiClient>;
let client: Api | undefined;

/** The client; made after loadPublicConfig() so sign-up knows the company domain. */
export function api(): Api {
  if (!config) throw new Error('loadPublicConfig() must run before the console calls the API.');
  client ??= createApiClient({ baseUrl: API_BASE_URL, companyDomain: config.companyDomain });
  return client;
}
