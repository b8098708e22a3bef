// A browser's frequency-cap history as one ad request reads and writes it (docs/serving.md, "Frequency
// caps"): the serving origin's partitioned cookie (CHIPS) `adc_fc=<history>.<signature>`, the history's
// text as the domain's delivery/frequency-history.ts writes it, signed with the server's HMAC key (the one impressions
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
// expanded: a UUID or 32 hex digits, the domain's deviceIdOf): its history is then kept in the store
// (migration 0042, keyed by the id's HMAC, never the id), read once by a request that meets a tag with
// caps and appended to under the row's lock when such an ad is served (device-histories.ts). The zeros
// of limited ad tracking and a value that is no id (a placeholder) name no device: the request cannot
// be capped, and the second is counted as a note ("device id not usable"). A macro left unexpanded
// (`[IFA]`) reaches the jar as no `ifa=` at all (routes/serve.ts, capJar): the cookie counts.
//
// The same request's identity for reach (docs/reports.md, "Reach"): the device's id when it names one,
// else the browser's reach cookie (`adc_rid`, a random id, partitioned like the history; made when the
// browser has none), hashed with the server's key to 64 bits (`reachIdentity`), never stored as it is.
//
// Either only with the request's consent (consent.ts, docs/privacy.md): a request that may not store or
// read device state keeps no history (no cookie read or written, no device row), like one that cannot
// be capped, its campaign's "cannot be capped" choice applied and counted as "no consent".
import {
  type DeviceIdKind,
  decodeHistory,
  deviceIdOf,
  encodedHistory,
  FREQUENCY_COOKIE,
  type FrequencyHistory,
  MAX_HISTORY_CHARS,
  type NotServedReason,
  REACH_COOKIE,
  REACH_COOKIE_MAX_AGE_S,
  REACH_COOKIE_VALUE,
  type RequestNote,
  type RequestOutcome,
  recordServed,
  servedRank,
  type TagCaps,
  tagCapsHold,
} from '@adconsole/domain';
import { hmac22 } from '../hmac';
import type { RequestConsent } from './consent';
import type { DeviceHistories } from './device-histories';
import { randomSlice } from './random-pool';
import { reachHash } from './reach-hash';

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
  const { text, maxAge } = encodedHistory(history, now);
  return [
    `${FREQUENCY_COOKIE}=${text}.${hmac22(secret, signedText(text))}`,
    `Max-Age=${maxAge}`,
    'Path=/serve',
    'Secure',
    'HttpOnly',
    'SameSite=None',
    'Partitioned',
  ].join('; ');
}

const NO_NOTES: readonly RequestNote[] = [];
const UNUSABLE_ID: readonly RequestNote[] = ['deviceIdUnusable'];

/** The store's key of a device's advertising id: the HMAC of the id (never the id itself). */
const deviceKeyOf = (secret: Buffer, id: string): string => hmac22(secret, `adc-ifa|${id}`);

/**
 * An identity's 64-bit hash for the reach sketches: 16 hex digits of its HMAC (never the identity),
 * worked out without a call into node:crypto (reach-hash.ts).
 */
const reachHashOf = (secret: Buffer, text: string): string => reachHash(secret, text);

/** A request's identity as reach counts it: a browser's or a device's, by hash. */
export interface ReachIdentity {
  kind: 'browser' | 'device';
  hash: string;
}

/** Why one tag's caps refuse this request (`frequency`, `notCappable`); null when it may serve. */
export type CapJudge = (caps: TagCaps, now: number) => NotServedReason | null;

/** What serving an ad with caps answers: served (its rank in the browser's window, null uncounted), or refused. */
export type CapCommit = { served: true; rank: number | null } | { served: false; reason: 'frequency' };

/**
 * One ad request's cap history: a browser's from its cookie, read when a tag with caps first asks; a
 * device's (its `ifa=`) from the store, read by `prepare` before the first tag with caps is judged. An
 * ad with caps served is committed to it (`commit`): a browser's goes back with the answer
 * (`setCookie`), a device's is appended in the store under the row's lock, where a concurrent request
 * may have taken the cap's last ad (then it is refused). `cappable` is false for a request that keeps no
 * cookie and names no device (the tag says `nocookie=1`: a server-side player, a browser with cookies
 * off), and for one whose `ifa=` is sent but names no device (limited ad tracking, a placeholder).
 */
export class CapJar {
  private history: FrequencyHistory | undefined;
  private changedAt: number | undefined;
  private loading: Promise<void> | undefined;
  /** A reach cookie made for this browser, set with the answer (undefined: none made). */
  private newReachId: string | undefined;
  /** What the request's `ifa=` is, and the store's key of its device (worked out on first need). */
  private device: { id: DeviceIdKind; key: string | undefined } | undefined;

  constructor(
    private readonly server: { secret: Buffer; deviceHistories: DeviceHistories },
    private readonly cookieHeader: string | undefined,
    private readonly keepsCookies: boolean,
    private readonly ifa?: string | undefined,
    /** The request's consent (consent.ts): without it, the jar keeps nothing. None: no signal read. */
    readonly consent?: RequestConsent | undefined,
  ) {}

