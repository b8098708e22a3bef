import { describe, expect, it } from 'vitest';
import { AB_TEST_GOALS } from '../constants';
import { AB_TEST_GOAL_COUNTS, abTestVerdict } from './ab-test';
import { compareProportions } from './ab-test-statistics';
import { seededUniform } from './rotation';

const variant = (id: string, trials: number, successes: number, name?: string) => ({
  id,
  trials,
  successes,
  name,
});

describe('A/B test verdict at a fixed horizon', () => {
  it("the issue's test at its horizon: 10,000/100 against 10,000/150, p = 0.0015 < 0.05: B wins, lift +50 % [16.6 %, 92.9 %]", () => {
    const verdict = abTestVerdict({
      variants: [variant('a', 10_000, 100, 'A'), variant('b', 10_000, 150, 'B')],
      controlId: 'a',
      plannedSample: 10_000,
    });
    expect(verdict).toMatchObject({
      decision: 'variant-wins',
      winnerId: 'b',
      label: 'B wins',
      progress: 1,
      comparisonAlpha: expect.closeTo(0.05, 15),
    });
    const [control, challenger] = verdict.variants;
    expect(control).toMatchObject({
      id: 'a',
      control: true,
      rate: 0.01,
      decision: null,
      lift: null,
      pValue: null,
    });
    // Wilson 95 % of 100 of 10,000: [0.0082293, 0.0121470] (ab-test-statistics.test.ts).
    expect(control?.interval.lower).toBeCloseTo(0.008229336148148417, 12);
    expect(challenger).toMatchObject({
      id: 'b',
      control: false,
      trials: 10_000,
      successes: 150,
      rate: 0.015,
      test: 'two-proportion-z',
      decision: 'variant-wins',
      label: 'B wins',
    });
    expect(challenger?.pValue).toBeCloseTo(0.0014614614503219, 12);
    expect(challenger?.lift?.value).toBeCloseTo(0.5, 12);
    expect(challenger?.lift?.lower).toBeCloseTo(0.166441439560149, 11);
    expect(challenger?.lift?.upper).toBeCloseTo(0.9289438146577234, 11);
    expect(challenger?.difference?.lower).toBeCloseTo(0.0019238734423757085, 12);
  });

  it('no peeking: the same counts before the planned 42,693 per variant are "not enough data", p = 0.0015 notwithstanding; progress 10,000 / 42,693 = 0.2342', () => {
    const verdict = abTestVerdict({
      variants: [variant('a', 10_000, 100), variant('b', 10_000, 150)],
      controlId: 'a',
      plannedSample: 42_693,
    });
    expect(verdict).toMatchObject({ decision: 'not-enough-data', winnerId: null, label: 'Not enough data' });
    expect(verdict.progress).toBeCloseTo(10_000 / 42_693, 12);
    expect(verdict.variants[1]).toMatchObject({ decision: 'not-enough-data', label: 'Not enough data' });
    // The figures are there to be seen; the decision waits.
    expect(verdict.variants[1]?.pValue).toBeCloseTo(0.0014614614503219, 12);
  });

  it('waits for every variant: one variant at the horizon and the other one impression short is not enough', () => {
    const verdict = abTestVerdict({
      variants: [variant('a', 10_000, 100), variant('b', 9_999, 150)],
      controlId: 'a',
      plannedSample: 10_000,
    });
    expect(verdict.decision).toBe('not-enough-data');
    expect(verdict.progress).toBeCloseTo(0.9999, 12);
  });

  // Each row: control, challenger, planned sample, the decision and its label.
  it.each([
    [
      '1,000/10 against 1,000/12: p = 0.668',
      variant('a', 1_000, 10),
      variant('b', 1_000, 12),
      'no-difference',
      'No difference',
      null,
    ],
    [
      '10,000/150 against 10,000/100: p = 0.0015, the control is better',
      variant('a', 10_000, 150),
      variant('b', 10_000, 100),
      'control-wins',
      'Control wins',
      'a',
    ],
  ] as const)('%s', (_label, control, challenger, decision, label, winnerId) => {
    const verdict = abTestVerdict({ variants: [control, challenger], controlId: 'a', plannedSample: 1_000 });
    expect(verdict).toMatchObject({ decision, label, winnerId });
    expect(verdict.variants[1]).toMatchObject({ decision, label, test: 'two-proportion-z' });
  });

  it('three variants, Bonferroni: each comparison at 0.05 / 2 = 0.025; B (130) at p = 0.0466 is no difference, C (150) at p = 0.0015 wins', () => {
    // B: p̂ = 230 / 20,000 = 0.0115; SE = √(0.0115 × 0.9885 × 0.0002) = √(2.27355e-6) = 0.00150783;
    // z = 0.003 / 0.00150783 = 1.98961; p = 2 (1 - Φ(1.98961)) = 0.04663: under 0.05, over 0.025.
    const verdict = abTestVerdict({
      variants: [variant('a', 10_000, 100), variant('b', 10_000, 130, 'B'), variant('c', 10_000, 150, 'C')],
      controlId: 'a',
      plannedSample: 10_000,
    });
    expect(verdict.comparisonAlpha).toBeCloseTo(0.025, 15);
    expect(verdict.variants[1]?.pValue).toBeCloseTo(0.04663338603916132, 11);
    expect(verdict.variants[1]).toMatchObject({ decision: 'no-difference' });
    expect(verdict.variants[2]).toMatchObject({ decision: 'variant-wins', label: 'C wins' });
    expect(verdict).toMatchObject({ decision: 'variant-wins', winnerId: 'c', label: 'C wins' });
    // The lift's interval is at 97.5 %, the level of the comparison: wider than the 95 % one.
    expect(verdict.variants[2]?.lift?.lower).toBeLessThan(0.166441439560149);
  });

  it('the control wins the test only when it beats every variant; beating one of two is no difference', () => {
    const beatsBoth = abTestVerdict({
      variants: [variant('a', 10_000, 150), variant('b', 10_000, 100), variant('c', 10_000, 90)],
      controlId: 'a',
      plannedSample: 10_000,
    });
    expect(beatsBoth).toMatchObject({ decision: 'control-wins', winnerId: 'a', label: 'Control wins' });
    const beatsOne = abTestVerdict({
      variants: [variant('a', 10_000, 150), variant('b', 10_000, 100), variant('c', 10_000, 148)],
      controlId: 'a',
      plannedSample: 10_000,
    });
    expect(beatsOne).toMatchObject({ decision: 'no-difference', winnerId: null });
  });

  it("small counts are Fisher's: 200/1 against 200/8 (expected 200 × 9 / 400 = 4.5); P(1)/P(0) = 200 × 9 / 192 = 9.375, p = 2 (P(0) + P(1)) = 20.75 × Π (200 - i)/(400 - i), i = 0..8, = 0.0370: B wins", () => {
    let pZero = 1;
    for (let i = 0; i < 9; i++) pZero *= (200 - i) / (400 - i);
    const verdict = abTestVerdict({
      variants: [variant('a', 200, 1), variant('b', 200, 8, 'B')],
      controlId: 'a',
      plannedSample: 200,
    });
    expect(verdict.variants[1]).toMatchObject({ test: 'fisher-exact', decision: 'variant-wins' });
    expect(verdict.variants[1]?.pValue).toBeCloseTo(20.75 * pZero, 12);
    expect(verdict.variants[1]?.pValue).toBeCloseTo(0.03696663788381058, 12);
  });

  it('a variant without trials has no rate, no comparison and no progress', () => {
    const verdict = abTestVerdict({
      variants: [variant('a', 0, 0), variant('b', 0, 0)],
      controlId: 'a',
      plannedSample: 100,
    });
    expect(verdict).toMatchObject({ decision: 'not-enough-data', progress: 0 });
    expect(verdict.variants[1]).toMatchObject({
      rate: null,
      pValue: null,
      test: null,
      lift: null,
      difference: null,
    });
    expect(verdict.variants[1]?.interval).toEqual({ lower: 0, upper: 1 });
  });

  it('refuses a test it cannot read', () => {
    const two = [variant('a', 10, 1), variant('b', 10, 2)];
    expect(() =>
      abTestVerdict({ variants: [variant('a', 10, 1)], controlId: 'a', plannedSample: 10 }),
    ).toThrow('An A/B test has 2 to 5 variants');
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => variant(id, 10, 1));
    expect(() => abTestVerdict({ variants: six, controlId: 'a', plannedSample: 10 })).toThrow(RangeError);
    expect(() => abTestVerdict({ variants: two, controlId: 'z', plannedSample: 10 })).toThrow(
      'The control is one of the variants',
    );
    expect(() =>
      abTestVerdict({
        variants: [variant('a', 10, 1), variant('a', 10, 2)],
        controlId: 'a',
        plannedSample: 10,
      }),
    ).toThrow('Each variant of an A/B test is a different creative');
    expect(() => abTestVerdict({ variants: two, controlId: 'a', plannedSample: 0 })).toThrow(RangeError);
    expect(() =>
      abTestVerdict({ variants: two, controlId: 'a', plannedSample: 10, significance: 95 }),
    ).toThrow(RangeError);
  });

  it('why the verdict waits: in 300 seeded A/A tests (both at 2 %), stopping at the first of 10 looks with p < 0.05 finds a false winner several times as often as the one look at the horizon (about 5 %)', () => {
    const uniform = seededUniform(2026);
    let atHorizon = 0;
    let peeking = 0;
    for (let test = 0; test < 300; test++) {
      const control = { trials: 0, successes: 0 };
      const variant = { trials: 0, successes: 0 };
      let stoppedEarly = false;
      for (let look = 1; look <= 10; look++) {
        for (let impression = 0; impression < 1_000; impression++) {
          control.trials += 1;
          variant.trials += 1;
          if (uniform() < 0.02) control.successes += 1;
          if (uniform() < 0.02) variant.successes += 1;
        }
        if (compareProportions(control, variant).pValue < 0.05) stoppedEarly = true;
      }
      if (stoppedEarly) peeking += 1;
      if (compareProportions(control, variant).pValue < 0.05) atHorizon += 1;
    }
    // One look: about 300 × 0.05 = 15 false winners expected (this seed: 11); ten looks: about
    // 300 × 0.19 = 57 (this seed: 54).
    expect(atHorizon).toBeLessThan(30);
    expect(peeking).toBeGreaterThan(2 * atHorizon);
  });
});

describe('the goals a test can be run on', () => {
  it('every goal, the conversion rate too: conversions per click', () => {
    expect(AB_TEST_GOALS).toEqual([
      'ctr',
      'viewability',
      'completionRate',
      'engagementRate',
      'conversionRate',
    ]);
    expect(AB_TEST_GOAL_COUNTS.conversionRate).toEqual({ successes: 'conversions', trials: 'clicks' });
  });
});
