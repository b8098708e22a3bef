import { describe, expect, it } from 'vitest';
import {
  compareProportions,
  comparisonAlpha,
  differenceInterval,
  fisherExactTest,
  liftInterval,
  minExpectedCount,
  sampleSizePerVariant,
  twoProportionZTest,
  wilsonInterval,
} from './ab-test-statistics';

const sample = (trials: number, successes: number) => ({ trials, successes });

describe('two-proportion z-test (pooled)', () => {
  // Each row: control, variant, z and two-sided p worked by hand.
  it.each([
    // The figures. p̂ = 250 / 20,000 = 0.0125; SE = √(0.0125 × 0.9875 × (2 / 10,000))
    // = √(2.46875e-6) = 0.00157122; z = (0.015 - 0.010) / 0.00157122 = 3.1822;
    // p = 2 (1 - Φ(3.1822)) = 0.00146: "z = 3.18, p = 0.0015".
    [
      '10,000/100 against 10,000/150',
      sample(10_000, 100),
      sample(10_000, 150),
      3.18222913670292,
      0.0014614614503219,
    ],
    // p̂ = 22 / 2,000 = 0.011; SE = √(0.011 × 0.989 × 0.002) = √(2.17580e-5) = 0.0046645;
    // z = 0.002 / 0.0046645 = 0.42877; p = 2 (1 - Φ(0.42877)) = 0.668: nothing to see.
    [
      '1,000/10 against 1,000/12',
      sample(1_000, 10),
      sample(1_000, 12),
      0.4287661676366146,
      0.6680934023170402,
    ],
    // The same with the sides swapped: z changes sign, p does not.
    [
      '10,000/150 against 10,000/100',
      sample(10_000, 150),
      sample(10_000, 100),
      -3.18222913670292,
      0.0014614614503219,
    ],
  ])('%s', (_label, control, variant, z, pValue) => {
    const test = twoProportionZTest(control, variant);
    expect(test.z).toBeCloseTo(z, 10);
    expect(test.pValue).toBeCloseTo(pValue, 12);
  });

  it('with no success on either side there is nothing to compare: z = 0, p = 1', () => {
    expect(twoProportionZTest(sample(100, 0), sample(100, 0))).toEqual({ z: 0, pValue: 1 });
  });

  it('refuses a side without trials and more successes than trials', () => {
    expect(() => twoProportionZTest(sample(0, 0), sample(10, 1))).toThrow(RangeError);
    expect(() => twoProportionZTest(sample(10, 11), sample(10, 1))).toThrow(RangeError);
    expect(() => twoProportionZTest(sample(10, 1.5), sample(10, 1))).toThrow(RangeError);
  });
});

describe("Fisher's exact test (two-sided)", () => {
  it('5/0 against 5/4: P(x) = C(5,x) C(5,4-x) / C(10,4) = 5, 50, 100, 50, 5 of 210; p = (5 + 5) / 210 = 0.047619', () => {
    expect(fisherExactTest(sample(5, 0), sample(5, 4)).pValue).toBeCloseTo(10 / 210, 14);
  });

  it('10/2 against 10/7: C(10,x) C(10,9-x) = 10, 450, 5,400, 25,200, 52,920, 52,920, 25,200, 5,400, 450, 10 of C(20,9) = 167,960; p = 2 (10 + 450 + 5,400) / 167,960 = 0.069779', () => {
    expect(fisherExactTest(sample(10, 2), sample(10, 7)).pValue).toBeCloseTo(11_720 / 167_960, 13);
  });

  it('1,000/0 against 1,000/6: P(0) = P(6) = Π (1000 - i)/(2000 - i), i = 0..5, = 0.0155079; p = 2 × 0.0155079 = 0.031016', () => {
    let pZero = 1;
    for (let i = 0; i < 6; i++) pZero *= (1000 - i) / (2000 - i);
    expect(pZero).toBeCloseTo(0.015507929980894, 14);
    expect(fisherExactTest(sample(1_000, 0), sample(1_000, 6)).pValue).toBeCloseTo(2 * pZero, 12);
  });

  it('a table as likely as can be has p = 1, and a million trials do not overflow', () => {
    expect(fisherExactTest(sample(10, 5), sample(10, 5)).pValue).toBeCloseTo(1, 12);
    // 1,000,000/1 against 1,000,000/3 (1,000,000! is far beyond a double; its log is not): with halves
    // this large P(x) ≈ C(4, x) / 16 = 1, 4, 6, 4, 1 of 16; the observed x = 1 has 4/16, and the tables
    // no more likely are x = 0, 1, 3, 4: p ≈ (1 + 4 + 4 + 1) / 16 = 0.625.
    expect(fisherExactTest(sample(1_000_000, 1), sample(1_000_000, 3)).pValue).toBeCloseTo(0.625, 5);
  });
});

