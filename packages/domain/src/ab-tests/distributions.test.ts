import { describe, expect, it } from 'vitest';
import {
  chiSquareGoodnessOfFit,
  chiSquareSurvival,
  logFactorial,
  logGamma,
  normalCdf,
  normalQuantile,
  regularizedGammaP,
  regularizedGammaQ,
  twoSidedNormalP,
} from './distributions';

describe('log-gamma', () => {
  // Each row: x, ln Γ(x) worked by hand.
  it.each([
    ['Γ(1) = 0! = 1', 1, 0],
    ['Γ(2) = 1! = 1', 2, 0],
    ['Γ(10) = 9! = 362,880: ln 362,880 = 12.80182748008147', 10, 12.80182748008147],
    ['Γ(1/2) = √π: ln 1.7724538509055159 = 0.5723649429247001', 0.5, 0.5723649429247001],
    ['Γ(3/2) = √π / 2: 0.5723649429247001 - ln 2 = -0.1207822376352452', 1.5, -0.1207822376352452],
    ['Γ(0.1) = 9.513507698668732 (below 1/2: the reflection)', 0.1, Math.log(9.513507698668732)],
  ])('%s', (_label, x, expected) => {
    expect(logGamma(x)).toBeCloseTo(expected, 12);
  });

  it('ln 170! equals the sum of ln 2 ... ln 170 (a large factorial without overflow)', () => {
    let sum = 0;
    for (let n = 2; n <= 170; n++) sum += Math.log(n);
    expect(logFactorial(170)).toBeCloseTo(sum, 9);
    expect(logFactorial(0)).toBe(0);
  });

  it('refuses 0 and negative numbers', () => {
    expect(() => logGamma(0)).toThrow(RangeError);
    expect(() => logGamma(-1)).toThrow(RangeError);
  });
});

describe('regularized incomplete gamma', () => {
  it('Q(1, x) = e^-x: Q(1, 1) = 1/e = 0.36787944117144233', () => {
    expect(regularizedGammaQ(1, 1)).toBeCloseTo(0.36787944117144233, 14);
    expect(regularizedGammaQ(1, 30)).toBeCloseTo(Math.exp(-30) * 1, 20);
    expect(regularizedGammaQ(1, 30) / Math.exp(-30)).toBeCloseTo(1, 12);
  });

  it('P(3, 1) = 1 - e^-1 (1 + 1 + 1/2) = 1 - 2.5/e = 0.08030139707139418 (the series side)', () => {
    expect(regularizedGammaP(3, 1)).toBeCloseTo(0.08030139707139418, 14);
  });

  it('P(3, 10) = 1 - e^-10 (1 + 10 + 50) = 1 - 61 e^-10 = 0.9972306042844884 (the continued fraction side)', () => {
    expect(regularizedGammaP(3, 10)).toBeCloseTo(1 - 61 * Math.exp(-10), 14);
    expect(regularizedGammaQ(3, 10)).toBeCloseTo(61 * Math.exp(-10), 16);
  });

  it('P + Q = 1 and both edges: P(a, 0) = 0, Q(a, 0) = 1', () => {
    for (const [a, x] of [
      [0.5, 0.3],
      [2.5, 3],
      [7, 6.5],
      [40, 45],
    ] as const)
      expect(regularizedGammaP(a, x) + regularizedGammaQ(a, x)).toBeCloseTo(1, 14);
    expect(regularizedGammaP(2, 0)).toBe(0);
    expect(regularizedGammaQ(2, 0)).toBe(1);
  });
});

