import { describe, expect, it } from 'vitest';
import { chiSquareGoodnessOfFit } from './distributions';
import {
  chooseRotationPosition,
  evenChoice,
  nextSequentialPosition,
  type RandomSource,
  randomSource,
  sampleBeta,
  sampleGamma,
  seededUniform,
  thompsonChoice,
  weightedChoice,
} from './rotation';

/** A random source that answers the numbers given, in order, and fails when it runs out. */
function scripted(uniforms: number[], normals: number[] = []): RandomSource {
  const next = (list: number[], kind: string) => () => {
    const value = list.shift();
    if (value === undefined) throw new Error(`The script has no more ${kind} numbers`);
    return value;
  };
  return { uniform: next([...uniforms], 'uniform'), normal: next([...normals], 'normal') };
}

describe('even and weighted choice', () => {
  // Each row: weights, r, the position: the ticket ⌊r × Σ⌋ against the running sums.
  it.each([
    // [1, 3]: Σ = 4, running sums 1, 4. r = 0.24: ticket 0 < 1: position 0.
    [[1, 3], 0, 0],
    [[1, 3], 0.24, 0],
    // r = 0.25: ticket 1, not under 1, under 4: position 1.
    [[1, 3], 0.25, 1],
    [[1, 3], 0.9999, 1],
    // [2, 0, 5]: Σ = 7, running 2, 2, 7; r = 0.3: ticket 2 skips the 0 weight: position 2.
    [[2, 0, 5], 0.3, 2],
    [[2, 0, 5], 0.28, 0],
    // [1000, 1]: Σ = 1,001; r = 1000/1001 gives ticket 1,000: position 1.
    [[1000, 1], 1000 / 1001, 1],
  ])('weights %j at r = %s: position %s', (weights, r, position) => {
    expect(weightedChoice(weights, r)).toBe(position);
  });

  it('answers -1 when every weight is 0, and refuses a weight that is not whole or an r outside [0, 1)', () => {
    expect(weightedChoice([0, 0], 0.5)).toBe(-1);
    expect(() => weightedChoice([1.5, 1], 0.5)).toThrow(RangeError);
    expect(() => weightedChoice([1, 3], 1)).toThrow(RangeError);
    expect(() => weightedChoice([1, 3], -0.1)).toThrow(RangeError);
  });

  it('even: ⌊r × count⌋, so 3 creatives split [0, 1/3), [1/3, 2/3), [2/3, 1)', () => {
    expect([0, 0.33, 0.34, 0.66, 0.67, 0.999].map((r) => evenChoice(3, r))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(() => evenChoice(0, 0.5)).toThrow(RangeError);
  });

  it('10,000 seeded requests to a 1:3 weighted placement split within the chi-square bound (p > 0.001, χ² < 10.83 with 1 df)', () => {
    const uniform = seededUniform(46);
    const counts = [0, 0];
    for (let request = 0; request < 10_000; request++) {
      const position = weightedChoice([1, 3], uniform());
      counts[position] = (counts[position] ?? 0) + 1;
    }
    const test = chiSquareGoodnessOfFit(counts, [1, 3]);
    expect(test.pValue).toBeGreaterThan(0.001);
    expect(test.statistic).toBeLessThan(10.828);
  });
});

describe('sequential rotation', () => {
  // Each row: which positions are active, the last shown, the next.
  it.each([
    [[true, true, true], null, 0],
    [[true, true, true], 0, 1],
    [[true, true, true], 2, 0],
    // Paused positions are skipped, wrapping round.
    [[true, false, true], 0, 2],
    [[true, false, false], 0, 0],
    [[false, true, true], 2, 1],
    // A last position out of range (the placement lost creatives) starts again at the first active one.
    [[false, true], 7, 1],
    [[false, false], 0, -1],
  ])('active %j after %s: %s', (active, last, next) => {
    expect(nextSequentialPosition(active, last)).toBe(next);
  });
});

describe('gamma and beta draws (Marsaglia-Tsang)', () => {
  it('shape 2, normal 0.5, uniform 0.5: d = 5/3, c = 1/√15 = 0.2581989, v = 1.1290994³ = 1.4394500; 0.5 < 1 - 0.0331 × 0.0625 (the squeeze): 5/3 × 1.4394500 = 2.3990833', () => {
    expect(sampleGamma(2, scripted([0.5], [0.5]))).toBeCloseTo(2.399083320058835, 12);
  });

  it('a normal that makes 1 + cx negative is drawn again: normal -4 (1 - 4 × 0.2581989 < 0), then 0.5 gives the same 2.3990833', () => {
    expect(sampleGamma(2, scripted([0.5], [-4, 0.5]))).toBeCloseTo(2.399083320058835, 12);
  });

  it('past the squeeze, the log test: normal 2, v = 1.5163978³ = 3.4868994; u = 0.6 fails 1 - 0.0331 × 16 = 0.4704 but ln 0.6 = -0.5108 < 2 + 5/3 (1 - 3.4868994 + ln 3.4868994) = -0.0631: 5/3 × 3.4868994 = 5.8114990', () => {
    expect(sampleGamma(2, scripted([0.6], [2]))).toBeCloseTo(5.81149902169131, 12);
  });

  it('and u = 0.95 fails both (ln 0.95 = -0.0513 > -0.0631): rejected, the next pair (0.5, 0.5) answers', () => {
    expect(sampleGamma(2, scripted([0.95, 0.5], [2, 0.5]))).toBeCloseTo(2.399083320058835, 12);
  });

  it('a shape under 1 boosts: Gamma(1.5) × u^(1/0.5); normal 0 gives d = 7/6, then (1 - 0.75)² = 1/16: 7/96', () => {
    // Gamma(1.5): normal 0, uniform 0.5 (accepted): d = 1.5 - 1/3 = 7/6; then u = 0.75: 7/6 × 0.25².
    expect(sampleGamma(0.5, scripted([0.5, 0.75], [0]))).toBeCloseTo(7 / 96, 14);
  });

  it('Beta(1, 1) and Beta(2, 1) with normals 0: X = d = α - 1/3, so (2/3) / (4/3) = 0.5 and (5/3) / (7/3) = 5/7', () => {
    expect(sampleBeta(1, 1, scripted([0.5, 0.5], [0, 0]))).toBeCloseTo(0.5, 14);
    expect(sampleBeta(2, 1, scripted([0.5, 0.5], [0, 0]))).toBeCloseTo(5 / 7, 14);
  });

  it('20,000 seeded draws of Gamma(3) average 3 (standard error √(3/20,000) = 0.012) and Beta(3, 9) 3/12 = 0.25', () => {
    const random = randomSource(seededUniform(7));
    let gammaSum = 0;
    let betaSum = 0;
    for (let draw = 0; draw < 20_000; draw++) {
      gammaSum += sampleGamma(3, random);
      betaSum += sampleBeta(3, 9, random);
    }
    expect(Math.abs(gammaSum / 20_000 - 3)).toBeLessThan(0.05);
    expect(Math.abs(betaSum / 20_000 - 0.25)).toBeLessThan(0.005);
  });

  it('Box-Muller normals from seeded uniforms have mean 0 and variance 1', () => {
    const random = randomSource(seededUniform(11));
    const draws = Array.from({ length: 20_000 }, () => random.normal());
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    const variance = draws.reduce((sum, x) => sum + (x - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(variance - 1)).toBeLessThan(0.04);
  });

  it('the seeded source repeats itself and stays in [0, 1)', () => {
    const first = seededUniform(46);
    const second = seededUniform(46);
    const numbers = Array.from({ length: 1_000 }, () => first());
    expect(numbers).toEqual(Array.from({ length: 1_000 }, () => second()));
    expect(numbers.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(() => sampleGamma(0, scripted([]))).toThrow(RangeError);
  });
});

describe('Thompson sampling with 10 % exploration', () => {
  const arms = [
    { trials: 10, successes: 1 },
    { trials: 10, successes: 3 },
    { trials: 2, successes: 0 },
  ];

  it('a first uniform under 0.1 explores: 0.05, then ⌊0.7 × 3⌋ = position 2', () => {
    expect(thompsonChoice(arms, scripted([0.05, 0.7]))).toBe(2);
  });

  it('otherwise the highest Beta(s + 1, f + 1) draw wins; with normals 0 each draw is (s + 2/3) / (n + 4/3): 1.667/11.333 = 0.147, 3.667/11.333 = 0.324, 0.667/3.333 = 0.2: position 1', () => {
    const uniforms = [0.5, ...Array(6).fill(0.5)];
    expect(thompsonChoice(arms, scripted(uniforms, Array(6).fill(0)))).toBe(1);
  });

  it('10,000 seeded requests between 1,000/10 and 1,000/50 go mostly to the better one, and at least 5 % (half the exploration) to the other', () => {
    const random = randomSource(seededUniform(3));
    const shown = [0, 0];
    const counts = [
      { trials: 1_000, successes: 10 },
      { trials: 1_000, successes: 50 },
    ];
    for (let request = 0; request < 10_000; request++) {
      const position = thompsonChoice(counts, random);
      shown[position] = (shown[position] ?? 0) + 1;
    }
    // P(Beta(11, 991) > Beta(51, 951)) is nil: the worse one is shown only when exploring, 10 % / 2.
    expect(shown[0]).toBeGreaterThan(400);
    expect(shown[0]).toBeLessThan(600);
    expect(shown[1]).toBeGreaterThan(9_400);
  });
});

describe('choosing a placement creative', () => {
  const items = [
    { creativeId: 'a', weight: 1, paused: false },
    { creativeId: 'b', weight: 5, paused: true },
    { creativeId: 'c', weight: 3, paused: false },
  ];

  it('weighted skips the paused creative: weights 1 and 3 of the active ones, r = 0.3 (ticket 1): c at position 2', () => {
    expect(chooseRotationPosition({ mode: 'weighted', items }, {}, scripted([0.3]))).toBe(2);
    expect(chooseRotationPosition({ mode: 'weighted', items }, {}, scripted([0.2]))).toBe(0);
  });

  it('even: ⌊0.6 × 2⌋ = 1 of the active ones: c', () => {
    expect(chooseRotationPosition({ mode: 'even', items }, {}, scripted([0.6]))).toBe(2);
  });

  it('sequential: after a comes c (b is paused), after c comes a', () => {
    expect(chooseRotationPosition({ mode: 'sequential', items }, { lastPosition: 0 }, scripted([]))).toBe(2);
    expect(chooseRotationPosition({ mode: 'sequential', items }, { lastPosition: 2 }, scripted([]))).toBe(0);
  });

  it("optimized reads each creative's counts by id (c: 30 of 100 against a: 1 of 100; normals 0: 30.667/101.333 against 1.667/101.333)", () => {
    const counts = { a: { trials: 100, successes: 1 }, c: { trials: 100, successes: 30 } };
    const random = scripted([0.5, 0.5, 0.5, 0.5, 0.5], [0, 0, 0, 0]);
    expect(chooseRotationPosition({ mode: 'optimized', items }, { counts }, random)).toBe(2);
  });

  it('every creative paused: -1', () => {
    const paused = items.map((item) => ({ ...item, paused: true }));
    expect(chooseRotationPosition({ mode: 'even', items: paused }, {}, scripted([]))).toBe(-1);
  });
});
