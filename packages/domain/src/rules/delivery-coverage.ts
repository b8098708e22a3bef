// Whether delivery rules leave any request to serve (docs/serving.md, "Delivery rules", "Bad input"): a
// rule set that excludes everything is refused when it is saved, naming the rule. So is a creative's
// rule set that, with its campaign's, leaves nothing (a creative can only narrow its campaign's rules),
// and a campaign's that would leave one of its creatives nothing. The two levels are put together as
// one rule set (their intersection) and that is judged.
import { COUNTRY_CODES } from '../traffic/countries';
import { APP_SITE_PREFIX } from '../traffic/site';
import { DEVICE_TYPES } from '../traffic/user-agent';
import {
  type DaypartGrid,
  type DeliveryRuleName,
  type DeliveryRules,
  LIST_RULES,
  type ListRule,
  type ListRuleName,
  type SiteRule,
  siteListed,
} from './delivery-rules';

/** The values a list rule can name, where they are a closed set: excluding all of them leaves nothing. */
const UNIVERSE: Partial<Record<ListRuleName, readonly string[]>> = {
  countries: COUNTRY_CODES,
  devices: DEVICE_TYPES,
};

/** Families compare without case ('chrome' is Chrome). */
const keyOf = (name: ListRuleName) =>
  name === 'os' || name === 'browsers' ? (value: string) => value.toLowerCase() : (value: string) => value;

/** Whether a list rule admits no value at all. */
function listEmpty(name: ListRuleName, rule: ListRule): boolean {
  if (rule.mode === 'include') return rule.values.length === 0;
  const universe = UNIVERSE[name];
  if (universe === undefined) return false;
  const excluded = new Set(rule.values);
  return universe.every((value) => excluded.has(value));
}

/** Whether a site rule's allow list is set and every entry of it is blocked. */
function sitesEmpty(rule: SiteRule): boolean {
  if (rule.allow.length === 0) return false;
  const block = new Set(rule.block);
  return rule.allow.every((entry) => siteListed(block, entry));
}

const daypartEmpty = (grid: DaypartGrid) => grid.every((day) => day.every((on) => !on));

/** The first rule of a rule set that no request can match; null when some request can. */
export function ruleSetServesNothing(rules: DeliveryRules): DeliveryRuleName | null {
  for (const name of LIST_RULES) {
    const rule = rules[name];
    if (rule && listEmpty(name, rule)) return name;
  }
  if (rules.sites && sitesEmpty(rules.sites)) return 'sites';
  if (rules.daypart && daypartEmpty(rules.daypart)) return 'daypart';
  return null;
}

/** Two list rules as one: a value must pass both. */
function bothLists(name: ListRuleName, first: ListRule, second: ListRule): ListRule {
  const key = keyOf(name);
  const has = (rule: ListRule, value: string) => rule.values.some((other) => key(other) === key(value));
  if (first.mode === 'include' && second.mode === 'include')
    return { mode: 'include', values: first.values.filter((value) => has(second, value)) };
  if (first.mode === 'exclude' && second.mode === 'exclude')
    return { mode: 'exclude', values: [...first.values, ...second.values.filter((v) => !has(first, v))] };
  const [include, exclude] = first.mode === 'include' ? [first, second] : [second, first];
  return { mode: 'include', values: include.values.filter((value) => !has(exclude, value)) };
}

/** Whether a site entry lies within another (the same, or a subdomain of a domain; bundles exactly). */
const within = (entry: string, of: string) =>
  entry === of || (!entry.startsWith(APP_SITE_PREFIX) && entry.endsWith(`.${of}`));

/** Two site rules as one: a site must be allowed by both (when each allows some) and blocked by neither. */
function bothSites(first: SiteRule, second: SiteRule): SiteRule {
  const allow =
    first.allow.length === 0
      ? second.allow
      : second.allow.length === 0
        ? first.allow
        : [
            ...first.allow.filter((entry) => second.allow.some((other) => within(entry, other))),
            ...second.allow.filter((entry) => first.allow.some((other) => within(entry, other))),
          ];
  // Both allowing, with nothing in common: no site passes, written as a list that blocks what it allows.
  if (first.allow.length > 0 && second.allow.length > 0 && allow.length === 0)
    return { allow: first.allow, block: first.allow };
  return { allow: [...new Set(allow)], block: [...first.block, ...second.block] };
}

/** Two rule sets as one (a campaign's and its creative's): a request must match both. */
export function bothRuleSets(first: DeliveryRules, second: DeliveryRules): DeliveryRules {
  const rules: DeliveryRules = {};
  for (const name of LIST_RULES) {
    const [a, b] = [first[name], second[name]];
    const rule = a && b ? bothLists(name, a, b) : (a ?? b);
    if (rule) rules[name] = rule as never;
  }
  if (first.sites && second.sites) rules.sites = bothSites(first.sites, second.sites);
  else if (first.sites || second.sites) rules.sites = first.sites ?? second.sites;
  const [a, b] = [first.daypart, second.daypart];
  if (a && b)
    rules.daypart = a.map((day, weekday) => day.map((on, hour) => on && b[weekday]?.[hour] === true));
  else if (a || b) rules.daypart = a ?? b;
  const unknownSite = first.unknownSite ?? second.unknownSite;
  if (unknownSite !== undefined) rules.unknownSite = unknownSite;
  return rules;
}
