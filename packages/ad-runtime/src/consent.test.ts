// The page's CMP as the runtime asks it (docs/privacy.md, "Banners: the page's CMP"): the TCF and GPP
// APIs of its own window, or of the ancestor holding the CMP's locator frame (postMessage), a short wait
// for the first answer, and later decisions seen by later ad requests.
import { describe, expect, it } from 'vitest';
import { pageConsentReader } from './consent';
import type { Timers } from './timers';

type Listener = (data: Record<string, unknown>, success: boolean) => void;

/** Timers the test fires by hand. */
function manualTimers() {
  const pending: (() => void)[] = [];
  const timers: Timers = {
    setTimeout: (callback) => pending.push(callback),
    clearTimeout: () => {},
  };
  const fire = () => {
    for (const callback of pending.splice(0)) callback();
  };
  return { timers, fire };
}

/** A window whose TCF CMP calls its listeners when told to (`emit`). */
function pageWithTcf() {
  const listeners: Listener[] = [];
  const win = {
    __tcfapi: (command: string, version: number, callback: Listener) => {
      if (command === 'addEventListener' && version === 2) listeners.push(callback);
    },
  };
  (win as unknown as { parent: unknown }).parent = win;
  return {
    win: win as unknown as Window,
    emit: (data: Record<string, unknown>) => {
      for (const listener of listeners) listener(data, true);
    },
  };
}

describe("the page's CMP", () => {
  it('no CMP on the page: nothing, at once', async () => {
    const win = {} as Window & { parent: Window };
    (win as { parent: Window }).parent = win;
    expect(await pageConsentReader(win, manualTimers().timers)()).toEqual({});
  });

  it("the TCF CMP's string once loaded; a decision made later is what later ad requests carry", async () => {
    const { win, emit } = pageWithTcf();
    const read = pageConsentReader(win, manualTimers().timers);
    const first = read();
    emit({ gdprApplies: true, tcString: 'CREFUSED', eventStatus: 'tcloaded' });
    expect(await first).toEqual({ gdpr: '1', gdpr_consent: 'CREFUSED' });
    emit({ gdprApplies: true, tcString: 'CGIVEN', eventStatus: 'useractioncomplete' });
    expect(await read()).toEqual({ gdpr: '1', gdpr_consent: 'CGIVEN' });
  });

  it('the banner shown and no decision within the wait: GDPR applies and no string (no consent)', async () => {
    const { win, emit } = pageWithTcf();
    const { timers, fire } = manualTimers();
    const asked = pageConsentReader(win, timers)();
    emit({ gdprApplies: true, tcString: '', eventStatus: 'cmpuishown' });
    fire();
    expect(await asked).toEqual({ gdpr: '1', gdpr_consent: undefined });
  });

  it('from inside a frame: the ancestor holding __tcfapiLocator answers by postMessage', async () => {
    const handlers: ((event: { data: unknown }) => void)[] = [];
    const frame = {
      addEventListener: (_type: string, handler: (event: { data: unknown }) => void) =>
        handler && handlers.push(handler),
    } as unknown as Window & { parent: Window };
    const top = {
      frames: { __tcfapiLocator: {} },
      postMessage: (message: { __tcfapiCall: { callId: string; command: string } }) => {
        const { callId, command } = message.__tcfapiCall;
        if (command !== 'addEventListener') return;
        const reply = {
          __tcfapiReturn: {
            callId,
            success: true,
            returnValue: { gdprApplies: true, tcString: 'CTOP', eventStatus: 'tcloaded' },
          },
        };
        for (const handler of handlers) handler({ data: JSON.stringify(reply) });
      },
    } as unknown as Window;
    (top as { parent: Window }).parent = top;
    (frame as { parent: Window }).parent = top;
    expect(await pageConsentReader(frame, manualTimers().timers)()).toEqual({
      gdpr: '1',
      gdpr_consent: 'CTOP',
    });
  });

  it("the GPP CMP's string and applicable sections once ready", async () => {
    let listener: ((event: Record<string, unknown>) => void) | undefined;
    const win = {
      __gpp: (command: string, callback: typeof listener) => {
        if (command === 'addEventListener') listener = callback;
      },
    } as unknown as Window;
    (win as { parent: Window }).parent = win;
    const asked = pageConsentReader(win, manualTimers().timers)();
    listener?.({ eventName: 'signalStatus', pingData: { signalStatus: 'not ready' } });
    listener?.({
      eventName: 'signalStatus',
      pingData: { signalStatus: 'ready', gppString: 'DBABLA~X', applicableSections: [7] },
    });
    expect(await asked).toEqual({ gpp: 'DBABLA~X', gpp_sid: '7' });
  });
});
