// Delivery rules for serving (docs/serving.md, "Delivery rules"): a rule set compiled once, when a live
// creative (or a placement) is loaded into the serving cache, into one function that a request's facts
// are checked against: precomputed sets for the lists, a suffix walk over a set for domains, a bitset for
// the daypart with the hour of the week read from a per-zone clock (rules/hour-of-week.ts). Nothing is
// read from stored JSON per request. The first rule a request fails is its not-served reason.
import { APP_SITE_PREFIX } from '../traffic/site';
import { type DeviceType, familyOf } from '../traffic/user-agent';
import type { FrequencyCap, UncappableChoice } from './frequency-caps';
import { hourOfWeek } from './hour-of-week';

export const LIST_RULE_MODES = ['include', 'exclude'] as const;
export type ListRuleMode = (typeof LIST_RULE_MODES)[number];

/** What a request with no site to tell follows: served (the default) or not. */
export const UNKNOWN_SITE_CHOICES = ['serve', 'skip'] as const;
export type UnknownSiteChoice = (typeof UNKNOWN_SITE_CHOICES)[number];

/** The rules a list of values can be: which values, and whether a request must have one or must not. */
export const LIST_RULES = ['countries', 'devices', 'os', 'browsers'] as const;
export type ListRuleName = (typeof LIST_RULES)[number];
/** Every rule, in the order serving checks them. */
export const DELIVERY_RULES = [...LIST_RULES, 'sites', 'daypart'] as const;
export type DeliveryRuleName = (typeof DELIVERY_RULES)[number];

export interface ListRule<V extends string = string> {
  mode: ListRuleMode;
  values: V[];
}
export interface SiteRule {
  /** Domains (each with its subdomains) and `app:` bundles a request's site must be one of; none: any. */
  allow: string[];
  /** Domains and bundles a request's site must not be. */
  block: string[];
}
/** 7 days, Monday first, of 24 hours from 00 to 23 in the campaign's timezone: true serves. */
export type DaypartGrid = boolean[][];

export interface DeliveryRules {
  countries?: ListRule | null | undefined;
  devices?: ListRule<DeviceType> | null | undefined;
  os?: ListRule | null | undefined;
  browsers?: ListRule | null | undefined;
  sites?: SiteRule | null | undefined;
  /** The campaign's choice for requests whose site is unknown; a creative's rules have none. */
  unknownSite?: UnknownSiteChoice | undefined;
  daypart?: DaypartGrid | null | undefined;
  /** At most so many ads per browser per window (rules/frequency-caps.ts); none or empty: no cap. */
  frequencyCaps?: FrequencyCap[] | null | undefined;
  /** The campaign's choice for requests that cannot be capped; a creative's rules have none. */
  uncappable?: UncappableChoice | undefined;
}

/**
 * Why an ad request got no ad (the report's "Requests not served, by reason"): outside the flight,
 * the campaign archived (or, for a placement, every creative paused or unpublished), a rule of the
 * campaign or of the creative, or (a placement) none of its creatives eligible for this request; a
 * frequency cap reached for this browser (`frequency`), or a request that cannot be capped where the
 * campaign says not to serve those (`notCappable`: docs/serving.md, "Frequency caps"); or the even
 * delivery's throttle (`throttled`: rules/even-delivery.ts). One more reason is one more entry here and
 * one figure (reports/figures.ts); the stores keep reasons as data.
 */
export const NOT_SERVED_REASONS = [
  'flight',
  'paused',
  'country',
  'device',
  'os',
  'browser',
  'site',
  'daypart',
  'noCreative',
  'frequency',
  'notCappable',
  'throttled',
] as const;
export type NotServedReason = (typeof NOT_SERVED_REASONS)[number];
/** What an ad request's answer was: an ad, or the reason it got none. */
export type RequestOutcome = 'served' | NotServedReason;
export const REQUEST_OUTCOMES: readonly RequestOutcome[] = ['served', ...NOT_SERVED_REASONS];

/** The reason a request failing each rule gets. */
export const REASON_OF_RULE: Readonly<Record<DeliveryRuleName, NotServedReason>> = {
  countries: 'country',
  devices: 'device',
  os: 'os',
  browsers: 'browser',
  sites: 'site',
  daypart: 'daypart',
};

/** What the rules read of a request: the breakdown values the serving edge derives ('' unknown). */
export interface DeliveryFacts {
  country: string;
  device: string;
  os: string;
  browser: string;
  site: string;
}

