// The delivery rules as data (docs/architecture.md, "How to add a delivery rule"; docs/serving.md,
// "Delivery rules"): one entry per rule says its key in a rule set, the fact of a request it reads, the
// reason and figure of a request it refuses, its words on screen, its kind (a list of values with their
// comparison, sites, a daypart), what a rule that excludes everything leaves out, and how the estimate
// reads it. The fact itself (how the serving edge reads it, how the tester sets it, the estimate's source,
// its column in the forecast's history) is an entry of REQUEST_FACTS (request-facts.ts), named by key.
// Every other list is a map of this one: the schemas (delivery/delivery-rules.ts), the
// compiled check (compile.ts), the coverage and intersection (coverage.ts), the summary line and the
// history's fields (summary.ts), the estimate (estimate.ts), the not-served reasons and their figures
// (outcomes.ts, reports/figures.ts), the form, the tag tester's echo and the route docs. Plain values
// and functions (no zod), so anything may import it.
import { COUNTRY_CODES, countryLabel, isCountryCode } from '../traffic/countries';
import { LANGUAGE_CODES, languageLabel, primaryLanguage } from '../traffic/languages';
import {
  COMMON_BROWSER_FAMILIES,
  COMMON_OS_FAMILIES,
  DEVICE_TYPE_LABELS,
  DEVICE_TYPES,
  type DeviceType,
} from '../traffic/user-agent';
import { MESSAGES, unknownFactValueMessage } from '../validation/messages';
import type { FrequencyCap, UncappableChoice } from './frequency-caps';
import {
  type FactBreakdown,
  REQUEST_FACT,
  REQUEST_FACTS,
  type RequestFactKey,
  type RequestFactSpec,
  requestFactSpec,
} from './request-facts';

export const LIST_RULE_MODES = ['include', 'exclude'] as const;
export type ListRuleMode = (typeof LIST_RULE_MODES)[number];

/** What a request with no site to tell follows: served (the default) or not. */
export const UNKNOWN_SITE_CHOICES = ['serve', 'skip'] as const;
export type UnknownSiteChoice = (typeof UNKNOWN_SITE_CHOICES)[number];

export interface ListRule<V extends string = string> {
  mode: ListRuleMode;
  values: V[];
}
export interface SiteRule {
  /** Domains (each with its subdomains) and `app:` bundles a request's site must be one of; none: any. */
  allow: string[];
  /** Domains and bundles a request's sites must not be. */
  block: string[];
}
/** 7 days, Monday first, of 24 hours from 00 to 23 in the campaign's timezone: true serves. */
export type DaypartGrid = boolean[][];

/** The longest family name a breakdown keeps. */
const MAX_FAMILY_LENGTH = 40;
const FAMILY = /^[\p{L}\p{N} ._+\-/()]+$/u;

/** A family name as a rule keeps it (trimmed); '' when it is not one. */
const familyName = (text: string) => {
  const name = text.trim();
  return name.length <= MAX_FAMILY_LENGTH && FAMILY.test(name) ? name : '';
};

/** A rule over a list of values: which ones a request's fact must have (include) or must not (exclude). */
export interface ListKind {
  type: 'list';
  /** The values a rule may name when they are a closed set (excluding all of them leaves nothing); null: open. */
  universe: readonly string[] | null;
  /** How a request's value meets a rule's: as they are, or as families ('Chrome 126' is chrome). */
  compare: 'exact' | 'family';
  /** A value as the rule keeps it ('de' is DE); '' when it is not one (refused with `invalid`). */
  normalize(text: string): string;
  /** The message of a value that is not one (400, the field before it). */
  invalid: string;
  /** Values a rule names at most. */
  maxValues: number;
  /** A value as people read it (the form, the summary, the history). */
  valueLabel(value: string): string;
  /** The values the form offers (a closed set's, or the common ones of an open set). */
  offered: readonly string[];
  /** Few enough values for the form to show each as a checkbox. */
  checkboxes?: true;
}
/** Domains and app bundles to allow and to block (a domain covers its subdomains). */
export interface SitesKind {
  type: 'sites';
}
/** A week of hours in the campaign's timezone. */
export interface DaypartKind {
  type: 'daypart';
}
export type RuleKind = ListKind | SitesKind | DaypartKind;

/**
 * Where the estimate reads a rule from: impressions by the breakdown dimension of its fact
 * (REQUEST_FACTS' `breakdown`), by hour of the week, or nowhere.
 */
export type EstimateSource = FactBreakdown | 'weekHours' | null;

