// The distributions the A/B tests and the rotation's checks read (docs/reports.md, "A/B tests"): the
// standard normal's CDF and quantile, the log-gamma function, the regularized incomplete gamma function
// and the chi-square goodness-of-fit test built on it. Pure arithmetic, double precision.

/** The Lanczos approximation's coefficients (g = 7, 9 terms): |error| below 2e-15 for x > 0. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

/** ln Γ(x) for x > 0 (ln (n - 1)! for a whole n). */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma takes a positive number, not ${x}`);
  // Reflection keeps the approximation where it is accurate: Γ(x)Γ(1 - x) = π / sin(πx).
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = LANCZOS[0] as number;
  for (let index = 1; index < LANCZOS.length; index++) sum += (LANCZOS[index] as number) / (y + index);
  const t = y + 7.5;
  return LOG_SQRT_2PI + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** ln n! for a whole n ≥ 0. */
export const logFactorial = (n: number): number => (n < 2 ? 0 : logGamma(n + 1));

const EPSILON = 1e-16;
const TINY = 1e-300;
const MAX_TERMS = 10_000;

/** P(a, x) by its series, for x < a + 1 (where it converges fast). */
function gammaSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_TERMS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Q(a, x) by its continued fraction (modified Lentz), for x ≥ a + 1. */
function gammaContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let n = 1; n < MAX_TERMS; n++) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** The regularized lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a), for a > 0, x ≥ 0. */
export function regularizedGammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  return x < a + 1 ? gammaSeries(a, x) : 1 - gammaContinuedFraction(a, x);
}

/** The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x), accurate in its far tail. */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaContinuedFraction(a, x);
}

/**
 * Φ(z), the standard normal CDF, as Q(1/2, z²/2) / 2 below the mean (erfc(x) = Q(1/2, x²)): the tail
 * keeps its relative precision, so a p-value of 1e-12 is not rounded to 0.
 */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  const tail = 0.5 * regularizedGammaQ(0.5, (z * z) / 2);
  return z < 0 ? tail : 1 - tail;
}

/** P(|Z| ≥ |z|): the two-sided p-value of a z statistic. */
export const twoSidedNormalP = (z: number): number => Math.min(1, 2 * normalCdf(-Math.abs(z)));

// Acklam's rational approximation of the normal quantile (relative error below 1.15e-9), then one
// Halley step on Φ above, which takes it to double precision.
const A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
  2.506628277459239,
];
const B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
];
const C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

const polynomial = (coefficients: number[], x: number) =>
  coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);

function acklam(p: number): number {
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return polynomial(C, q) / (polynomial(D, q) * q + 1);
  }
  if (p > 1 - P_LOW) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -polynomial(C, q) / (polynomial(D, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (polynomial(A, r) * q) / (polynomial(B, r) * r + 1);
}

/** Φ⁻¹(p), the standard normal quantile: Φ⁻¹(0.975) = 1.959964. ±Infinity at 0 and 1. */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`A probability is from 0 to 1, not ${p}`);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const x = acklam(p);
  // Halley's step on the tail nearer to the point, so p near 1 keeps its precision.
  const error = x < 0 ? normalCdf(x) - p : 1 - p - normalCdf(-x);
  const u = error * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

export interface ChiSquareTest {
  /** Σ (observed - expected)² / expected. */
  statistic: number;
  degreesOfFreedom: number;
  /** P(χ² ≥ statistic) with `degreesOfFreedom`: small when the counts do not fit the expected split. */
  pValue: number;
  expected: number[];
}

/** P(χ²_k ≥ x) = Q(k/2, x/2). */
export const chiSquareSurvival = (x: number, degreesOfFreedom: number): number =>
  regularizedGammaQ(degreesOfFreedom / 2, x / 2);

/**
 * Pearson's chi-square goodness-of-fit test of counts against the split the weights ask for (k - 1
 * degrees of freedom for k categories): whether 10,000 requests to a 1:3 placement split as 1:3 would.
 */
export function chiSquareGoodnessOfFit(
  observed: readonly number[],
  weights: readonly number[],
): ChiSquareTest {
  if (observed.length !== weights.length || observed.length < 2)
    throw new RangeError('A goodness-of-fit test takes two or more counts and as many weights');
  if (weights.some((weight) => !(weight > 0)))
    throw new RangeError('Every weight of a goodness-of-fit test is more than 0');
  const total = observed.reduce((sum, count) => sum + count, 0);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const expected = weights.map((weight) => (total * weight) / weightSum);
  const statistic = observed.reduce((sum, count, index) => {
    const expectedCount = expected[index] as number;
    return sum + (count - expectedCount) ** 2 / expectedCount;
  }, 0);
  const degreesOfFreedom = observed.length - 1;
  return { statistic, degreesOfFreedom, pValue: chiSquareSurvival(statistic, degreesOfFreedom), expected };
}
