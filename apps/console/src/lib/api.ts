// The one API client of the console: every call goes through the domain's typed client. The public
// config comes inlined in the page the server sends (no round trip before the first paint); under the
// Vite dev server, which sends the bare page, it is fetched from GET /api/config instead.
import {
  createApiClient,
  PUBLIC_CONFIG_ELEMENT_ID,
  type PublicConfig,
  publicConfigSchema,
} from '@adconsole/domain';

export const API_BASE_URL = '/api';

export type Api = ReturnType<typeof createApiClient>;
let client: Api | undefined;
let config: PublicConfig | undefined;

/** The config the server inlined into the page, when it did and it reads as the contract says. */
export function inlinedPublicConfig(doc: Document = document): PublicConfig | undefined {
  const text = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = publicConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The public config once per page load: from the page itself, else GET /api/config. */
export async function loadPublicConfig(): Promise<PublicConfig> {
  if (config) return config;
  const inlined = inlinedPublicConfig();
  if (inlined) {
    client = createApiClient({ baseUrl: API_BASE_URL, companyDomain: inlined.companyDomain });
    config = inlined;
    return config;
  }
  const fetching = createApiClient({ baseUrl: API_BASE_URL });
  config = await fetching.getConfig();
  client = fetching;
  return config;
}

export const publicConfig = (): PublicConfig => {
  if (!config) throw new Error('loadPublicConfig() must run before the console renders.');
  return config;
};

/** The client; the console renders after loadPublicConfig(), so sign-up knows the company domain. */
export function api(): Api {
  if (!client) throw new Error('loadPublicConfig() must run before the console calls the API.');
  return client;
}
