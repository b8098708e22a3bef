// A browser's frequency-cap history as one ad request reads and writes it (docs/serving.md, "Frequency
// caps"): the serving origin's partitioned cookie (CHIPS) `adc_fc=<history>.<signature>`, the history's
// text as rules/frequency-history.ts writes it, signed with the server's HMAC key (the one impressions
// are signed with). A cookie that is missing, malformed, too long or whose signature does not verify is
// no history: the browser is treated as new (capped from its first ad), never trusted and never a 500.
//
// The history travels with the browser, so a cap holds across API processes without a shared read. It
// is written when the answer that carries the ad is made (counted at serve time): an impression beacon
// may come back without the cookie (a browser's rules on third-party requests differ for beacons and
// `sendBeacon`), while the answer is what we chose to show. The cookie is `Secure` and `SameSite=None`
// (sent in a publisher's page, a third-party context) and `Partitioned`: kept per top-level site, so a
// cap holds per browser on each site, never across sites. Browsers treat http://localhost and
// http://127.0.0.1 as secure, so the tests' plain-http server sets and gets it too.
//
// In apps and on TV a tag may carry the device's advertising id instead (`ifa=`, the platform's macro
// expanded): its history is then kept in the store (migration 0042, keyed by the id's HMAC, never the
// id), read once by a request that meets a tag with caps and written back when such an ad is served.
import {
  decodeHistory,
  encodeHistory,
  FREQUENCY_COOKIE,
  type FrequencyHistory,
  historyMaxAge,
  MAX_HISTORY_CHARS,
  type NotServedReason,
  recordServed,
  servedRank,
  type TagCaps,
  tagCapsHold,
} from '@adconsole/domain';
import type { Queryable } from '../../db/database';
import { readDeviceHistory, writeDeviceHistory } from '../../db/queries/frequency-devices';
import { hmac22 } from '../hmac';

/** The signed text: a version and the history, so no other signature of ours can stand for it. */
const signedText = (history: string) => `adc-fc1|${history}`;

/** The cookie's value in a Cookie header, undefined without one (the first one of that name wins). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  const prefix = `${name}=`;
  for (const part of header.split(';')) {
    const pair = part.trim();
    if (pair.startsWith(prefix)) return pair.slice(prefix.length);
  }
  return undefined;
}

/** A history from the cookie's value: an empty one unless it is ours, signed and well formed. */
function readHistoryCookie(secret: Buffer, value: string | undefined): FrequencyHistory {
  // The history, a dot and 22 signature characters; anything longer is not ours.
  if (value === undefined || value.length > MAX_HISTORY_CHARS + 23) return new Map();
  const dot = value.lastIndexOf('.');
  if (dot < 0) return new Map();
  const text = value.slice(0, dot);
  if (hmac22(secret, signedText(text)) !== value.slice(dot + 1)) return new Map();
  return decodeHistory(text) ?? new Map();
}

/** The Set-Cookie header of a history at `now` (ms), as Chromium, Firefox and Safari keep it partitioned. */
function historyCookie(secret: Buffer, history: FrequencyHistory, now: number): string {
  const text = encodeHistory(history, now);
  return [
    `${FREQUENCY_COOKIE}=${text}.${hmac22(secret, signedText(text))}`,
    `Max-Age=${historyMaxAge(decodeHistory(text) ?? new Map())}`,
    'Path=/serve',
    'Secure',
    'HttpOnly',
    'SameSite=None',
    'Partitioned',
  ].join('; ');
}

/** An advertising id as a tag carries it once expanded: hex and dashes (an IDFA, an AAID, a Roku RIDA...). */
const DEVICE_ID = /^[0-9a-z][0-9a-z-]{7,63}$/;
/** The id a device answers when the user limits ad tracking: zeros, which name no one. */
const ZEROS = /^[0-]+$/;

/**
 * The store's key of a device's advertising id (`ifa=`): the HMAC of the id, lower-cased; undefined for
 * none, an unexpanded macro ('[IFA]'), or the zeros of limited ad tracking.
 */
