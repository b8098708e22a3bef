// What share of recent impressions new delivery rules would have kept (docs/serving.md, "The estimate
// before saving"): "about 38 %" before narrowing a live campaign. Read from the breakdown rollups of the
// last 7 days (impressions by country, device type, OS, browser and site) and the hour-of-week grid in
// the campaign's zone: each rule of DELIVERY_RULES says which (`estimate`), and a rule whose fact no
// rollup keeps is named as not read rather than guessed. The rollups hold each dimension apart, not
// their combinations, so each rule's share is exact and the rules together are estimated as if the
// dimensions were independent: the product of the shares. "Other" (values past a day's cap) and
// "Unknown" are judged as a request with that value would be: an include list keeps neither, an
// exclude list both.
import { compileDeliveryRules, daypartBits, daypartHas } from './compile';
import {
  type DaypartGrid,
  DELIVERY_RULES,
  type DeliveryRuleName,
  type DeliveryRuleSpec,
  type DeliveryRules,
  type EstimateSource,
  UNKNOWN_FACTS,
} from './rule-list';

/** Impressions by stored value of one dimension (a breakdown's values, '' unknown, '~other' capped). */
export type ImpressionsByValue = readonly { value: string; impressions: number }[];

/** The dimensions the estimate reads impressions by. */
export type EstimateDimension = Exclude<EstimateSource, 'weekHours' | null>;
/** The dimensions the rules of DELIVERY_RULES read, each once. */
export const ESTIMATE_DIMENSIONS: readonly EstimateDimension[] = [
  ...new Set(
    DELIVERY_RULES.flatMap((rule: DeliveryRuleSpec) =>
      rule.estimate === null || rule.estimate === 'weekHours' ? [] : [rule.estimate],
    ),
  ),
];

export interface EstimateInput {
  /** Impressions by value of each dimension a rule reads (every one sums to the window's impressions). */
  byDimension: Readonly<Record<EstimateDimension, ImpressionsByValue>>;
  /** Impressions by hour of the week (0 Monday 00:00 ... 167) in the campaign's zone. */
  weekHours: readonly number[];
}

export interface DeliveryEstimate {
  /** Impressions of the window (every dimension sums to it). */
  impressions: number;
  /** The share of them the rules would have kept, 0-1; null without impressions to judge. */
  share: number | null;
  /**
   * Each rule the set has, with the share it alone keeps (null: no impressions, or `read` false: its
   * fact is kept by no rollup, so the estimate could not read it and leaves it out of the product).
   */
  rules: { rule: DeliveryRuleName; share: number | null; read: boolean }[];
}

/** The share of `values` one rule keeps (its fact set to each value); null when there are none. */
function keptShare(values: ImpressionsByValue, rules: DeliveryRules, spec: DeliveryRuleSpec): number | null {
  const check = compileDeliveryRules(rules, 'UTC');
  let total = 0;
  let kept = 0;
  for (const { value, impressions } of values) {
    total += impressions;
    const facts = { ...UNKNOWN_FACTS, [spec.fact]: value };
    if (check === null || check(facts, 0) === null) kept += impressions;
  }
  return total > 0 ? kept / total : null;
}

/** The share of impressions a daypart keeps, from impressions by hour of the week. */
function daypartShare(grid: DaypartGrid, weekHours: readonly number[]): number | null {
  const bits = daypartBits(grid);
  const total = weekHours.reduce((sum, n) => sum + n, 0);
  const kept = weekHours.reduce((sum, n, hour) => sum + (daypartHas(bits, hour) ? n : 0), 0);
  return total > 0 ? kept / total : null;
}

/** One rule of the set on its own, as its fact's rollup reads it; undefined when the set has no such rule. */
function ruleShare(spec: DeliveryRuleSpec, rules: DeliveryRules, input: EstimateInput) {
  const rule = (rules as Record<string, unknown>)[spec.key];
  if (spec.kind.type === 'sites' ? !rule && rules.unknownSite !== 'skip' : !rule) return undefined;
  if (spec.estimate === null) return { share: null, read: false };
  if (spec.estimate === 'weekHours')
    return { share: daypartShare(rule as DaypartGrid, input.weekHours), read: true };
  const only =
    spec.kind.type === 'sites'
      ? { sites: rules.sites, unknownSite: rules.unknownSite }
      : { [spec.key]: rule };
  return { share: keptShare(input.byDimension[spec.estimate], only, spec), read: true };
}

/** The estimate of a rule set (a campaign's, or a creative's with its campaign's) over a window's figures. */
export function estimateDelivery(rules: DeliveryRules, input: EstimateInput): DeliveryEstimate {
  const first = ESTIMATE_DIMENSIONS[0];
  const impressions = first ? input.byDimension[first].reduce((sum, row) => sum + row.impressions, 0) : 0;
  const shares: DeliveryEstimate['rules'] = [];
  for (const spec of DELIVERY_RULES) {
    const part = ruleShare(spec, rules, input);
    if (part !== undefined) shares.push({ rule: spec.key, ...part });
  }
  const share =
    impressions === 0
      ? null
      : shares.reduce((product, part) => (part.read ? product * (part.share ?? 0) : product), 1);
  return { impressions, share, rules: shares };
}
