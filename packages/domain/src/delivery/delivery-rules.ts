// Delivery rules (docs/serving.md, "Delivery rules"): who, where and when a campaign's ads serve. A
// campaign's rules apply to every creative; a creative's own rules can only narrow them (both must
// match). Each rule of DELIVERY_RULES is optional (absent or null: any request), and its schema comes
// from its kind, written once here for every rule of that kind:
// - a list (countries, device types, OS and browser families...): include or exclude 1 to `maxValues`
//   values, each normalised as the rule keeps it (DE for de) and refused with the rule's message when
//   it is not one, kept sorted and each once;
// - sites: domains and app bundles to allow and to block (a domain covers its subdomains), with the
//   campaign's own unknownSite choice: whether a request whose site is unknown serves (default) or not;
// - daypart: a week of hours, 7 days (Monday first) of 24 booleans, in the campaign's timezone;
// and besides them the frequency caps (at most 4 caps of 1 to 1,000 ads per browser per hour, day, week
// or flight: delivery/frequency-caps.ts) and the campaign's uncappable choice. Two schemas come from one
// builder: the strict one a call's input is checked with (messages, normalising, a rule set that serves
// nothing refused) and the lenient one of stored rules and answers.
import { z } from 'zod/mini';
import { APP_SITE_PREFIX, normalizeAppBundle, normalizeSite } from '../traffic/site';
import {
  deliveryRulesServeNothingMessage,
  deliveryRulesShapeMessage,
  MESSAGES,
} from '../validation/messages';
import { daypartNarrows } from './compile';
import { ruleSetServesNothing } from './coverage';
import {
  distinctCaps,
  FREQUENCY_PERIODS,
  type FrequencyCap,
  MAX_FREQUENCY_CAPS,
  MAX_FREQUENCY_COUNT,
  UNCAPPABLE_CHOICES,
} from './frequency-caps';
import {
  DELIVERY_RULE,
  DELIVERY_RULE_NAMES,
  DELIVERY_RULES,
  type DeliveryRuleSpec,
  type DeliveryRules,
  LIST_RULE_MODES,
  type ListKind,
  UNKNOWN_SITE_CHOICES,
} from './rule-list';

/** Values of a list rule at most (every country fits). */
export const MAX_RULE_VALUES = 300;
/** Domains and bundles of each site list at most. */
export const MAX_SITE_ENTRIES = 1000;

/** Values sorted, each once (a stored rule reads the same however it was sent). */
const distinct = <V extends string>(values: readonly V[]): V[] => [...new Set(values)].sort();

/** A list's value as the rule keeps it, refused with the rule's message when it is not one. */
const listValue = (kind: ListKind) =>
  z.pipe(
    z.string({ error: kind.invalid }).check(z.maxLength(200, kind.invalid)),
    z.transform((text: string, context) => {
      const value = kind.normalize(text);
      if (value === '') context.issues.push({ code: 'custom', input: text, message: kind.invalid });
      return value;
    }),
  );

/** A list rule of 1 to `maxValues` values, kept sorted and each once. */
const strictList = (kind: ListKind) =>
  z.strictObject({
    mode: z.enum(LIST_RULE_MODES, { error: MESSAGES.deliveryRuleMode }),
    values: z.pipe(
      z
        .array(listValue(kind), { error: MESSAGES.deliveryRuleValues })
        .check(
          z.minLength(1, MESSAGES.deliveryRuleValues),
          z.maxLength(Math.min(kind.maxValues, MAX_RULE_VALUES), MESSAGES.deliveryRuleValues),
        ),
      z.transform((values: string[]) => distinct(values)),
    ),
  });

/**
 * A site rule's entry as the site breakdown keeps sites: a domain (a URL or `*.example.com` is read as
 * its host name, lower case, without `www.`; it must have a dot) or an app bundle as `app:<bundle>`.
 * '' when it is neither.
 */