function deviceKeyOf(secret: Buffer, ifa: string | undefined): string | undefined {
  const id = ifa?.trim().toLowerCase() ?? '';
  if (!DEVICE_ID.test(id) || ZEROS.test(id)) return undefined;
  return hmac22(secret, `adc-ifa|${id}`);
}

/** Why one tag's caps refuse this request (`frequency`, `notCappable`); null when it may serve. */
export type CapJudge = (caps: TagCaps, now: number) => NotServedReason | null;

/**
 * One ad request's cap history: a browser's from its cookie, read when a tag with caps first asks; a
 * device's (`deviceKey`) from the store, read by `prepare` before the first tag with caps is judged. An ad
 * with caps served is added to it; a browser's goes back with the answer (`setCookie`), a device's to the
 * store (`persist`). `cappable` is false for a request that keeps no cookie and names no device (the tag
 * says `nocookie=1`: a server-side player, a browser with cookies off).
 */
export class CapJar {
  private history: FrequencyHistory | undefined;
  private changedAt: number | undefined;
  private loading: Promise<void> | undefined;
  /** The device's key, worked out when a tag with caps first needs it (null: no device id). */
  private device: string | null | undefined;

  constructor(
    private readonly server: { secret: Buffer; db: Queryable },
    private readonly cookieHeader: string | undefined,
    private readonly keepsCookies: boolean,
    private readonly ifa?: string | undefined,
  ) {}

  /** The store's key of the request's device id (`ifa=`); undefined without a usable one. */
  private get deviceKey(): string | undefined {
    if (this.device === undefined)
      this.device = this.ifa === undefined ? null : (deviceKeyOf(this.server.secret, this.ifa) ?? null);
    return this.device ?? undefined;
  }

  /** Whether a cookie or a device id can be kept for this request. */
  get cappable(): boolean {
    return this.keepsCookies || this.deviceKey !== undefined;
  }

  /** Reads a device's history from the store, once (a browser's cookie needs no read): before judging. */
  prepare(): Promise<void> | undefined {
    if (this.deviceKey === undefined || this.history !== undefined) return undefined;
    const key = this.deviceKey;
    this.loading ??= readDeviceHistory(this.server.db, key).then(
      (text) => {
        this.history = (text === undefined ? null : decodeHistory(text)) ?? new Map();
      },
      // A store that cannot answer: served as a new device, never a 500.
      () => {
        this.history = new Map();
      },
    );
    return this.loading;
  }

  private read(): FrequencyHistory {
    if (this.deviceKey !== undefined) {
      this.history ??= new Map();
      return this.history;
    }
    this.history ??= readHistoryCookie(this.server.secret, cookieValue(this.cookieHeader, FREQUENCY_COOKIE));
    return this.history;
  }

  /** The reason a tag's caps refuse this request; null when it may serve. */
  readonly judge: CapJudge = (caps, now) => {
    if (!this.cappable) return caps.uncappable === 'skip' ? 'notCappable' : null;
    return tagCapsHold(caps, this.read(), now) ? null : 'frequency';
  };

  /**
   * An ad of a tag with caps (null: none) was served at `now` (ms): it counts from now on. Answers which
   * of its campaign's ads in the campaign's frequency window it is to this browser (docs/reports.md,
   * "Frequency"); null when the campaign has no caps or the request cannot be capped.
   */
  served(caps: TagCaps | null, now: number): number | null {
    if (caps === null || !this.cappable) return null;
    const history = this.read();
    recordServed(caps, history, now);
    this.changedAt = now;
    return servedRank(caps, history, now);
  }

  /** The Set-Cookie header to answer with: only when a browser was served an ad with caps. */
  setCookie(): string | undefined {
    if (this.changedAt === undefined || this.history === undefined || this.deviceKey !== undefined)
      return undefined;
    return historyCookie(this.server.secret, this.history, this.changedAt);
  }

  /** A device's history back to the store, when it was served an ad with caps (a failed write is let go). */
  async persist(): Promise<void> {
    if (this.changedAt === undefined || this.history === undefined || this.deviceKey === undefined) return;
    const text = encodeHistory(this.history, this.changedAt);
    await writeDeviceHistory(this.server.db, this.deviceKey, text, new Date(this.changedAt)).catch(
      () => undefined,
    );
  }
}