/** A compiled rule set: the reason a request (at `now`, ms) is refused, or null when it may serve. */
export type DeliveryCheck = (facts: DeliveryFacts, now: number) => NotServedReason | null;

/** A list rule as a test of one value: membership in a set, or its absence. */
function listTest(rule: ListRule, key: (value: string) => string = (value) => value) {
  const values = new Set(rule.values.map(key));
  return rule.mode === 'include'
    ? (value: string) => values.has(key(value))
    : (value: string) => !values.has(key(value));
}

/** An OS or browser value as a family rule compares it: its family ('Chrome 126': Chrome), lower case. */
const familyKey = (value: string) => familyOf(value).toLowerCase();

/** Whether `site` is one of `entries`: an app bundle exactly, a host itself or under one of its domains. */
export function siteListed(entries: ReadonlySet<string>, site: string): boolean {
  if (entries.has(site)) return true;
  if (site.startsWith(APP_SITE_PREFIX)) return false;
  for (let dot = site.indexOf('.'); dot !== -1; dot = site.indexOf('.', dot + 1))
    if (entries.has(site.slice(dot + 1))) return true;
  return false;
}

/** A daypart as 168 bits, hour h of weekday d (Monday 0) at bit d × 24 + h. */
export function daypartBits(grid: DaypartGrid): Uint32Array {
  const bits = new Uint32Array(6);
  grid.forEach((day, weekday) => {
    day.forEach((on, hour) => {
      const index = weekday * 24 + hour;
      if (on) bits[index >>> 5] = (bits[index >>> 5] as number) | (1 << (index & 31));
    });
  });
  return bits;
}

/** Whether hour `index` of the week (Monday 00:00 is 0) is on. */
export const daypartHas = (bits: Uint32Array, index: number): boolean =>
  (((bits[index >>> 5] as number) >>> (index & 31)) & 1) === 1;

/**
 * A rule set compiled into one check, the rules in serving's order (country, device, OS, browser, site,
 * daypart): null when it has no rule (every request serves). The daypart reads `timezone` (IANA, the
 * campaign's). `unknownSite` is the campaign's choice; a creative's rules leave unknown sites to it.
 */
export function compileDeliveryRules(
  rules: DeliveryRules | null | undefined,
  timezone: string,
  unknownSite: UnknownSiteChoice = rules?.unknownSite ?? 'serve',
): DeliveryCheck | null {
  const checks: DeliveryCheck[] = [];
  if (rules?.countries) {
    const test = listTest(rules.countries);
    checks.push((facts) => (test(facts.country) ? null : 'country'));
  }
  if (rules?.devices) {
    const test = listTest(rules.devices);
    checks.push((facts) => (test(facts.device) ? null : 'device'));
  }
  if (rules?.os) {
    const test = listTest(rules.os, familyKey);
    checks.push((facts) => (test(facts.os) ? null : 'os'));
  }
  if (rules?.browsers) {
    const test = listTest(rules.browsers, familyKey);
    checks.push((facts) => (test(facts.browser) ? null : 'browser'));
  }
  const allow = new Set(rules?.sites?.allow ?? []);
  const block = new Set(rules?.sites?.block ?? []);
  if (allow.size > 0 || block.size > 0 || unknownSite === 'skip') {
    checks.push(({ site }) => {
      if (site === '') return unknownSite === 'skip' ? 'site' : null;
      if (block.size > 0 && siteListed(block, site)) return 'site';
      return allow.size > 0 && !siteListed(allow, site) ? 'site' : null;
    });
  }
  const grid = rules?.daypart;
  if (grid?.some((day) => day.some((on) => !on))) {
    const bits = daypartBits(grid);
    checks.push((_facts, now) => (daypartHas(bits, hourOfWeek(timezone, now)) ? null : 'daypart'));
  }
  if (checks.length === 0) return null;
  if (checks.length === 1) return checks[0] as DeliveryCheck;
  return (facts, now) => {
    for (const check of checks) {
      const reason = check(facts, now);
      if (reason !== null) return reason;
    }
    return null;
  };
}

/** Two checks that must both pass (a campaign's, then a creative's); null when neither has a rule. */
export function bothChecks(first: DeliveryCheck | null, second: DeliveryCheck | null): DeliveryCheck | null {
  if (first === null) return second;
  if (second === null) return first;
  return (facts, now) => first(facts, now) ?? second(facts, now);
}