export function siteRuleEntry(input: string): string {
  const text = input.trim();
  if (text.toLowerCase().startsWith(APP_SITE_PREFIX))
    return normalizeAppBundle(text.slice(APP_SITE_PREFIX.length));
  const host = normalizeSite(text.startsWith('*.') ? text.slice(2) : text);
  return host.includes('.') ? host : '';
}

const siteEntry = z.pipe(
  z.string({ error: MESSAGES.deliveryRuleSite }).check(z.maxLength(300, MESSAGES.deliveryRuleSite)),
  z.transform((text: string, context) => {
    const entry = siteRuleEntry(text);
    if (entry === '')
      context.issues.push({ code: 'custom', input: text, message: MESSAGES.deliveryRuleSite });
    return entry;
  }),
);

const siteList = z._default(
  z.pipe(
    z
      .array(siteEntry, { error: MESSAGES.deliveryRuleSites })
      .check(z.maxLength(MAX_SITE_ENTRIES, MESSAGES.deliveryRuleSites)),
    z.transform((entries: string[]) => distinct(entries)),
  ),
  [],
);

const hours = z
  .array(z.boolean({ error: MESSAGES.deliveryRuleDaypart }), { error: MESSAGES.deliveryRuleDaypart })
  .check(z.length(24, MESSAGES.deliveryRuleDaypart));
export const daypartGridSchema = z
  .array(hours, { error: MESSAGES.deliveryRuleDaypart })
  .check(z.length(7, MESSAGES.deliveryRuleDaypart));

const frequencyCap = z.strictObject(
  {
    count: z
      .number({ error: MESSAGES.deliveryRuleCapCount })
      .check(
        z.int(MESSAGES.deliveryRuleCapCount),
        z.gte(1, MESSAGES.deliveryRuleCapCount),
        z.lte(MAX_FREQUENCY_COUNT, MESSAGES.deliveryRuleCapCount),
      ),
    period: z.enum(FREQUENCY_PERIODS, { error: MESSAGES.deliveryRuleCapPeriod }),
  },
  { error: MESSAGES.deliveryRuleCaps },
);

/** At most MAX_FREQUENCY_CAPS caps, kept sorted and each once (an empty list: no cap). */
const frequencyCaps = z.pipe(
  z
    .array(frequencyCap, { error: MESSAGES.deliveryRuleCaps })
    .check(z.maxLength(MAX_FREQUENCY_CAPS, MESSAGES.deliveryRuleCaps)),
  z.transform((caps: FrequencyCap[]) => distinctCaps(caps)),
);

/** A rule's schema by its kind: the strict one of a call's input, or the lenient one of stored rules. */
function ruleSchema(spec: DeliveryRuleSpec, strict: boolean) {
  const kind = spec.kind;
  if (kind.type === 'list')
    return strict
      ? strictList(kind)
      : z.object({ mode: z.enum(LIST_RULE_MODES), values: z.array(z.string()) });
  if (kind.type === 'sites')
    return strict
      ? z.strictObject({ allow: siteList, block: siteList }, { error: MESSAGES.deliveryRuleSites })
      : z.object({ allow: z.array(z.string()), block: z.array(z.string()) });
  return strict ? daypartGridSchema : z.array(z.array(z.boolean()));
}

/** Every rule of DELIVERY_RULES, optional and nullable, and the caps: the fields every level has. */
function ruleFields(strict: boolean) {
  const fields: Record<string, z.ZodMiniType> = {};
  for (const spec of DELIVERY_RULES) fields[spec.key] = z.optional(z.nullable(ruleSchema(spec, strict)));
  fields.frequencyCaps = z.optional(
    z.nullable(
      strict ? frequencyCaps : z.array(z.object({ count: z.number(), period: z.enum(FREQUENCY_PERIODS) })),
    ),
  );
  return fields;
}

