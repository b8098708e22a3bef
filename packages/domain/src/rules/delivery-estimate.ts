// What share of a campaign's recent impressions new delivery rules would have kept (docs/serving.md,
// "The estimate before saving"): "about 38 %" before narrowing a live campaign. Read from the breakdown
// rollups of the last 7 days (impressions by country, device type, OS, browser and site) and the
// hour-of-week grid in the campaign's zone. The rollups hold each dimension apart, not their
// combinations, so each rule's share is exact and the rules together are estimated as if the dimensions
// were independent: the product of the shares. "Other" (values past a day's cap) and "Unknown" are
// judged as a request with that value would be: an include list keeps neither, an exclude list both.
import {
  compileDeliveryRules,
  type DeliveryFacts,
  type DeliveryRuleName,
  type DeliveryRules,
  daypartBits,
  daypartHas,
  LIST_RULES,
} from './delivery-rules';

/** Impressions by stored value of one dimension (a breakdown's values, '' unknown, '~other' capped). */
export type ImpressionsByValue = readonly { value: string; impressions: number }[];

export interface EstimateInput {
  countries: ImpressionsByValue;
  devices: ImpressionsByValue;
  os: ImpressionsByValue;
  browsers: ImpressionsByValue;
  sites: ImpressionsByValue;
  /** Impressions by hour of the week (0 Monday 00:00 ... 167) in the campaign's zone. */
  weekHours: readonly number[];
}

export interface DeliveryEstimate {
  /** Impressions of the window (every dimension sums to it). */
  impressions: number;
  /** The share of them the rules would have kept, 0-1; null without impressions to judge. */
  share: number | null;
  /** Each rule the set has, with the share it alone keeps. */
  rules: { rule: DeliveryRuleName; share: number | null }[];
}

const FACT_OF: Readonly<Record<Exclude<DeliveryRuleName, 'daypart'>, keyof DeliveryFacts>> = {
  countries: 'country',
  devices: 'device',
  os: 'os',
  browsers: 'browser',
  sites: 'site',
};
const EMPTY_FACTS: DeliveryFacts = { country: '', device: '', os: '', browser: '', site: '' };

/** The share of `values` a rule set of one rule keeps; null when there are none. */
function keptShare(
  values: ImpressionsByValue,
  rules: DeliveryRules,
  fact: keyof DeliveryFacts,
): number | null {
  const check = compileDeliveryRules(rules, 'UTC');
  let total = 0;
  let kept = 0;
  for (const { value, impressions } of values) {
    total += impressions;
    if (check === null || check({ ...EMPTY_FACTS, [fact]: value }, 0) === null) kept += impressions;
  }
  return total > 0 ? kept / total : null;
}

/** The estimate of a rule set (a campaign's, or a creative's with its campaign's) over a window's figures. */
export function estimateDelivery(rules: DeliveryRules, input: EstimateInput): DeliveryEstimate {
  const impressions = input.countries.reduce((sum, row) => sum + row.impressions, 0);
  const shares: DeliveryEstimate['rules'] = [];
  for (const rule of LIST_RULES) {
    if (rules[rule])
      shares.push({ rule, share: keptShare(input[rule], { [rule]: rules[rule] }, FACT_OF[rule]) });
  }
  if (rules.sites || rules.unknownSite === 'skip')
    shares.push({
      rule: 'sites',
      share: keptShare(input.sites, { sites: rules.sites, unknownSite: rules.unknownSite }, 'site'),
    });
  if (rules.daypart) {
    const bits = daypartBits(rules.daypart);
    const total = input.weekHours.reduce((sum, n) => sum + n, 0);
    const kept = input.weekHours.reduce((sum, n, hour) => sum + (daypartHas(bits, hour) ? n : 0), 0);
    shares.push({ rule: 'daypart', share: total > 0 ? kept / total : null });
  }
  const share =
    impressions === 0 ? null : shares.reduce((product, { share: part }) => product * (part ?? 0), 1);
  return { impressions, share, rules: shares };
}
