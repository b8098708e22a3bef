// General invalid traffic, found at the edge: every ad request and tracking call is classified once, in
// memory, before anything else happens to it, and only the reason is kept (never the address). In order:
// a prefetch or preview request; no user agent; a headless or automation browser, or a known bot,
// crawler, link preview or monitor (the maintained `isbot` list); an address in a hosting network
// (hosting-ranges.ts). Ad requests also pass the rate rule (the domain's arithmetic, counted here) as they
// enter the gate (gate.ts), and unsigned conversions as they arrive (conversions.ts).
//
// Server-side ad insertion: a stitching server fetches VAST and fires beacons for its viewers, sending
// the viewer's address and user agent as X-Device-IP and X-Device-User-Agent (IAB VAST 4). Those headers
// are believed only from the addresses SSAI_PROXIES lists; from anyone else they are ignored, or any
// client could launder a data-centre request by claiming to be a viewer.
import { BlockList, isIP } from 'node:net';
import {
  countAdRequest,
  DELIVERY_FACTS,
  DEVICE_TYPES,
  type DeliveryFacts,
  type EventDimensions,
  FACTS_READ_FROM_REQUEST,
  normalizeAppBundle,
  normalizeSite,
  OTHER_DIMENSION_VALUE,
  overRateLimit,
  RATE_WINDOW_MS,
  UNKNOWN_DIMENSIONS,
  type UserAgentDimensions,
  userAgentDimensions,
} from '@adconsole/domain';
import { list as botPatterns, isbotPattern } from 'isbot';
import { getDomain } from 'tldts-icann';
import { UAParser } from 'ua-parser-js';
import { normalizeClientAddress, rateAddressOf } from '../client-address';
import { RecentMap } from '../recent-map';
import { countingKeys } from './counting-key';
import { type CountryLookup, createCountryLookup } from './country';
import type { HostingRanges } from './hosting-ranges';
import type { CarriedReason } from './signing';

/** The reasons found from a request itself (the rest come from the event's story: the event store). */
type EdgeReason = CarriedReason | 'prefetch';

/** What the classifier reads of a request: its client's address (after TRUST_PROXY) and headers. */
export interface RequestFacts {
  ip: string;
  /** The HTTP method: a HEAD is judged as a prefetch (it shows no ad and follows no link). */
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  /**
   * The request's query, for the breakdown's site: `bundle` (the platform's app-bundle macro), `site`
   * (its site or domain macro) and `page` (the page the ad runtime sees).
   */
  query?: unknown;
}

/** A classified client: why it is invalid traffic (null: it is not), and its key for the rate rule. */
export interface TrafficClient {
  reason: EdgeReason | null;
  /**
   * Whether the request can show anyone an ad: not a HEAD (a link checker's). A HEAD of an ad request is
   * answered as the GET but not counted among the ad requests (docs/reports.md, "Requests not served").
   */
  showsAd: boolean;
  /**
   * The rate rule's key for this client and a key (a tag, a conversion action): 53 bits of a salted hash
   * of the key, address and user agent, never the address (a number: the minute's counts hold no strings).
   */
  rateKey(key: string): number;
  /**
   * The rate rule's key for this client's address alone (an IPv6 address's /64) and a key: whatever
   * user agents it sends, one count (the rule's second, higher limit: ADDRESS_RATE_FACTOR).
   */
  rateAddressKey(key: string): number;
  /**
   * The breakdown values of the request (docs/reports.md): its site, the user agent's device type, OS
   * and browser (parsed once with the bot check, remembered with it) and the address's country. What
   * its impression carries: worked out once, on first asking.
   */
  dimensions(): EventDimensions;
  /**
   * What the delivery rules judge (the domain's DeliveryFacts): the breakdown values, and every site the
   * request carries (each one against a block list). Worked out once, on first asking.
   */
  facts(): DeliveryFacts;
  /**
   * Whether the site the tag claims (its site macro or the page) has another registrable domain than
   * the request's Referer: counted, so a spoofed site claim shows (docs/serving.md, "Delivery rules").
   */
  siteMismatch(): boolean;
  /**
   * The client's key for the even throttle's share (53 bits of a salted hash of the address alone, never
   * the address; an IPv6 address's /64, as the rate rule counts it): a new user agent a request, or a
   * new address of its /64, makes no new client.
   */
  addressKey(): number;
}

/** isbot's patterns that name automation tools rather than bots: their matches are `headless`. */
const AUTOMATION_PATTERNS = new Set(
  botPatterns.filter((pattern) =>
    ['headless', 'phantomjs', 'playwright', 'selenium', 'cypress/'].includes(pattern),
  ),
);
/** Where a request's site can come from, in the order they are believed (the domain's siteOf). */
const SITE_SOURCES = ['bundle', 'claimed', 'page', 'referer'] as const;
type SiteSource = (typeof SITE_SOURCES)[number];
/** The query parameter of each source read from the query. */
const SOURCE_PARAM = { bundle: 'bundle', claimed: 'site', page: 'page', referer: '' } as const;

