// The statistics of an A/B test of creatives (docs/reports.md, "A/B tests"): a goal's rate in each
// variant is a proportion (clicks of impressions, completes of starts...), compared by the pooled
// two-proportion z-test, or by Fisher's exact test when a count is too small for the normal
// approximation; Wilson intervals for a rate, Katz's log interval for the lift, Newcombe's hybrid
// score interval for the difference; the planned sample per variant, Bonferroni-corrected.
import { logFactorial, normalQuantile, twoSidedNormalP } from './distributions';

/** A variant's count of a goal: `successes` of `trials` (clicks of impressions for CTR). */
export interface ProportionSample {
  successes: number;
  trials: number;
}

export interface Interval {
  lower: number;
  upper: number;
}

export const PROPORTION_TESTS = ['two-proportion-z', 'fisher-exact'] as const;
export type ProportionTest = (typeof PROPORTION_TESTS)[number];

export interface ProportionComparison {
  /** Which test answered. */
  test: ProportionTest;
  /** Two-sided. */
  pValue: number;
  /** The pooled z statistic (variant minus control); null when Fisher's test answered. */
  z: number | null;
  /** The smallest expected count of the 2 × 2 table; below 5 Fisher's test answers. */
  minExpectedCount: number;
}

/** Below this expected count in any cell of the 2 × 2 table, the z-test's normal approximation fails. */
export const MIN_EXPECTED_COUNT = 5;

function checkSample({ successes, trials }: ProportionSample): void {
  if (!Number.isInteger(trials) || trials < 0 || !Number.isInteger(successes) || successes < 0)
    throw new RangeError('Successes and trials are whole numbers from 0');
  if (successes > trials) throw new RangeError(`${successes} successes of ${trials} trials`);
}

/** successes / trials, or null without trials. */
export const proportion = ({ successes, trials }: ProportionSample): number | null =>
  trials > 0 ? successes / trials : null;

/** z of the confidence level: 1.959964 for 0.95. */
export const zOfConfidence = (confidence: number): number => normalQuantile(1 - (1 - confidence) / 2);

/**
 * The pooled two-proportion z-test: z = (p_B - p_A) / √(p̂(1 - p̂)(1/n_A + 1/n_B)) with p̂ the pooled
 * rate, and its two-sided p-value. z = 0 and p = 1 when the pooled rate is 0 or 1 (nothing to compare).
 */
export function twoProportionZTest(control: ProportionSample, variant: ProportionSample) {
  checkSample(control);
  checkSample(variant);
  if (control.trials === 0 || variant.trials === 0) throw new RangeError('Each side needs trials');
  const pooled = (control.successes + variant.successes) / (control.trials + variant.trials);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / control.trials + 1 / variant.trials));
  if (standardError === 0) return { z: 0, pValue: 1 };
  const z = (variant.successes / variant.trials - control.successes / control.trials) / standardError;
  return { z, pValue: twoSidedNormalP(z) };
}

const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/**
 * Fisher's exact test of the 2 × 2 table (successes and failures of each side), two-sided: the sum of
 * the hypergeometric probabilities (the margins fixed) of every table no more likely than the one
 * observed. Probabilities are taken in log space, so a million trials do not overflow a factorial;
 * "no more likely" allows a relative 1e-7 for rounding, as R's fisher.test does.
 */
export function fisherExactTest(control: ProportionSample, variant: ProportionSample): { pValue: number } {
  checkSample(control);
  checkSample(variant);
  const total = control.trials + variant.trials;
  const successes = control.successes + variant.successes;
  const low = Math.max(0, successes - variant.trials);
  const high = Math.min(successes, control.trials);
  const logDenominator = logChoose(total, successes);
  const logProbability = (x: number) =>
    logChoose(control.trials, x) + logChoose(variant.trials, successes - x) - logDenominator;
  const observed = logProbability(control.successes) + Math.log1p(1e-7);
  let pValue = 0;
  for (let x = low; x <= high; x++) {
    const logP = logProbability(x);
    if (logP <= observed) pValue += Math.exp(logP);
  }
  return { pValue: Math.min(1, pValue) };
}

/** The smallest expected count of the table: (smaller side's trials) × (rarer outcome) / all trials. */
export function minExpectedCount(control: ProportionSample, variant: ProportionSample): number {
  const total = control.trials + variant.trials;
  if (total === 0) return 0;
  const successes = control.successes + variant.successes;
  return (Math.min(control.trials, variant.trials) * Math.min(successes, total - successes)) / total;
}

/**
 * Compares a variant's rate with the control's: the z-test when every expected count is 5 or more,
 * Fisher's exact test otherwise; the answer names which one answered.
 */
export function compareProportions(
  control: ProportionSample,
  variant: ProportionSample,
): ProportionComparison {
  const expected = minExpectedCount(control, variant);
  if (expected < MIN_EXPECTED_COUNT)
    return {
      test: 'fisher-exact',
      pValue: fisherExactTest(control, variant).pValue,
      z: null,
      minExpectedCount: expected,
    };
  const { z, pValue } = twoProportionZTest(control, variant);
  return { test: 'two-proportion-z', pValue, z, minExpectedCount: expected };
}

