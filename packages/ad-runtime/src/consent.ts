// The page's consent, asked of its consent management platform when a tag carries no consent string of
// its own (docs/privacy.md, "Banners: the page's CMP"): the IAB TCF API (`__tcfapi`) and the IAB GPP API
// (`__gpp`), in this window or, from inside a frame, through the ancestor that holds the CMP's locator
// frame (`__tcfapiLocator`, `__gppLocator`) by postMessage, as both specifications describe. Asked once
// per page and listened to afterwards, so an ad request made after the person decides carries the
// decision. An ad request waits for the first answer at most `waitMs`; without one it goes without.
import type { PRIVACY_PARAMS } from './contract';
import type { Timers } from './timers';

/** What the page's CMPs said, as the ad request's query carries it (no CMP says `us_privacy` any more). */
export type PageConsent = Partial<Record<(typeof PRIVACY_PARAMS)[number], string>>;

type Callback = (value: Record<string, unknown> | undefined, success: boolean) => void;
type CmpCall = (command: string, callback: Callback) => void;
type Api = '__tcfapi' | '__gpp';

/** How long an ad request waits for the page's CMP, in ms: a short wait, never an ad held back long. */
const CMP_WAIT_MS = 500;

/** The CMP's API: the window's own function, else a postMessage call to the ancestor with its locator. */
function cmpCall(win: Window, api: Api): CmpCall | undefined {
  const own = (win as unknown as Record<Api, unknown>)[api];
  if (typeof own === 'function')
    return (command, callback) => (api === '__gpp' ? own(command, callback) : own(command, 2, callback));
  let frame = win;
  for (let depth = 0; depth < 9 && frame !== frame.parent; depth += 1) {
    frame = frame.parent;
    try {
      if ((frame.frames as unknown as Record<string, unknown>)[`${api}Locator`])
        return viaMessages(win, frame, api);
    } catch {
      // Not readable: keep climbing.
    }
  }
  return undefined;
}

/** The CMP's API across frames: `{__tcfapiCall: {...}}` out, `{__tcfapiReturn: {...}}` back (the same for GPP). */
function viaMessages(win: Window, target: Window, api: Api): CmpCall {
  const callbacks: Record<string, Callback> = {};
  win.addEventListener('message', (event) => {
    try {
      const reply = (typeof event.data === 'string' ? JSON.parse(event.data) : event.data)[`${api}Return`];
      callbacks[reply.callId]?.(reply.returnValue, reply.success);
    } catch {
      // Not a reply of the CMP's.
    }
  });
  return (command, callback) => {
    const callId = `${api}${Object.keys(callbacks).length}`;
    callbacks[callId] = callback;
    target.postMessage({ [`${api}Call`]: { command, version: api === '__gpp' ? '1.1' : 2, callId } }, '*');
  };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The page's consent, asked of its CMPs once and listened to afterwards: the first call waits for the
 * first answer of each (the TCF's `tcloaded` or `useractioncomplete`, GPP's `ready`) at most `waitMs`;
 * every call answers the latest seen. No CMP on the page: nothing, at once.
 */
export function pageConsentReader(
  win: Window,
  timers: Timers,
  waitMs = CMP_WAIT_MS,
): () => Promise<PageConsent> {
  const consent: PageConsent = {};
  let asked: Promise<PageConsent> | undefined;
  return () =>
    (asked ??= new Promise((resolve) => {
      let waiting = 0;
      /** Listens to one CMP; `read` takes its answer in and says whether the person has decided. */
      const listen = (api: Api, read: (data: Record<string, unknown>) => boolean) => {
        const call = cmpCall(win, api);
        if (!call) return;
        waiting += 1;
        let settled = false;
        call('addEventListener', (data, success) => {
          if (success === false || !data || !read(data) || settled) return;
          settled = true;
          waiting -= 1;
          if (waiting === 0) resolve(consent);
        });
      };
      listen('__tcfapi', (data) => {
        if (typeof data.gdprApplies === 'boolean') consent.gdpr = data.gdprApplies ? '1' : '0';
        consent.gdpr_consent = text(data.tcString);
        // The UI shown: the person has not decided yet (GDPR applies, no consent until they do).
        return data.eventStatus !== 'cmpuishown';
      });
      listen('__gpp', (event) => {
        const ping = (event.pingData ?? event) as Record<string, unknown>;
        if (ping.signalStatus !== 'ready') return false;
        consent.gpp = text(ping.gppString);
        consent.gpp_sid = (ping.applicableSections as number[] | undefined)?.join(',');
        return true;
      });
      if (waiting === 0) resolve(consent);
      else timers.setTimeout(() => resolve(consent), waitMs);
    }));
}