describe('choosing the test', () => {
  it('the smallest expected count: (smaller trials) × (rarer outcome) / all trials', () => {
    // 2,000 trials, 22 successes: 1,000 × 22 / 2,000 = 11.
    expect(minExpectedCount(sample(1_000, 10), sample(1_000, 12))).toBe(11);
    // 1,000 × 6 / 2,000 = 3.
    expect(minExpectedCount(sample(1_000, 0), sample(1_000, 6))).toBe(3);
    // Failures rare: 20 trials, 19 successes, 1 failure: 10 × 1 / 20 = 0.5.
    expect(minExpectedCount(sample(10, 10), sample(10, 9))).toBe(0.5);
  });

  it('every expected count at 5 or more: the z-test answers (1,000/10 against 1,000/12, expected 11)', () => {
    const comparison = compareProportions(sample(1_000, 10), sample(1_000, 12));
    expect(comparison.test).toBe('two-proportion-z');
    expect(comparison.pValue).toBeCloseTo(0.6680934023170402, 12);
    expect(comparison.z).toBeCloseTo(0.4287661676366146, 10);
  });

  it("an expected count under 5: Fisher's test answers (1,000/0 against 1,000/6, expected 3), where the z-test would have said p = 0.0142", () => {
    const comparison = compareProportions(sample(1_000, 0), sample(1_000, 6));
    expect(comparison).toMatchObject({ test: 'fisher-exact', z: null, minExpectedCount: 3 });
    expect(comparison.pValue).toBeCloseTo(0.031015859961788, 12);
    expect(twoProportionZTest(sample(1_000, 0), sample(1_000, 6)).pValue).toBeCloseTo(0.01416, 4);
  });
});

describe('intervals', () => {
  it('Wilson, 100 of 10,000 at 95 %: z² = 3.841459, centre (0.01 + 0.000192073) / 1.000384146 = 0.010188159, half 1.959964 / 1.000384146 × √(9.9e-7 + 9.6036e-9) = 0.001958823: [0.0082293, 0.0121470]', () => {
    const interval = wilsonInterval(sample(10_000, 100));
    expect(interval.lower).toBeCloseTo(0.010188159201631531 - 0.0019588230534831144, 13);
    expect(interval.upper).toBeCloseTo(0.010188159201631531 + 0.0019588230534831144, 13);
  });

  // Each row: successes, trials, confidence, the interval from the same formula.
  it.each([
    // 0 of 20: p = 0, centre = half = (z²/40) / (1 + z²/20): [0, z²/20 / (1 + z²/20)] = [0, 0.16113].
    [0, 20, 0.95, 0, 0.16112515805281938],
    [20, 20, 0.95, 0.8388748419471806, 1],
    [5, 10, 0.95, 0.236593090512564, 0.7634069094874361],
    // At 90 % z = 1.644854: narrower than the 95 % interval of the same 100 of 10,000.
    [100, 10_000, 0.9, 0.008490789971791214, 0.011774281570452539],
  ])('Wilson, %s of %s at %s', (successes, trials, confidence, lower, upper) => {
    const interval = wilsonInterval(sample(trials, successes), confidence);
    expect(interval.lower).toBeCloseTo(lower, 12);
    expect(interval.upper).toBeCloseTo(upper, 12);
  });

  it('Wilson without trials is the whole of 0-1', () => {
    expect(wilsonInterval(sample(0, 0))).toEqual({ lower: 0, upper: 1 });
  });

  it("the lift of the issue's test, Katz: ln(1.5) = 0.405465 ± 1.959964 × √(1/150 - 1/10,000 + 1/100 - 1/10,000) = ± 1.959964 × 0.128323 = ± 0.251508; e^0.153957 - 1 = 0.1664, e^0.656973 - 1 = 0.9289", () => {
    const lift = liftInterval(sample(10_000, 100), sample(10_000, 150));
    expect(lift?.value).toBeCloseTo(0.5, 12);
    expect(lift?.lower).toBeCloseTo(0.166441439560149, 11);
    expect(lift?.upper).toBeCloseTo(0.9289438146577234, 11);
  });

  it('no lift interval when a side has no success (its log ratio is infinite)', () => {
    expect(liftInterval(sample(1_000, 0), sample(1_000, 6))).toBeNull();
    expect(liftInterval(sample(1_000, 6), sample(1_000, 0))).toBeNull();
  });

  it("the difference of the issue's test, Newcombe: Wilson A [0.0082293, 0.0121470], B [0.0127970, 0.0175754]; d = 0.005; d - √(0.0022030² + 0.0021470²) = 0.0019239, d + √(0.0025754² + 0.0017707²) = 0.0081254", () => {
    const difference = differenceInterval(sample(10_000, 100), sample(10_000, 150));
    expect(difference?.value).toBeCloseTo(0.005, 14);
    expect(difference?.lower).toBeCloseTo(0.0019238734423757085, 12);
    expect(difference?.upper).toBeCloseTo(0.008125399287777184, 12);
    expect(differenceInterval(sample(0, 0), sample(10, 1))).toBeNull();
  });
});

