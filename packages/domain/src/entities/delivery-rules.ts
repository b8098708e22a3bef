// Delivery rules (docs/serving.md, "Delivery rules"): who, where and when a campaign's ads serve. A
// campaign's rules apply to every creative; a creative's own rules can only narrow them (both must
// match). Each rule is optional (absent or null: any request):
// - countries, device types, operating systems and browsers: a list to include or to exclude, of the
//   values the breakdowns report (ISO 3166-1 alpha-2 codes; desktop, mobile, tablet, ctv, other; OS and
//   browser families such as Android or Chrome, matched without their version and case);
// - sites: domains and app bundles to allow and to block (a domain covers its subdomains);
// - unknownSite (the campaign's alone): whether a request whose site is unknown serves (default) or not;
// - daypart: a week of hours, 7 days (Monday first) of 24 booleans, in the campaign's timezone;
// - frequencyCaps: at most 4 caps of 1 to 1,000 ads per browser per hour, day, week or flight, all of
//   which must hold (rules/frequency-caps.ts; docs/serving.md, "Frequency caps");
// - uncappable (the campaign's alone): whether a request that cannot be capped serves (default) or not.
// The rules are compiled for serving by rules/delivery-rules.ts; stored as these schemas answer them.
import { z } from 'zod/mini';
import { ruleSetServesNothing } from '../rules/delivery-coverage';
import {
  type DeliveryRules,
  LIST_RULE_MODES,
  LIST_RULES,
  UNKNOWN_SITE_CHOICES,
} from '../rules/delivery-rules';
import {
  distinctCaps,
  FREQUENCY_PERIODS,
  type FrequencyCap,
  MAX_FREQUENCY_CAPS,
  MAX_FREQUENCY_COUNT,
  UNCAPPABLE_CHOICES,
} from '../rules/frequency-caps';
import { isCountryCode } from '../traffic/countries';
import { APP_SITE_PREFIX, normalizeAppBundle, normalizeSite } from '../traffic/site';
import { DEVICE_TYPES } from '../traffic/user-agent';
import { deliveryRulesServeNothingMessage, MESSAGES } from '../validation/messages';

/** Values of a list rule at most (every country fits). */
export const MAX_RULE_VALUES = 300;
/** Domains and bundles of each site list at most. */
export const MAX_SITE_ENTRIES = 1000;
/** The longest family name a breakdown keeps. */
const MAX_FAMILY_LENGTH = 40;

/** Values sorted, each once (a stored rule reads the same however it was sent). */
const distinct = <V extends string>(values: readonly V[]): V[] => [...new Set(values)].sort();

/** A list rule of values each checked by `value`; 1 to `max` of them, kept sorted and each once. */
function listRule<V extends string>(value: z.ZodMiniType<V, unknown>, max = MAX_RULE_VALUES) {
  return z.strictObject({
    mode: z.enum(LIST_RULE_MODES, { error: MESSAGES.deliveryRuleMode }),
    values: z.pipe(
      z
        .array(value, { error: MESSAGES.deliveryRuleValues })
        .check(z.minLength(1, MESSAGES.deliveryRuleValues), z.maxLength(max, MESSAGES.deliveryRuleValues)),
      z.transform((values: V[]) => distinct(values)),
    ),
  });
}

const countryCode = z.pipe(
  z.string({ error: MESSAGES.deliveryRuleCountry }).check(z.trim(), z.toUpperCase()),
  z.string().check(z.refine(isCountryCode, MESSAGES.deliveryRuleCountry)),
);

const deviceType = z.enum(DEVICE_TYPES, { error: MESSAGES.deliveryRuleDevice });

const familyName = z
  .string({ error: MESSAGES.deliveryRuleFamily })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.deliveryRuleFamily),
    z.maxLength(MAX_FAMILY_LENGTH, MESSAGES.deliveryRuleFamily),
    z.regex(/^[\p{L}\p{N} ._+\-/()]+$/u, MESSAGES.deliveryRuleFamily),
  );

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

/** The rules every level has: a campaign's and a creative's. */
const ruleFields = {
  countries: z.optional(z.nullable(listRule(countryCode))),
  devices: z.optional(z.nullable(listRule(deviceType, DEVICE_TYPES.length))),
  os: z.optional(z.nullable(listRule(familyName))),
  browsers: z.optional(z.nullable(listRule(familyName))),
  sites: z.optional(
    z.nullable(z.strictObject({ allow: siteList, block: siteList }, { error: MESSAGES.deliveryRuleSites })),
  ),
  daypart: z.optional(z.nullable(daypartGridSchema)),
  frequencyCaps: z.optional(z.nullable(frequencyCaps)),
};