/** One delivery rule: everything each part of the product needs to know of it. */
export interface DeliveryRuleSpec {
  /** Its field in a rule set (the API, the store, the form). */
  key: string;
  /** The fact of a request it judges (a key of REQUEST_FACTS); `time` for the daypart (the serving clock). */
  fact: RequestFactKey | 'time';
  /** The not-served reason of a request it refuses (a row's value in the stores). */
  reason: string;
  /** The figure that counts those requests (an entry of REPORT_FIGURES, group `delivery`). */
  figure: { key: string; label: string; short: string };
  /** Its name on screen ("Countries") and one of its values in a sentence ("country"). */
  label: string;
  noun: string;
  kind: RuleKind;
  /** What a rule of it that no request can match leaves out ("every country is excluded"). */
  servesNothing: string;
  /** A list's value as the summary line writes it (its label by default). */
  summaryLabel?: (value: string) => string;
  /** How the estimate reads it; null: nothing kept to read (the estimate says so). */
  estimate: EstimateSource;
  /** Where serving reads the fact, in words (the fact's edge: the tag tester, docs/serving.md). */
  source: string;
}

/** A rule's facets that are its fact's (REQUEST_FACTS): the key, its noun, where it is read, the estimate's source. */
const ofFact = <F extends RequestFactKey>(key: F) => {
  const fact: RequestFactSpec = REQUEST_FACT[key];
  return {
    fact: key,
    noun: fact.noun,
    source: fact.edge.words,
    estimate: fact.breakdown as EstimateSource,
  };
};

/** A list of a fact's closed set of values (REQUEST_FACTS' `values`), each read by its value or its words. */
const closedSetKind = (key: RequestFactKey): ListKind => {
  const fact = requestFactSpec(key);
  const values = fact.values ?? [];
  const codes = values.map((entry) => entry.value);
  return {
    type: 'list',
    universe: codes,
    compare: 'exact',
    normalize: (text) => {
      const given = text.trim().toLowerCase();
      return (
        values.find((entry) => entry.value === given || entry.label.toLowerCase() === given)?.value ?? ''
      );
    },
    invalid: unknownFactValueMessage(fact.noun, values),
    maxValues: codes.length,
    valueLabel: (value) => values.find((entry) => entry.value === value)?.label ?? value,
    offered: codes,
    ...(codes.length <= 8 ? { checkboxes: true as const } : {}),
  };
};

/** A list of families (an open set: OS and browser families), the common ones offered. */
const familyKind = (offered: readonly string[]): ListKind => ({
  type: 'list',
  universe: null,
  compare: 'family',
  normalize: familyName,
  invalid: MESSAGES.deliveryRuleFamily,
  maxValues: 300,
  valueLabel: (value) => value,
  offered,
});

const deviceLabel = (value: string) => DEVICE_TYPE_LABELS[value as DeviceType] ?? value;

/** Every delivery rule, in the order serving judges them (the first a request fails is its reason). */
export const DELIVERY_RULES = [
  {
    key: 'countries',
    ...ofFact('country'),
    reason: 'country',
    figure: { key: 'notServedCountry', label: 'Not served: country', short: 'Country' },
    label: 'Countries',
    kind: {
      type: 'list',
      universe: COUNTRY_CODES,
      compare: 'exact',
      normalize: (text) => {
        const code = text.trim().toUpperCase();
        return isCountryCode(code) ? code : '';
      },
      invalid: MESSAGES.deliveryRuleCountry,
      maxValues: 300,
      valueLabel: countryLabel,
      offered: COUNTRY_CODES,
    },
    servesNothing: 'every country is excluded',
  },
  {
    key: 'devices',
    ...ofFact('device'),
    reason: 'device',
    figure: { key: 'notServedDevice', label: 'Not served: device type', short: 'Device type' },
    label: 'Device types',
    kind: {
      type: 'list',
      universe: DEVICE_TYPES,
      compare: 'exact',
      normalize: (text) => {
        const type = text.trim().toLowerCase();
        return (DEVICE_TYPES as readonly string[]).includes(type) ? type : '';
      },
      invalid: MESSAGES.deliveryRuleDevice,
      maxValues: DEVICE_TYPES.length,
      valueLabel: deviceLabel,
      offered: DEVICE_TYPES,
      checkboxes: true,
    },
    servesNothing: 'every device type is excluded',
    summaryLabel: (value) => deviceLabel(value).toLowerCase().replace(' tv', ' TV'),
  },
  {
    key: 'os',
    ...ofFact('os'),
    reason: 'os',
    figure: { key: 'notServedOs', label: 'Not served: operating system', short: 'Operating system' },
    label: 'Operating systems',
    kind: familyKind(COMMON_OS_FAMILIES),
    servesNothing: 'no operating system is left',
  },
  {
    key: 'browsers',
    ...ofFact('browser'),
    reason: 'browser',
    figure: { key: 'notServedBrowser', label: 'Not served: browser', short: 'Browser' },
    label: 'Browsers',
    kind: familyKind(COMMON_BROWSER_FAMILIES),
    servesNothing: 'no browser is left',
  },
  {
    key: 'languages',
    ...ofFact('language'),
    reason: 'language',
    figure: { key: 'notServedLanguage', label: 'Not served: language', short: 'Language' },
    label: 'Languages',
    kind: {
      type: 'list',
      universe: LANGUAGE_CODES,
      compare: 'exact',
      normalize: (text) => (/^[a-z]{2}$/i.test(text.trim()) ? primaryLanguage(text) : ''),
      invalid: MESSAGES.deliveryRuleLanguage,
      maxValues: 200,
      valueLabel: languageLabel,
      offered: LANGUAGE_CODES,
    },
    servesNothing: 'every language is excluded',
  },
  {
    key: 'connectionTypes',
    ...ofFact('connectionType'),
    reason: 'connectionType',
    figure: {
      key: 'notServedConnectionType',
      label: 'Not served: connection type',
      short: 'Connection type',
    },
    label: 'Connection types',
    kind: closedSetKind('connectionType'),
    servesNothing: 'every connection type is excluded',
  },
  {
    key: 'sites',
    ...ofFact('site'),
    reason: 'site',
    figure: { key: 'notServedSite', label: 'Not served: site or app', short: 'Site or app' },
    label: 'Sites and apps',
    kind: { type: 'sites' },
    servesNothing: 'every allowed site is blocked',
  },
  {
    key: 'daypart',
    fact: 'time',
    reason: 'daypart',
    figure: { key: 'notServedDaypart', label: 'Not served: daypart', short: 'Daypart' },
    label: 'Daypart',
    noun: 'hour',
    kind: { type: 'daypart' },
    servesNothing: 'no hour of the week is chosen',
    estimate: 'weekHours',
    source: "the serving clock, as the local hour of the week in the campaign's timezone",
  },
] as const satisfies readonly DeliveryRuleSpec[];