/** User agents whose verdicts are remembered (a few hundred distinct ones make most traffic). */
const USER_AGENT_CACHE_SIZE = 10_000;
/** Longer user agents are classified each time rather than kept. */
const CACHEABLE_USER_AGENT_LENGTH = 512;
/**
 * Clients × keys counted at once (a RecentMap: recent-map.ts). A flood of new keys (a new user agent a
 * request) forgets the keys not counted lately, never the minute's counts of the clients still
 * counting, in constant time a request.
 */
export const RATE_KEYS_LIMIT = 200_000;
/**
 * Ad requests a minute from one address (an IPv6 address's /64) for one tag, and unsigned conversions for
 * one action, whatever its user agents: this many times SERVE_RATE_LIMIT (docs/traffic-quality.md, "The
 * rate rule"; docs/conversions.md, "Signed postbacks and caps"), so a new user agent a request buys a
 * client no new allowance, while an office or a carrier's shared address keeps room.
 */
export const ADDRESS_RATE_FACTOR = 10;

/**
 * A request's facts as the delivery rules read them: each fact an own property (from the request itself,
 * else the derived dimensions, else unknown), the same shape every request; every site it carries read
 * on first need (a block list's), by a getter on the class rather than one defined on each object (that
 * one showed in the ad route's profile).
 */
class JudgedFacts {
  // Private fields: no own properties besides the facts (the tag tester echoes them).
  #sites: readonly string[] | undefined;
  readonly #carried: () => readonly string[];
  constructor(
    dims: Readonly<Partial<Record<string, string>>>,
    read: Readonly<Partial<Record<string, string>>>,
    carried: () => readonly string[],
  ) {
    this.#carried = carried;
    const facts = this as unknown as Record<string, string>;
    for (const fact of DELIVERY_FACTS) facts[fact] = read[fact] ?? dims[fact] ?? '';
  }

  get carriedSites(): readonly string[] {
    this.#sites ??= this.#carried();
    return this.#sites;
  }
}

