// Delivery rules for serving (docs/serving.md, "Delivery rules"): a rule set compiled once, when a live
// creative (or a placement) is loaded into the serving cache, into one check that a request's facts are
// judged by: one loop over the rules of DELIVERY_RULES, each kind compiled once (a set for a list, a
// suffix walk over a set for sites, a bitset for the daypart with the hour of the week read from a
// per-zone clock: calendar/hour-of-week.ts). Nothing is read from stored JSON per request. The first rule
// a request fails is its not-served reason; the tag tester asks for every one it fails.
import { hourOfWeek } from '../calendar/hour-of-week';
import { APP_SITE_PREFIX } from '../traffic/site';
import { familyOf } from '../traffic/user-agent';
import {
  type DaypartGrid,
  DELIVERY_RULES,
  type DeliveryFacts,
  type DeliveryRuleReason,
  type DeliveryRuleSpec,
  type DeliveryRules,
  type ListKind,
  type ListRule,
  type SiteRule,
  type UnknownSiteChoice,
} from './rule-list';

/**
 * A compiled rule set: the reason a request (at `now`, ms) is refused, or null when it may serve; and
 * `every`, each reason it is refused for, in serving's order (the tag tester's).
 */
export interface DeliveryCheck {
  (facts: DeliveryFacts, now: number): DeliveryRuleReason | null;
  every(facts: DeliveryFacts, now: number): DeliveryRuleReason[];
}

/** One rule compiled: whether a request passes it. */
type RuleTest = (facts: DeliveryFacts, now: number) => boolean;

/** A list value as its rule compares it: itself, or its family ('Chrome 126': chrome). */
export const listKey = (kind: Pick<ListKind, 'compare'>) =>
  kind.compare === 'family' ? (value: string) => familyOf(value).toLowerCase() : (value: string) => value;

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

/** Whether a daypart narrows anything (a grid of every hour is no rule). */
export const daypartNarrows = (grid: DaypartGrid | null | undefined): grid is DaypartGrid =>
  grid?.some((day) => day.some((on) => !on)) === true;

/** A list rule as a test of its fact: membership in a set, or its absence. */
function listTest(spec: DeliveryRuleSpec, kind: ListKind, rule: ListRule): RuleTest {
  const key = listKey(kind);
  const values = new Set(rule.values.map(key));
  const fact = spec.fact as keyof DeliveryFacts;
  return rule.mode === 'include'
    ? (facts) => values.has(key(facts[fact] as string))
    : (facts) => !values.has(key(facts[fact] as string));
}

/**
 * The site rule: a request whose site is unknown follows `unknownSite`; any site it carries that is
 * blocked refuses it (a claimed site never hides a blocked Referer); with an allow list, the site it is
 * believed to be on must be allowed.
 */
function sitesTest(rule: SiteRule | null | undefined, unknownSite: UnknownSiteChoice): RuleTest | null {
  const allow = new Set(rule?.allow ?? []);
  const block = new Set(rule?.block ?? []);
  if (allow.size === 0 && block.size === 0 && unknownSite !== 'skip') return null;
  return ({ site, carriedSites }) => {
    if (block.size > 0) {
      if (site !== '' && siteListed(block, site)) return false;
      if (carriedSites?.some((carried) => carried !== '' && siteListed(block, carried))) return false;
    }
    if (site === '') return unknownSite !== 'skip';
    return allow.size === 0 || siteListed(allow, site);
  };
}

/** The daypart read at the local hour of the week in `timezone`. */
function daypartTest(grid: DaypartGrid, timezone: string): RuleTest {
  const bits = daypartBits(grid);
  return (_facts, now) => daypartHas(bits, hourOfWeek(timezone, now));
}

/** One rule of a set compiled by its kind; null when the set does not narrow by it. */
function ruleTest(
  spec: DeliveryRuleSpec,
  rules: DeliveryRules,
  timezone: string,
  unknownSite: UnknownSiteChoice,
): RuleTest | null {
  const kind = spec.kind;
  const rule = (rules as Record<string, unknown>)[spec.key];
  if (kind.type === 'list') return rule ? listTest(spec, kind, rule as ListRule) : null;
  if (kind.type === 'sites') return sitesTest(rule as SiteRule | null | undefined, unknownSite);
  return daypartNarrows(rule as DaypartGrid | null | undefined)
    ? daypartTest(rule as DaypartGrid, timezone)
    : null;
}

/** Tests in serving's order as one check. */
function checkOf(tests: readonly { reason: DeliveryRuleReason; test: RuleTest }[]): DeliveryCheck {
  const check = ((facts: DeliveryFacts, now: number) => {
    for (const { reason, test } of tests) if (!test(facts, now)) return reason;
    return null;
  }) as DeliveryCheck;
  check.every = (facts, now) => tests.filter(({ test }) => !test(facts, now)).map(({ reason }) => reason);
  return check;
}

/**
 * A rule set compiled into one check, the rules in serving's order (DELIVERY_RULES): null when it has
 * no rule (every request serves). The daypart reads `timezone` (IANA, the campaign's). `unknownSite`
 * is the campaign's choice; a creative's rules leave unknown sites to it.
 */
export function compileDeliveryRules(
  rules: DeliveryRules | null | undefined,
  timezone: string,
  unknownSite: UnknownSiteChoice = rules?.unknownSite ?? 'serve',
): DeliveryCheck | null {
  const tests: { reason: DeliveryRuleReason; test: RuleTest }[] = [];
  for (const spec of DELIVERY_RULES) {
    const test = ruleTest(spec, rules ?? {}, timezone, unknownSite);
    if (test !== null) tests.push({ reason: spec.reason, test });
  }
  return tests.length === 0 ? null : checkOf(tests);
}

/** Two checks that must both pass (a campaign's, then a creative's); null when neither has a rule. */
export function bothChecks(first: DeliveryCheck | null, second: DeliveryCheck | null): DeliveryCheck | null {
  if (first === null) return second;
  if (second === null) return first;
  const check = ((facts: DeliveryFacts, now: number) =>
    first(facts, now) ?? second(facts, now)) as DeliveryCheck;
  check.every = (facts, now) => [...new Set([...first.every(facts, now), ...second.every(facts, now)])];
  return check;
}