/** The campaign's own choices (a creative's rules leave them to it). */
const campaignChoices = (strict: boolean) => ({
  unknownSite: z.optional(
    z.enum(UNKNOWN_SITE_CHOICES, strict ? { error: MESSAGES.deliveryRuleUnknownSite } : undefined),
  ),
  uncappable: z.optional(
    z.enum(UNCAPPABLE_CHOICES, strict ? { error: MESSAGES.deliveryRuleUncappable } : undefined),
  ),
});

/** Refuses a rule set no request could match, naming the rule that excludes everything. */
const servesSomething = z.superRefine((rules: DeliveryRules, context) => {
  // Judged only once every rule is well formed (an empty include list has its own message).
  if (context.issues.length > 0) return;
  const rule = ruleSetServesNothing(rules);
  if (rule !== null)
    context.issues.push({
      code: 'custom',
      input: rules,
      message: deliveryRulesServeNothingMessage(DELIVERY_RULE[rule].servesNothing),
      path: [rule],
    });
});

type RulesSchema = z.ZodMiniType<DeliveryRules, unknown>;

/** The 400 of a rule set that is not one, naming every rule there is (each entry of DELIVERY_RULES and the caps). */
export const DELIVERY_RULES_SHAPE_MESSAGE = deliveryRulesShapeMessage([
  ...DELIVERY_RULE_NAMES,
  'frequencyCaps',
]);

/** A campaign's rules, as PUT /v1/campaign/deliveryRules takes them. */
export const campaignDeliveryRulesSchema = z
  .strictObject({ ...ruleFields(true), ...campaignChoices(true) }, { error: DELIVERY_RULES_SHAPE_MESSAGE })
  .check(servesSomething) as unknown as RulesSchema;

/**
 * A creative's own rules (they narrow its campaign's; the unknown site and the uncappable request are the
 * campaign's choices).
 */
export const creativeDeliveryRulesSchema = z
  .strictObject(ruleFields(true), { error: DELIVERY_RULES_SHAPE_MESSAGE })
  .check(servesSomething) as unknown as RulesSchema;

/** Rules as stored and answered: the checked shape, without the input's defaults. */
export const deliveryRulesSchema = z.object({
  ...ruleFields(false),
  ...campaignChoices(false),
}) as unknown as RulesSchema;

/**
 * Rules as they are stored: the rules set, nothing else (an absent or null rule, an empty site rule, a
 * daypart of every hour, no frequency cap and the default unknown-site and uncappable choices are left
 * out).
 */
export function storedDeliveryRules(rules: DeliveryRules): DeliveryRules {
  const stored: Record<string, unknown> = {};
  const given = rules as Record<string, unknown>;
  for (const spec of DELIVERY_RULES) {
    const rule = given[spec.key];
    if (!rule) continue;
    if (spec.kind.type === 'list') {
      const { mode, values } = rule as { mode: string; values: string[] };
      stored[spec.key] = { mode, values: [...values] };
    } else if (spec.kind.type === 'sites') {
      const { allow, block } = rule as { allow: string[]; block: string[] };
      if (allow.length > 0 || block.length > 0) stored[spec.key] = { allow: [...allow], block: [...block] };
    } else if (daypartNarrows(rule as boolean[][])) {
      stored[spec.key] = (rule as boolean[][]).map((day) => [...day]);
    }
  }
  if (rules.unknownSite === 'skip') stored.unknownSite = 'skip';
  if (rules.frequencyCaps && rules.frequencyCaps.length > 0)
    stored.frequencyCaps = distinctCaps(rules.frequencyCaps);
  if (rules.uncappable === 'skip') stored.uncappable = 'skip';
  return stored as DeliveryRules;
}

/** Whether a rule set has no rule at all (every request matches). */
export const noDeliveryRules = (rules: DeliveryRules | null | undefined): boolean =>
  rules === null || rules === undefined || Object.keys(storedDeliveryRules(rules)).length === 0;
