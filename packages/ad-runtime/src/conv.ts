// The conversion tag (docs/conversions.md "The tag"): dist/conv.js, served as /serve/conv.js,
// loaded by the advertiser's own pages. No framework, a few hundred bytes. Two things:
// - on every page load whose URL carries the click id (`adc_click`, or the parameter the script tag's
//   `data-param` names), it keeps the id in the advertiser's own localStorage for 90 days (the newest
//   click replaces an older one: the last click wins);
// - `adconsole('conversion', {action, value, currency, order})` sends the kept click id with the
//   conversion to /serve/conv/{action} on the origin the script came from, by navigator.sendBeacon (or
//   fetch with keepalive), so a conversion sent while the page unloads still leaves.
// Calls made before the script loaded wait in `adconsole.q` (the snippet's stub) and run now. Nothing
// else is read or sent: no cookie, no user agent, no page address.
import {
  CLICK_ID_KEEP_DAYS,
  CLICK_ID_STORAGE_KEY,
  CONVERSION_QUERY,
  DEFAULT_CLICK_PARAM,
  serveConversionPath,
} from './contract';

interface Conversion {
  action: string;
  value?: number | string;
  currency?: string;
  order?: string | number;
}
type Command = (name: string, conversion?: Conversion) => boolean | undefined;
interface Stub {
  (...args: unknown[]): unknown;
  q?: ArrayLike<unknown>[];
}

const page = window as unknown as { adconsole?: Stub };
const script = document.currentScript as HTMLScriptElement | null;
const origin = script ? new URL(script.src).origin : '';
const param = script?.dataset.param || DEFAULT_CLICK_PARAM;
const KEEP_MS = CLICK_ID_KEEP_DAYS * 24 * 60 * 60 * 1000;

/** localStorage, or nothing where the page may not use it (storage blocked, sandboxed). */
const storage = (): Storage | undefined => {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
};

/** The click id of this page's URL, kept; else the one kept before while it has not expired. */
function clickId(): string | undefined {
  const store = storage();
  const fromUrl = new URLSearchParams(location.search).get(param);
  try {
    if (fromUrl)
      store?.setItem(CLICK_ID_STORAGE_KEY, JSON.stringify({ id: fromUrl, until: Date.now() + KEEP_MS }));
    const kept = JSON.parse(store?.getItem(CLICK_ID_STORAGE_KEY) ?? 'null') as {
      id?: string;
      until?: number;
    } | null;
    if (kept?.id && (kept.until ?? 0) > Date.now()) return kept.id;
    store?.removeItem(CLICK_ID_STORAGE_KEY);
  } catch {
    // A full or blocked storage: the URL's id still serves this page.
  }
  return fromUrl ?? undefined;
}

const kept = clickId();

const command: Command = (name, conversion) => {
  if (name !== 'conversion' || !conversion?.action || !kept) return false;
  const query = new URLSearchParams({ [CONVERSION_QUERY.click]: kept, src: 'tag' });
  for (const field of ['value', 'currency', 'order'] as const) {
    const value = conversion[field];
    if (value !== undefined && value !== '') query.set(CONVERSION_QUERY[field], String(value));
  }
  const url = `${origin}${serveConversionPath(conversion.action)}?${query}`;
  if (navigator.sendBeacon?.(url)) return true;
  fetch(url, { method: 'POST', keepalive: true, mode: 'no-cors' }).catch(() => {});
  return true;
};

const queued = page.adconsole?.q ?? [];
page.adconsole = (...args: unknown[]) => command(args[0] as string, args[1] as Conversion | undefined);
for (const args of Array.from(queued)) command(args[0] as string, args[1] as Conversion | undefined);