const header = (facts: RequestFacts, name: string): string | undefined => {
  const value = facts.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * A request that shows no one an ad: a browser's prefetch, prerender or preview thumbnail, or a HEAD
 * (a link checker's, an unfurler's). Its events are not counted and it spends none of the rate rule.
 */
function isPrefetch(facts: RequestFacts): boolean {
  if (facts.method === 'HEAD') return true;
  const purpose = header(facts, 'sec-purpose') ?? header(facts, 'purpose') ?? header(facts, 'x-purpose');
  if (purpose !== undefined && /prefetch|preview|prerender/i.test(purpose)) return true;
  return header(facts, 'x-moz')?.toLowerCase() === 'prefetch';
}

export interface TrafficQualityOptions {
  hosting: HostingRanges;
  /** Addresses and CIDR ranges of server-side ad insertion proxies (SSAI_PROXIES). */
  ssaiProxies: readonly string[];
  /** Ad requests a minute per client per tag (SERVE_RATE_LIMIT); 0 turns the rule off. */
  rateLimit: number;
  /** Rate keys counted at once (RATE_KEYS_LIMIT; the tests set fewer). */
  rateKeysLimit?: number;
  now?: () => number;
  /** The IP-to-country database (default: the packaged one, read on first use). */
  country?: CountryLookup;
}

export class TrafficQuality {
  private readonly userAgents = new RecentMap<
    string,
    { reason: 'bot' | 'headless' | null; dims: UserAgentDimensions }
  >(USER_AGENT_CACHE_SIZE);
  private readonly country: CountryLookup;
  private readonly proxies = new BlockList();
  private readonly hasProxies: boolean;
  /** The rate rule's and the throttle's client keys, salted for this process (counting-key.ts). */
  private readonly keys = countingKeys();
  /** This minute's ad requests by rate key (counts only: they start again each minute). */
  private readonly rates: RecentMap<number, number>;
  private rateWindow = 0;
  private readonly now: () => number;

  constructor(private readonly options: TrafficQualityOptions) {
    this.now = options.now ?? Date.now;
    this.rates = new RecentMap(options.rateKeysLimit ?? RATE_KEYS_LIMIT);
    this.country = options.country ?? createCountryLookup();
    for (const entry of options.ssaiProxies) {
      const [address = '', bits] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.proxies.addAddress(address, family);
      else this.proxies.addSubnet(address, Number(bits), family);
    }
    this.hasProxies = options.ssaiProxies.length > 0;
  }

  /** The IP-to-country database the country breakdown reads (the report footer names it). */
  get countryDatabase() {
    return this.country.database;
  }

  /** The verdict on a user agent, remembered (least recently used ones forgotten first). */
  userAgentReason(userAgent: string): 'bot' | 'headless' | null {
    return this.userAgent(userAgent).reason;
  }

  /**
   * A user agent's verdict and breakdown values, parsed once and remembered together (the ones not met
   * lately forgotten first: a RecentMap).
   */
  private userAgent(userAgent: string): { reason: 'bot' | 'headless' | null; dims: UserAgentDimensions } {
    const known = this.userAgents.get(userAgent);
    if (known !== undefined) return known;
    const pattern = isbotPattern(userAgent);
    const reason = pattern === null ? null : AUTOMATION_PATTERNS.has(pattern) ? 'headless' : 'bot';
    const parsed = userAgent === '' ? {} : new UAParser(userAgent).getResult();
    const entry = { reason, dims: userAgentDimensions(parsed) } as const;
    if (userAgent.length <= CACHEABLE_USER_AGENT_LENGTH) this.userAgents.set(userAgent, entry);
    return entry;
  }

  /** The client a request speaks for: the viewer behind a listed SSAI proxy, else the sender. */
  private clientOf(facts: RequestFacts): { address: string; userAgent: string } {
    const userAgent = header(facts, 'user-agent')?.trim() ?? '';
    if (this.hasProxies) {
      const family = isIP(facts.ip);
      const deviceIp = header(facts, 'x-device-ip')?.trim();
      const deviceAgent = header(facts, 'x-device-user-agent')?.trim();
      if (
        family !== 0 &&
        deviceIp !== undefined &&
        isIP(deviceIp) !== 0 &&
        deviceAgent !== undefined &&
        this.proxies.check(facts.ip, family === 6 ? 'ipv6' : 'ipv4')
      ) {
        return { address: normalizeClientAddress(deviceIp), userAgent: deviceAgent };
      }
    }
    return { address: normalizeClientAddress(facts.ip), userAgent };
  }

  /** Classifies one request (an ad request or a tracking call). */
  classify(facts: RequestFacts): TrafficClient {
    const client = this.clientOf(facts);
    const rateKey = (key: string) => this.keys.of(`${key}\n${client.address}\n${client.userAgent}`);
    // The address as the per-address counts read it (an IPv6 address's /64), worked out once.
    let counted: string | undefined;
    const countedAddress = () => {
      counted ??= rateAddressOf(client.address);
      return counted;
    };
    const rateAddressKey = (key: string) => this.keys.of(`${key}\naddress\n${countedAddress()}`);
    // The user agent's verdict and values, looked up once for both (a cache hit moves the entry).
    let known: ReturnType<TrafficQuality['userAgent']> | undefined;
    const agent = () => {
      known ??= this.userAgent(client.userAgent);
      return known;
    };
    let reason: EdgeReason | null = null;
    if (isPrefetch(facts)) reason = 'prefetch';
    else if (client.userAgent === '') reason = 'no-user-agent';
    else reason = agent().reason;
    if (reason === null && this.options.hosting.has(client.address)) reason = 'data-centre';
    const query = (facts.query ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
    // Every site the request carries, as the breakdowns keep sites: the macros', the page's, the
    // Referer's, each normalised once and only when something asks for it.
    const normalized: Partial<Record<SiteSource, string>> = {};
    const site = (source: SiteSource): string => {
      normalized[source] ??=
        source === 'bundle'
          ? normalizeAppBundle(text('bundle'))
          : normalizeSite(source === 'referer' ? header(facts, 'referer') : text(SOURCE_PARAM[source]));
      return normalized[source];
    };
    // Derived once per request: the delivery rules and the signed impression read the same values.
    let derived: EventDimensions | undefined;
    const dimensions = (): EventDimensions => {
      derived ??= {
        // The first source found wins (the domain's siteOf, each normalised here).
        site: site('bundle') || site('claimed') || site('page') || site('referer'),
        ...agent().dims,
        country: this.country.countryOf(client.address),
      };
      return derived;
    };
    let judged: DeliveryFacts | undefined;
    const deliveryFacts = (): DeliveryFacts => {
      if (judged !== undefined) return judged;
      const read: Partial<Record<string, string>> = {};
      const parts = { header: (name: string) => header(facts, name), query: text };
      // The facts read from the request itself (REQUEST_FACTS whose edge is the request: lang=, conn=).
      for (const fact of FACTS_READ_FROM_REQUEST) read[fact.key] = fact.edge.read(parts);
      judged = new JudgedFacts(dimensions(), read, () =>
        SITE_SOURCES.map(site).filter((each) => each !== ''),
      ) as unknown as DeliveryFacts;
      return judged;
    };
    let mismatch: boolean | undefined;
    const siteMismatch = () => {
      if (mismatch === undefined) {
        // Only a request that claims a site and has a Referer can contradict itself.
        const claims = text('site') !== undefined || text('page') !== undefined;
        const claim = claims && header(facts, 'referer') ? site('claimed') || site('page') : '';
        const referer = claim === '' ? '' : site('referer');
        mismatch = referer !== '' && claim !== referer && registrable(claim) !== registrable(referer);
      }
      return mismatch;
    };
    const addressKey = () => this.keys.of(`address\n${countedAddress()}`);
    return {
      reason,
      showsAd: facts.method !== 'HEAD',
      rateKey,
      rateAddressKey,
      dimensions,
      facts: deliveryFacts,
      siteMismatch,
      addressKey,
    };
  }

  /**
   * The verdict on an ad request for a tag (`key`: its live creative's id, or a placement's `p|<id>`),
   * counted once as it enters the gate (gate.ts), which its impression carries: the client's own reason,
   * else `rate` when this client asked for this tag more often this minute than the rate rule allows.
   * A prefetch is not carried: a prerendered page that its visitor then opens fires its events as a
   * normal page.
   */
  adRequestReason(client: TrafficClient, key: string): CarriedReason | null {
    if (client.reason !== null) return client.reason === 'prefetch' ? null : client.reason;
    return this.overRate(client, key) ? 'rate' : null;
  }

  /**
   * The rate rule alone: whether this client made more requests for `key` (a tag, or a conversion
   * action's `conv|<id>`) this minute than the limit, this one counted. Counted twice: per address and
   * user agent under the limit, and per address alone (an IPv6 address's /64) under ADDRESS_RATE_FACTOR
   * times it, so a new user agent a request buys no new allowance; an address over its limit counts no
   * key per user agent more.
   */
  overRate(client: TrafficClient, key: string): boolean {
    if (this.options.rateLimit === 0) return false;
    const now = this.now();
    const window = Math.floor(now / RATE_WINDOW_MS);
    if (window !== this.rateWindow) {
      this.rates.clear();
      this.rateWindow = window;
    }
    if (this.countRate(client.rateAddressKey(key), window, now, this.options.rateLimit * ADDRESS_RATE_FACTOR))
      return true;
    return this.countRate(client.rateKey(key), window, now, this.options.rateLimit);
  }

  /** Counts one request under a key this minute (the key made recent); whether it is over `limit`. */
  private countRate(rateKey: number, window: number, now: number, limit: number): boolean {
    const previous = this.rates.get(rateKey);
    const count = countAdRequest(previous === undefined ? undefined : { window, count: previous }, now);
    this.rates.set(rateKey, count.count);
    return overRateLimit(count, limit);
  }

  /** How many keys the rate rule counts this minute (its tests read it). */
  get rateKeys(): number {
    return this.rates.size;
  }
}

/** A host's registrable domain (news.example.co.uk: example.co.uk), the host itself when it has none. */
const registrable = (host: string): string => getDomain(host) ?? host;

const DIMENSION_SEPARATOR = '|';

/**
 * An impression's breakdown values as its URLs carry them (signed with it: signing.ts): the five
 * values joined by '|'; '' when every one is unknown.
 */
export function encodeDimensions(dims: EventDimensions): string {
  const values = [dims.site, dims.device, dims.os, dims.browser, dims.country];
  return values.every((value) => value === '') ? '' : values.join(DIMENSION_SEPARATOR);
}

/** Only what an encoder could have written is believed; anything else is unknown. */
const plausible = (value: string | undefined, test: (value: string) => boolean) =>
  value !== undefined && value !== '' && test(value) ? value : '';
const familyValue = (value: string) => value.length <= 50 && /^[\p{L}\p{N} ._+\-/()]+$/u.test(value);

/** The values a (verified) `d=` carries; all unknown without one. */
export function decodeDimensions(encoded: string | undefined): EventDimensions {
  if (!encoded) return { ...UNKNOWN_DIMENSIONS };
  const [site, device, os, browser, country] = encoded.split(DIMENSION_SEPARATOR);
  return {
    site: plausible(
      site,
      (value) =>
        value === OTHER_DIMENSION_VALUE ||
        normalizeSite(value) === value ||
        normalizeAppBundle(value.slice(4)) === value,
    ),
    device: plausible(device, (value) => (DEVICE_TYPES as readonly string[]).includes(value)),
    os: plausible(os, familyValue),
    browser: plausible(browser, familyValue),
    country: plausible(country, (value) => /^[A-Z]{2}$/.test(value)),
  };
}