describe('planned sample per variant', () => {
  it("baseline 1 %, MDE 20 % (1 % against 1.2 %), α 0.05, power 0.8: (1.959964 × √(2 × 0.011 × 0.989) + 0.841621 × √(0.0099 + 0.011856))² / 0.002² = (0.289106 + 0.124138)² / 4e-6 = 0.1707712 / 4e-6 = 42,692.8: 42,693 per variant (the issue's 'about 42,600')", () => {
    expect(sampleSizePerVariant({ baselineRate: 0.01, minimumDetectableEffect: 0.2 })).toBe(42_693);
  });

  // Each row: the plan and the trials per variant by the same formula.
  it.each([
    // Three variants: α = 0.05 / 2 = 0.025 per comparison, z_{1-0.0125} = 2.241403:
    // (2.241403 × 0.1475059 + 0.124138)² / 4e-6 = 0.454759² / 4e-6 = 51,701.3: 51,702.
    ['three variants (Bonferroni: α 0.025 each)', { variants: 3 }, 51_702],
    // z_{1-0.05/6} = 2.393980; z_{1-0.05/8} = 2.497705.
    ['four variants (α 0.05/3)', { variants: 4 }, 56_946],
    ['five variants (α 0.05/4)', { variants: 5 }, 60_656],
    // 90 %: z_{0.95} = 1.644854: (1.644854 × 0.1475059 + 0.124138)² / 4e-6 = 33,628.97: 33,629.
    ['90 % significance', { significance: 0.9 }, 33_629],
    // 99 % and power 90 %: z_{0.995} = 2.575829, z_{0.9} = 1.281552: 80,933.95: 80,934.
    ['99 % significance, power 90 %', { significance: 0.99, power: 0.9 }, 80_934],
  ])('%s', (_label, options, expected) => {
    expect(sampleSizePerVariant({ baselineRate: 0.01, minimumDetectableEffect: 0.2, ...options })).toBe(
      expected,
    );
  });

  it('Bonferroni divides α among the comparisons with the control', () => {
    expect(comparisonAlpha(0.95, 2)).toBeCloseTo(0.05, 15);
    expect(comparisonAlpha(0.95, 3)).toBeCloseTo(0.025, 15);
    expect(comparisonAlpha(0.99, 5)).toBeCloseTo(0.0025, 15);
  });

  it('refuses a plan it cannot answer', () => {
    expect(() => sampleSizePerVariant({ baselineRate: 0, minimumDetectableEffect: 0.2 })).toThrow(RangeError);
    expect(() => sampleSizePerVariant({ baselineRate: 0.6, minimumDetectableEffect: 1 })).toThrow(RangeError);
    expect(() => sampleSizePerVariant({ baselineRate: 0.01, minimumDetectableEffect: 0 })).toThrow(
      RangeError,
    );
    expect(() =>
      sampleSizePerVariant({ baselineRate: 0.01, minimumDetectableEffect: 0.2, variants: 1 }),
    ).toThrow(RangeError);
  });
});