/** Refuses a rule set no request could match, naming the rule that excludes everything. */
const servesSomething = z.superRefine((rules: DeliveryRules, context) => {
  // Judged only once every rule is well formed (an empty include list has its own message).
  if (context.issues.length > 0) return;
  const rule = ruleSetServesNothing(rules);
  if (rule !== null)
    context.issues.push({
      code: 'custom',
      input: rules,
      message: deliveryRulesServeNothingMessage(rule),
      path: [rule],
    });
});

/** A campaign's rules, as PUT /v1/campaign/deliveryRules takes them. */
export const campaignDeliveryRulesSchema = z
  .strictObject(
    {
      ...ruleFields,
      unknownSite: z.optional(z.enum(UNKNOWN_SITE_CHOICES, { error: MESSAGES.deliveryRuleUnknownSite })),
      uncappable: z.optional(z.enum(UNCAPPABLE_CHOICES, { error: MESSAGES.deliveryRuleUncappable })),
    },
    { error: MESSAGES.deliveryRulesShape },
  )
  .check(servesSomething);

/**
 * A creative's own rules (they narrow its campaign's; the unknown site and the uncappable request are the
 * campaign's choices).
 */
export const creativeDeliveryRulesSchema = z
  .strictObject(ruleFields, { error: MESSAGES.deliveryRulesShape })
  .check(servesSomething);

/** Rules as stored and answered: the checked shape, without the input's defaults. */
export const deliveryRulesSchema = z.object({
  countries: z.optional(z.nullable(z.object({ mode: z.enum(LIST_RULE_MODES), values: z.array(z.string()) }))),
  devices: z.optional(
    z.nullable(z.object({ mode: z.enum(LIST_RULE_MODES), values: z.array(z.enum(DEVICE_TYPES)) })),
  ),
  os: z.optional(z.nullable(z.object({ mode: z.enum(LIST_RULE_MODES), values: z.array(z.string()) }))),
  browsers: z.optional(z.nullable(z.object({ mode: z.enum(LIST_RULE_MODES), values: z.array(z.string()) }))),
  sites: z.optional(z.nullable(z.object({ allow: z.array(z.string()), block: z.array(z.string()) }))),
  unknownSite: z.optional(z.enum(UNKNOWN_SITE_CHOICES)),
  daypart: z.optional(z.nullable(z.array(z.array(z.boolean())))),
  frequencyCaps: z.optional(
    z.nullable(z.array(z.object({ count: z.number(), period: z.enum(FREQUENCY_PERIODS) }))),
  ),
  uncappable: z.optional(z.enum(UNCAPPABLE_CHOICES)),
});

/**
 * Rules as they are stored: the rules set, nothing else (an absent or null rule, an empty site rule, a
 * daypart of every hour, no frequency cap and the default unknown-site and uncappable choices are left
 * out).
 */
export function storedDeliveryRules(rules: DeliveryRules): DeliveryRules {
  const stored: DeliveryRules = {};
  for (const name of LIST_RULES) {
    const rule = rules[name];
    if (rule) stored[name] = { mode: rule.mode, values: [...rule.values] } as never;
  }
  if (rules.sites && (rules.sites.allow.length > 0 || rules.sites.block.length > 0))
    stored.sites = { allow: [...rules.sites.allow], block: [...rules.sites.block] };
  if (rules.unknownSite === 'skip') stored.unknownSite = 'skip';
  const grid = rules.daypart;
  if (grid?.some((day) => day.some((hour) => !hour))) stored.daypart = grid.map((day) => [...day]);
  if (rules.frequencyCaps && rules.frequencyCaps.length > 0)
    stored.frequencyCaps = distinctCaps(rules.frequencyCaps);
  if (rules.uncappable === 'skip') stored.uncappable = 'skip';
  return stored;
}

/** Whether a rule set has no rule at all (every request matches). */
export const noDeliveryRules = (rules: DeliveryRules | null | undefined): boolean =>
  rules === null || rules === undefined || Object.keys(storedDeliveryRules(rules)).length === 0;
