// A rule set in one readable line (the campaign list, the campaign page, the audit log): "Germany,
// Austria · mobile · weekdays 08-20 Berlin time". Each rule set is one part, in serving's order; a list
// that is long is cut to its first values and how many more; a daypart is written as days and hours when
// every chosen day has the same hours, else as hours a week.
import { APP_SITE_PREFIX } from '../traffic/site';
import { distinctCaps, FREQUENCY_PERIOD_WORDS } from './frequency-caps';
import {
  type DaypartGrid,
  DELIVERY_RULES,
  type DeliveryRuleSpec,
  type DeliveryRules,
  type ListRule,
} from './rule-list';

/** Values a part names before "+N". */
const NAMED = 3;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The line of a rule set with no rule. */
export const NO_DELIVERY_RULES_SUMMARY = 'Every request';

const named = (labels: readonly string[]) =>
  labels.length <= NAMED
    ? labels.join(', ')
    : `${labels.slice(0, NAMED).join(', ')} +${labels.length - NAMED}`;

const listPart = (rule: ListRule | null | undefined, label: (value: string) => string = (v) => v) => {
  if (!rule) return null;
  const text = named(rule.values.map(label));
  return rule.mode === 'include' ? text : `not ${text}`;
};

const siteLabel = (entry: string) =>
  entry.startsWith(APP_SITE_PREFIX) ? `${entry.slice(APP_SITE_PREFIX.length)} (app)` : entry;

function sitesPart(rules: DeliveryRules): string | null {
  const parts: string[] = [];
  const allow = rules.sites?.allow ?? [];
  const block = rules.sites?.block ?? [];
  if (allow.length > 0)
    parts.push(`on ${allow.length > NAMED ? `${allow.length} sites` : named(allow.map(siteLabel))}`);
  if (block.length > 0)
    parts.push(
      block.length > NAMED ? `${block.length} sites blocked` : `not on ${named(block.map(siteLabel))}`,
    );
  if (rules.unknownSite === 'skip') parts.push('known sites only');
  return parts.length === 0 ? null : parts.join(', ');
}

const two = (hour: number) => String(hour).padStart(2, '0');

/** A day's hours as ranges: 08-20 is 08:00 to 20:00 (hours 8 to 19 on); '' for none. */
function hoursText(day: readonly boolean[]): string {
  const ranges: string[] = [];
  for (let hour = 0; hour < 24; hour += 1) {
    if (!day[hour] || (hour > 0 && day[hour - 1])) continue;
    let end = hour;
    while (end < 24 && day[end]) end += 1;
    ranges.push(`${two(hour)}-${two(end)}`);
  }
  return ranges.join(', ');
}

/** A zone as people say it: "Berlin time", "New York time", "UTC". */
export const zoneWords = (timezone: string): string =>
  timezone === 'UTC' ? 'UTC' : `${(timezone.split('/').pop() ?? timezone).replaceAll('_', ' ')} time`;

/** The daypart as days and hours ("weekdays 08-20"), or its hours a week when the days differ. */
function daypartPart(grid: DaypartGrid, timezone: string): string | null {
  const on = grid.map((day) => day.some(Boolean));
  const hours = grid.map((day) => day.filter(Boolean).length).reduce((sum, n) => sum + n, 0);
  if (hours === 7 * 24) return null;
  const chosen = grid.filter((_, weekday) => on[weekday]);
  const first = hoursText(chosen[0] ?? []);
  const sameHours = chosen.every((day) => hoursText(day) === first);
  const zone = zoneWords(timezone);
  if (!sameHours) return `${hours} hours a week, ${zone}`;
  const pattern = on.map((day) => (day ? '1' : '0')).join('');
  const days =
    pattern === '1111111'
      ? 'daily'
      : pattern === '1111100'
        ? 'weekdays'
        : pattern === '0000011'
          ? 'weekends'
          : WEEKDAYS.filter((_, weekday) => on[weekday]).join(', ');
  return first === '00-24' ? `${days}, ${zone}` : `${days} ${first} ${zone}`;
}

/** Frequency caps as "at most 3 a day, 10 a week"; null without one. */
function capsPart(rules: DeliveryRules): string | null {
  if (!rules.frequencyCaps?.length) return null;
  const caps = distinctCaps(rules.frequencyCaps)
    .map((cap) => `${cap.count} ${FREQUENCY_PERIOD_WORDS[cap.period]}`)
    .join(', ');
  return `at most ${caps}`;
}

/** One rule's part of the line; null when the set does not narrow by it. */
function rulePart(spec: DeliveryRuleSpec, rules: DeliveryRules, timezone: string): string | null {
  const rule = (rules as Record<string, unknown>)[spec.key];
  const kind = spec.kind;
  if (kind.type === 'list') return listPart(rule as ListRule | null, spec.summaryLabel ?? kind.valueLabel);
  if (kind.type === 'sites') return sitesPart(rules);
  return rule ? daypartPart(rule as DaypartGrid, timezone) : null;
}

/** A rule set in one line; NO_DELIVERY_RULES_SUMMARY without a rule. `timezone` is the campaign's. */
export function deliveryRulesSummary(rules: DeliveryRules | null | undefined, timezone: string): string {
  if (!rules) return NO_DELIVERY_RULES_SUMMARY;
  const parts = [...DELIVERY_RULES.map((spec) => rulePart(spec, rules, timezone)), capsPart(rules)].filter(
    (part): part is string => part !== null,
  );
  return parts.length === 0 ? NO_DELIVERY_RULES_SUMMARY : parts.join(' · ');
}

/** A daypart day by day, as the audit log keeps it: "Mon 08-20 · Tue 08-20 · ... · Sun none". */
export const daypartText = (grid: DaypartGrid): string =>
  grid.map((day, weekday) => `${WEEKDAYS[weekday]} ${hoursText(day) || 'none'}`).join(' · ');

/** A list rule as the history keeps it: "include DE, AT"; null without one. */
const listText = (rule: ListRule | null | undefined): string | null =>
  rule ? `${rule.mode} ${rule.values.join(', ')}` : null;

/** A rule set's fields as the history keeps them (docs/architecture.md, "How to audit a change"). */
export function deliveryRulesFields(rules: DeliveryRules): Record<string, string | string[] | null> {
  const fields: Record<string, string | string[] | null> = {};
  for (const spec of DELIVERY_RULES) {
    const rule = (rules as Record<string, unknown>)[spec.key];
    const kind = spec.kind;
    if (kind.type === 'list') fields[spec.key] = listText(rule as ListRule | null);
    else if (kind.type === 'sites') {
      fields.sitesAllowed = rules.sites?.allow.length ? [...rules.sites.allow] : null;
      fields.sitesBlocked = rules.sites?.block.length ? [...rules.sites.block] : null;
      fields.unknownSites = rules.unknownSite === 'skip' ? 'not served' : null;
    } else fields[spec.key] = rule ? daypartText(rule as DaypartGrid) : null;
  }
  fields.frequencyCaps = rules.frequencyCaps?.length
    ? rules.frequencyCaps.map((cap) => `${cap.count} a ${cap.period}`).join(', ')
    : null;
  fields.uncappable = rules.uncappable === 'skip' ? 'not served' : null;
  return fields;
}
