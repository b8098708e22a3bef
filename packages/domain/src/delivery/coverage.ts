// Whether delivery rules leave any request to serve (docs/serving.md, "Delivery rules", "Bad input"): a
// rule set that excludes everything is refused when it is saved, naming the rule. So is a creative's
// rule set that, with its campaign's, leaves nothing (a creative can only narrow its campaign's rules),
// and a campaign's that would leave one of its creatives nothing. The two levels are put together as
// one rule set (their intersection) and that is judged. Each kind of rule is judged and intersected
// once here, for every rule of DELIVERY_RULES of that kind.

import { APP_SITE_PREFIX } from '../traffic/site';
import { listKey, siteListed } from './compile';
import {
  type DaypartGrid,
  DELIVERY_RULES,
  type DeliveryRuleName,
  type DeliveryRules,
  type ListKind,
  type ListRule,
  type SiteRule,
} from './rule-list';

/** Whether a list rule admits no value at all (an exclude list leaves nothing only of a closed set). */
function listEmpty(kind: ListKind, rule: ListRule): boolean {
  if (rule.mode === 'include') return rule.values.length === 0;
  if (kind.universe === null) return false;
  const key = listKey(kind);
  const excluded = new Set(rule.values.map(key));
  return kind.universe.every((value) => excluded.has(key(value)));
}

/** Whether a site rule's allow list is set and every entry of it is blocked. */
function sitesEmpty(rule: SiteRule): boolean {
  if (rule.allow.length === 0) return false;
  const block = new Set(rule.block);
  return rule.allow.every((entry) => siteListed(block, entry));
}

const daypartEmpty = (grid: DaypartGrid) => grid.every((day) => day.every((on) => !on));

const ruleOf = (rules: DeliveryRules, name: DeliveryRuleName): unknown =>
  (rules as Record<string, unknown>)[name];

/** The first rule of a rule set that no request can match; null when some request can. */
export function ruleSetServesNothing(rules: DeliveryRules): DeliveryRuleName | null {
  for (const spec of DELIVERY_RULES) {
    const rule = ruleOf(rules, spec.key);
    if (!rule) continue;
    const kind = spec.kind;
    const empty =
      kind.type === 'list'
        ? listEmpty(kind, rule as ListRule)
        : kind.type === 'sites'
          ? sitesEmpty(rule as SiteRule)
          : daypartEmpty(rule as DaypartGrid);
    if (empty) return spec.key;
  }
  return null;
}

/** Two list rules as one: a value must pass both. */
function bothLists(kind: ListKind, first: ListRule, second: ListRule): ListRule {
  const key = listKey(kind);
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

const bothDayparts = (a: DaypartGrid, b: DaypartGrid): DaypartGrid =>
  a.map((day, weekday) => day.map((on, hour) => on && b[weekday]?.[hour] === true));

/** Two rule sets as one (a campaign's and its creative's): a request must match both. */
export function bothRuleSets(first: DeliveryRules, second: DeliveryRules): DeliveryRules {
  const rules: Record<string, unknown> = {};
  for (const spec of DELIVERY_RULES) {
    const [a, b] = [ruleOf(first, spec.key), ruleOf(second, spec.key)];
    if (!a || !b) {
      if (a || b) rules[spec.key] = a || b;
      continue;
    }
    const kind = spec.kind;
    rules[spec.key] =
      kind.type === 'list'
        ? bothLists(kind, a as ListRule, b as ListRule)
        : kind.type === 'sites'
          ? bothSites(a as SiteRule, b as SiteRule)
          : bothDayparts(a as DaypartGrid, b as DaypartGrid);
  }
  const unknownSite = first.unknownSite ?? second.unknownSite;
  if (unknownSite !== undefined) rules.unknownSite = unknownSite;
  return rules as DeliveryRules;
}