export type DeliveryRuleEntry = (typeof DELIVERY_RULES)[number];
/** A rule's name (its key in a rule set). */
export type DeliveryRuleName = DeliveryRuleEntry['key'];
/** The rules whose kind is a list. */
export type ListRuleName = Extract<DeliveryRuleEntry, { kind: { type: 'list' } }>['key'];
/** The reason of a request one of the rules refuses. */
export type DeliveryRuleReason = DeliveryRuleEntry['reason'];
/** The facts of a request the rules judge (REQUEST_FACTS' keys; the daypart reads the clock instead). */
export type DeliveryFactName = RequestFactKey;

/** Every rule's name, in serving's order. */
export const DELIVERY_RULE_NAMES: readonly DeliveryRuleName[] = DELIVERY_RULES.map((rule) => rule.key);
/** The list rules, in serving's order. */
export const LIST_RULES: readonly (DeliveryRuleSpec & { key: ListRuleName; kind: ListKind })[] =
  DELIVERY_RULES.filter(
    (rule): rule is Extract<DeliveryRuleEntry, { kind: { type: 'list' } }> => rule.kind.type === 'list',
  );
/** The facts the rules read (REQUEST_FACTS), in its order. */
export const DELIVERY_FACTS: readonly DeliveryFactName[] = REQUEST_FACTS.map((fact) => fact.key);

/** A rule's entry by its name. */
export const DELIVERY_RULE: { readonly [K in DeliveryRuleName]: Extract<DeliveryRuleEntry, { key: K }> } =
  Object.fromEntries(DELIVERY_RULES.map((rule) => [rule.key, rule])) as never;

/** A rule's entry as the plain spec (its optional facets readable without narrowing). */
export const deliveryRuleSpec = (name: DeliveryRuleName): DeliveryRuleSpec => DELIVERY_RULE[name];

/**
 * What the rules read of a request (the serving edge derives them once: '' unknown): each list rule's
 * fact and the site it is believed to be on, and every site it carries (the platform's macros, the
 * page, the Referer: the block list judges each one, so a claimed site cannot hide a blocked one).
 */
export type DeliveryFacts = { [F in DeliveryFactName]: string } & {
  carriedSites?: readonly string[] | undefined;
};

/** A request's facts with nothing known. */
export const UNKNOWN_FACTS: DeliveryFacts = Object.fromEntries(
  DELIVERY_FACTS.map((fact) => [fact, '']),
) as unknown as DeliveryFacts;

/**
 * A rule set: each rule optional (absent or null: any request), and the campaign's own choices (the
 * unknown site, the request that cannot be capped) and the frequency caps (frequency-caps.ts).
 */
export type DeliveryRules = { [K in ListRuleName]?: ListRule | null | undefined } & {
  sites?: SiteRule | null | undefined;
  /** The campaign's choice for requests whose site is unknown; a creative's rules have none. */
  unknownSite?: UnknownSiteChoice | undefined;
  daypart?: DaypartGrid | null | undefined;
  /** At most so many ads per browser per window (frequency-caps.ts); none or empty: no cap. */
  frequencyCaps?: FrequencyCap[] | null | undefined;
  /** The campaign's choice for requests that cannot be capped; a creative's rules have none. */
  uncappable?: UncappableChoice | undefined;
};
