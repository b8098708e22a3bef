// The public config (company domain and name, ad-serving origin, TCF vendor id): inlined in the page the
// server sends, so the first paint needs no round trip; lib/config-queries.ts loads it before rendering.
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig, publicConfigSchema } from '@adconsole/domain';

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

/** Keeps the config for the rest of the page load (lib/config-queries.ts). */
export const rememberPublicConfig = (loaded: PublicConfig): PublicConfig => {
  config = loaded;
  return loaded;
};

export const publicConfigLoaded = (): PublicConfig | undefined => config;

export const publicConfig = (): PublicConfig => {
  if (!config) throw new Error('loadPublicConfig() must run before the console renders.');
  return config;
};
