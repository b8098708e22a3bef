// Loads the public config once per page load: from the page itself (the server inlines it), else from
// GET /api/config (the Vite dev server sends the bare page).
import { type PublicConfig, send, systemContract } from '@adconsole/domain';
import { apiHttp } from './api';
import { inlinedPublicConfig, publicConfigLoaded, rememberPublicConfig } from './public-config';

export async function loadPublicConfig(): Promise<PublicConfig> {
  const loaded = publicConfigLoaded();
  if (loaded) return loaded;
  return rememberPublicConfig(
    inlinedPublicConfig() ?? (await send(apiHttp(), systemContract.config, undefined)),
  );
}