  /** Whether the request may store or read device state (docs/privacy.md). */
  private get consented(): boolean {
    return this.consent?.deviceState().allowed ?? true;
  }

  private get deviceId(): { id: DeviceIdKind; key: string | undefined } {
    if (this.device === undefined) {
      const id = deviceIdOf(this.ifa);
      this.device = { id, key: id.kind === 'device' ? deviceKeyOf(this.server.secret, id.id) : undefined };
    }
    return this.device;
  }

  /** The store's key of the request's device id (`ifa=`); undefined without a usable one. */
  private get deviceKey(): string | undefined {
    return this.deviceId.key;
  }

  /** Whether a cookie or a device id can be kept for this request. */
  get cappable(): boolean {
    const { kind } = this.deviceId.id;
    return (kind === 'device' || (kind === 'none' && this.keepsCookies)) && this.consented;
  }

  /** The notes the request's identity carries (a device id sent that names no device). */
  get notes(): readonly RequestNote[] {
    return this.deviceId.id.kind === 'unusable' ? UNUSABLE_ID : NO_NOTES;
  }

  /** The request's device, as the even throttle counts a client's share (undefined: no device id). */
  get deviceShareKey(): string | undefined {
    const key = this.deviceKey;
    return key === undefined ? undefined : `device:${key}`;
  }

  /** Reads a device's history from the store, once (a browser's cookie needs no read): before judging. */
  prepare(): Promise<void> | undefined {
    const key = this.deviceKey;
    if (key === undefined || this.history !== undefined || !this.consented) return undefined;
    this.loading ??= this.server.deviceHistories.read(key).then((history) => {
      this.history = history;
    });
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
    if (!this.cappable)
      return caps.uncappable !== 'skip' ? null : this.consented ? 'notCappable' : 'noConsent';
    return tagCapsHold(caps, this.read(), now) ? null : 'frequency';
  };

  /**
   * An ad of a tag with caps (null: none) is served at `now` (ms): it counts from now on. A device's is
   * appended in the store under its row's lock and refused when its caps no longer hold there; a
   * browser's goes into its cookie. Answers the ad's rank in the campaign's frequency window
   * (docs/reports.md, "Frequency"), null when the campaign has no caps or the request cannot be capped.
   */
  commit(caps: TagCaps | null, now: number): CapCommit | Promise<CapCommit> {
    if (caps === null || !this.cappable) return { served: true, rank: null };
    const history = this.read();
    const key = this.deviceKey;
    if (key !== undefined)
      return this.server.deviceHistories.reserve(key, caps, now).then((reserved): CapCommit => {
        if (!reserved.served) return { served: false, reason: 'frequency' };
        recordServed(caps, history, now);
        return reserved;
      });
    // A browser's history is the cookie's: answered at once, no promise.
    recordServed(caps, history, now);
    this.changedAt = now;
    return { served: true, rank: servedRank(caps, history, now) };
  }

  /**
   * The identity reach counts a served ad under (docs/reports.md, "Reach"): the device's, else the
   * browser's reach cookie, made now when it sends none (set with the answer); undefined when the request
   * may keep neither (no consent, no cookies, a device id that names no device).
   */
  reachIdentity(): ReachIdentity | undefined {
    if (!this.cappable) return undefined;
    const key = this.deviceKey;
    if (key !== undefined) return { kind: 'device', hash: reachHashOf(this.server.secret, `d|${key}`) };
    const sent = cookieValue(this.cookieHeader, REACH_COOKIE);
    let id = sent !== undefined && REACH_COOKIE_VALUE.test(sent) ? sent : this.newReachId;
    if (id === undefined) {
      id = randomSlice(16).toString('base64url');
      this.newReachId = id;
    }
    return { kind: 'browser', hash: reachHashOf(this.server.secret, `b|${id}`) };
  }

  /** How a served ad of a tag with caps (null: none) is counted: uncapped for want of consent, or served. */
  servedAs(caps: TagCaps | null): RequestOutcome {
    return caps !== null && !this.consented ? 'servedNoConsent' : 'served';
  }

  /**
   * The Set-Cookie headers to answer with: the history when a browser was served an ad with caps, the
   * reach cookie when one was made; and ones that remove both when the browser still sends them once it
   * may no longer keep them (consent withdrawn).
   */
  setCookie(): string[] | undefined {
    const cookies: string[] = [];
    if (!this.consented) {
      for (const name of [FREQUENCY_COOKIE, REACH_COOKIE])
        if (cookieValue(this.cookieHeader, name) !== undefined)
          cookies.push(`${name}=; Max-Age=0; Path=/serve; Secure; HttpOnly; SameSite=None; Partitioned`);
      return cookies.length === 0 ? undefined : cookies;
    }
    if (this.changedAt !== undefined && this.history !== undefined && this.deviceKey === undefined)
      cookies.push(historyCookie(this.server.secret, this.history, this.changedAt));
    if (this.newReachId !== undefined)
      cookies.push(
        `${REACH_COOKIE}=${this.newReachId}; Max-Age=${REACH_COOKIE_MAX_AGE_S}; Path=/serve; Secure; HttpOnly; SameSite=None; Partitioned`,
      );
    return cookies.length === 0 ? undefined : cookies;
  }
}