/**
 * The Wilson score interval of a proportion: centre (p + z²/2n) / (1 + z²/n), half-width
 * z / (1 + z²/n) · √(p(1 - p)/n + z²/4n²). Unlike p ± z√(p(1-p)/n) it stays within 0-1 and is not
 * empty at 0 successes. Without trials it is the whole of 0-1.
 */
export function wilsonInterval(sample: ProportionSample, confidence = 0.95): Interval {
  checkSample(sample);
  const n = sample.trials;
  if (n === 0) return { lower: 0, upper: 1 };
  const p = sample.successes / n;
  const z = zOfConfidence(confidence);
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

export interface Estimate extends Interval {
  value: number;
}

/**
 * The relative lift p_B / p_A - 1 with Katz's log interval (the delta method on the log of the ratio):
 * ln(p_B/p_A) ± z √(1/x_B - 1/n_B + 1/x_A - 1/n_A), exponentiated, minus 1. Null when either side has
 * no success (the log of the ratio has no finite value).
 */
export function liftInterval(
  control: ProportionSample,
  variant: ProportionSample,
  confidence = 0.95,
): Estimate | null {
  checkSample(control);
  checkSample(variant);
  if (control.successes === 0 || variant.successes === 0) return null;
  const ratio = variant.successes / variant.trials / (control.successes / control.trials);
  const standardError = Math.sqrt(
    1 / variant.successes - 1 / variant.trials + 1 / control.successes - 1 / control.trials,
  );
  const margin = zOfConfidence(confidence) * standardError;
  const logRatio = Math.log(ratio);
  return { value: ratio - 1, lower: Math.exp(logRatio - margin) - 1, upper: Math.exp(logRatio + margin) - 1 };
}

/**
 * The absolute difference p_B - p_A with Newcombe's hybrid score interval (his method 10), built from
 * the two Wilson intervals: [d - √((p_B - l_B)² + (u_A - p_A)²), d + √((u_B - p_B)² + (p_A - l_A)²)].
 * It keeps its coverage at small counts, where the Wald interval is too narrow. Null without trials.
 */
export function differenceInterval(
  control: ProportionSample,
  variant: ProportionSample,
  confidence = 0.95,
): Estimate | null {
  const pA = proportion(control);
  const pB = proportion(variant);
  if (pA === null || pB === null) return null;
  const a = wilsonInterval(control, confidence);
  const b = wilsonInterval(variant, confidence);
  const value = pB - pA;
  return {
    value,
    lower: value - Math.hypot(pB - b.lower, a.upper - pA),
    upper: value + Math.hypot(b.upper - pB, pA - a.lower),
  };
}

export interface SampleSizePlan {
  /** The control's expected rate, from 0 to 1 (0.01 is 1 %). */
  baselineRate: number;
  /** The smallest relative change worth detecting: 0.2 finds 1 % against 1.2 %. */
  minimumDetectableEffect: number;
  /** 1 - α, two-sided; 0.95 by default. */
  significance?: number;
  /** 1 - β; 0.8 by default. */
  power?: number;
  /** Variants including the control; over 2, α is divided among the comparisons with the control. */
  variants?: number;
}

/** The significance level each comparison with the control is held to: α / (variants - 1) (Bonferroni). */
export function comparisonAlpha(significance: number, variants: number): number {
  return (1 - significance) / Math.max(1, variants - 1);
}

/**
 * Trials each variant needs before the test is read, for a two-sided test of p₁ = baseline against
 * p₂ = baseline × (1 + MDE):
 * n = (z_{1-α/2} √(2 p̄(1 - p̄)) + z_{1-β} √(p₁(1 - p₁) + p₂(1 - p₂)))² / (p₂ - p₁)², p̄ = (p₁ + p₂)/2,
 * rounded up, with α Bonferroni-corrected over the comparisons with the control.
 */
export function sampleSizePerVariant(plan: SampleSizePlan): number {
  const { baselineRate: p1, minimumDetectableEffect: effect } = plan;
  const significance = plan.significance ?? 0.95;
  const power = plan.power ?? 0.8;
  const variants = plan.variants ?? 2;
  if (!(p1 > 0 && p1 < 1)) throw new RangeError('The baseline rate is more than 0 and less than 1');
  if (!(effect > 0)) throw new RangeError('The minimum detectable effect is more than 0');
  const p2 = p1 * (1 + effect);
  if (!(p2 < 1)) throw new RangeError('The baseline rate raised by the effect must stay under 1');
  if (!(significance > 0 && significance < 1 && power > 0 && power < 1))
    throw new RangeError('Significance and power are between 0 and 1');
  if (!Number.isInteger(variants) || variants < 2) throw new RangeError('A test has two variants or more');
  const zAlpha = normalQuantile(1 - comparisonAlpha(significance, variants) / 2);
  const zBeta = normalQuantile(power);
  const mean = (p1 + p2) / 2;
  const numerator =
    zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  // A hair under the whole number is rounding, not a reason for one more trial.
  return Math.ceil(numerator ** 2 / (p2 - p1) ** 2 - 1e-9);
}