describe('the standard normal', () => {
  // Each row: z and Φ(z) from the normal table.
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1.96, 0.024997895148220435],
    [1.959963984540054, 0.975],
    [3.18, 0.9992636247384461],
    [-8, 6.22096057427174e-16],
  ])('Φ(%s) = %s', (z, expected) => {
    expect(normalCdf(z)).toBeCloseTo(expected, 14);
  });

  it('keeps the far tail precise: Φ(-20) = 2.7536241186061556e-89, not 0', () => {
    expect(normalCdf(-20) / 2.7536241186061556e-89).toBeCloseTo(1, 10);
  });

  it("the issue's z = 3.18 has the two-sided p 2 × (1 - 0.99926362) = 0.00147275", () => {
    expect(twoSidedNormalP(3.18)).toBeCloseTo(0.0014727505231078596, 14);
    expect(twoSidedNormalP(-3.18)).toBe(twoSidedNormalP(3.18));
    expect(twoSidedNormalP(0)).toBe(1);
  });

  // Each row: p and Φ⁻¹(p) from the normal table (the z values of the usual confidence levels).
  it.each([
    [0.975, 1.959963984540054],
    [0.995, 2.5758293035489],
    [0.95, 1.6448536269514722],
    [0.9, 1.2815515655446004],
    [0.8, 0.8416212335729143],
    [0.5, 0],
    [0.025, -1.959963984540054],
    [1e-10, -6.361340902404056],
    [0.999999, 4.753424308822899],
  ])('Φ⁻¹(%s) = %s', (p, expected) => {
    expect(normalQuantile(p)).toBeCloseTo(expected, 9);
  });

  it('Φ⁻¹ undoes Φ on both sides of the breakpoints of the approximation (p 0.02425)', () => {
    for (const p of [1e-300, 1e-20, 0.001, 0.0242, 0.0243, 0.3, 0.7, 0.9757, 0.999])
      expect(normalCdf(normalQuantile(p)) / p).toBeCloseTo(1, 12);
  });

  it('answers ±Infinity at 0 and 1 and refuses what is not a probability', () => {
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(() => normalQuantile(1.5)).toThrow(RangeError);
    expect(() => normalQuantile(Number.NaN)).toThrow(RangeError);
  });
});

describe('chi-square goodness of fit', () => {
  it('10,000 requests split 2,450 / 7,550 against 1:3: expected 2,500 / 7,500, χ² = 50²/2,500 + 50²/7,500 = 1 + 1/3 = 1.3333, p(1 df) = erfc(√(2/3)) = 0.2482', () => {
    const test = chiSquareGoodnessOfFit([2_450, 7_550], [1, 3]);
    expect(test.expected).toEqual([2_500, 7_500]);
    expect(test.statistic).toBeCloseTo(4 / 3, 12);
    expect(test.degreesOfFreedom).toBe(1);
    expect(test.pValue).toBeCloseTo(0.24821307898992026, 12);
  });

  it('the p > 0.001 bound of one degree of freedom is χ² = 10.828 (the table): 2,336 / 7,664 against 1:3 is outside it, 2,360 / 7,640 inside', () => {
    // 2,336 / 7,664: 164² = 26,896; 26,896/2,500 + 26,896/7,500 = 10.7584 + 3.5861 = 14.34, outside.
    // 2,356 / 7,644: 144² = 20,736; 8.2944 + 2.7648 = 11.06, still outside.
    // 2,360 / 7,640: 140² = 19,600; 7.84 + 2.6133 = 10.45, inside.
    expect(chiSquareSurvival(10.828, 1)).toBeCloseTo(0.0009997657195830916, 12);
    expect(chiSquareGoodnessOfFit([2_336, 7_664], [1, 3]).pValue).toBeLessThan(0.001);
    expect(chiSquareGoodnessOfFit([2_356, 7_644], [1, 3]).pValue).toBeLessThan(0.001);
    const inside = chiSquareGoodnessOfFit([2_360, 7_640], [1, 3]);
    expect(inside.statistic).toBeCloseTo(7.84 + 19_600 / 7_500, 12);
    expect(inside.pValue).toBeGreaterThan(0.001);
  });

  it('two degrees of freedom: P(χ² ≥ x) = e^(-x/2), so χ² = 2 has p = 1/e and 100 has e^-50 = 1.9287e-22', () => {
    // 300 requests over three even creatives, counted 110 / 100 / 90: (100 + 0 + 100) / 100 = 2.
    const test = chiSquareGoodnessOfFit([110, 100, 90], [1, 1, 1]);
    expect(test.statistic).toBeCloseTo(2, 12);
    expect(test.degreesOfFreedom).toBe(2);
    expect(test.pValue).toBeCloseTo(Math.exp(-1), 14);
    expect(chiSquareSurvival(100, 2) / Math.exp(-50)).toBeCloseTo(1, 10);
  });

  it('three degrees of freedom: the table puts p = 0.05 at χ² = 7.815', () => {
    expect(chiSquareSurvival(7.815, 3)).toBeCloseTo(0.05, 4);
  });

  it('refuses counts and weights that do not pair, and a weight of 0', () => {
    expect(() => chiSquareGoodnessOfFit([1, 2], [1])).toThrow(RangeError);
    expect(() => chiSquareGoodnessOfFit([1], [1])).toThrow(RangeError);
    expect(() => chiSquareGoodnessOfFit([1, 2], [1, 0])).toThrow(RangeError);
  });
});
