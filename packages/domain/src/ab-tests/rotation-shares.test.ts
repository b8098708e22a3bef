import { describe, expect, it } from 'vitest';
import { normalCdf } from './distributions';
import { chooseRotationPosition, randomSource, seededUniform, THOMPSON_EXPLORATION } from './rotation';
import { rotationChooser, rotationShares, thompsonBestProbabilities } from './rotation-shares';

const item = (creativeId: string, weight = 1, paused = false) => ({ creativeId, weight, paused });

describe("Thompson sampling's chance that a creative's draw is the highest", () => {
  it('two creatives without data: a half each; three: a third each', () => {
    const none = { successes: 0, trials: 0 };
    expect(thompsonBestProbabilities([none, none])).toEqual([expect.closeTo(0.5, 6), expect.closeTo(0.5, 6)]);
    for (const share of thompsonBestProbabilities([none, none, none])) expect(share).toBeCloseTo(1 / 3, 6);
  });

  it('one click of one impression against none: Beta(2, 1) beats Beta(1, 1) with ∫ 2x · x dx = 2/3', () => {
    const [clicked, fresh] = thompsonBestProbabilities([
      { successes: 1, trials: 1 },
      { successes: 0, trials: 0 },
    ]);
    expect(clicked).toBeCloseTo(2 / 3, 5);
    expect(fresh).toBeCloseTo(1 / 3, 5);
  });

  it('1 of 1 against 0 of 1: Beta(2, 1) beats Beta(1, 2) with ∫ 2x (2x - x²) dx = 4/3 - 1/2 = 5/6', () => {
    const [first] = thompsonBestProbabilities([
      { successes: 1, trials: 1 },
      { successes: 0, trials: 1 },
    ]);
    expect(first).toBeCloseTo(5 / 6, 5);
  });

  it('10,000 / 100 against 10,000 / 150: about Φ(3.17) = 0.9992, posteriors a few thousandths wide', () => {
    // By hand, the posteriors' normal approximation: means 101/10,002 and 151/10,002, their difference
    // 0.004999 with sd √(0.010098 × 0.989902 / 10,003 + 0.015097 × 0.984903 / 10,003) = 0.0015766:
    // z = 3.171, Φ(z) = 0.99924. The Beta posteriors are slightly skewed, so within 0.0005 of it.
    const [, better] = thompsonBestProbabilities([
      { successes: 100, trials: 10_000 },
      { successes: 150, trials: 10_000 },
    ]);
    expect(normalCdf(3.171)).toBeCloseTo(0.99924, 5);
    expect(Math.abs((better as number) - 0.99924)).toBeLessThan(0.0005);
  });

  it('sums to 1 with creatives of very different amounts of data', () => {
    const shares = thompsonBestProbabilities([
      { successes: 214, trials: 127_390 },
      { successes: 280, trials: 81_539 },
      { successes: 0, trials: 0 },
      { successes: 3, trials: 40 },
    ]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 9);
    for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
    // A creative without data draws from the uniform Beta(1, 1): it beats a draw X with probability
    // P(U > X) = 1 - E[X]. Against 3 of 40 (mean 4/42) and two rates under 0.4 %, that is nearly
    // 1 - 4/42 = 0.905; 3 of 40 takes almost all the rest, the two with plenty of data almost nothing.
    expect(shares[2]).toBeCloseTo(1 - 4 / 42, 3);
    expect(shares[3]).toBeCloseTo(4 / 42, 3);
    expect((shares[0] as number) + (shares[1] as number)).toBeLessThan(0.001);
  });
});

describe("a placement's rotation shares (each creative's chance of the next request)", () => {
  it('even: one over the creatives not paused; paused ones 0', () => {
    expect(rotationShares({ mode: 'even', items: [item('a'), item('b', 1, true), item('c')] })).toEqual([
      0.5, 0, 0.5,
    ]);
  });

  it('weighted: weight over the sum of the weights not paused (1:3 is 25 % and 75 %)', () => {
    expect(
      rotationShares({ mode: 'weighted', items: [item('a', 1), item('b', 3), item('c', 6, true)] }),
    ).toEqual([0.25, 0.75, 0]);
  });

  it('sequential: none (the page goes through them in turn)', () => {
    expect(rotationShares({ mode: 'sequential', items: [item('a'), item('b')] })).toEqual([null, null]);
  });

  it('everything paused: 0 each', () => {
    expect(rotationShares({ mode: 'even', items: [item('a', 1, true)] })).toEqual([0]);
  });

  it('optimized: 10 % explore evenly, 90 % go to the best draw: 0.05 + 0.9 × 2/3 = 0.65 and 0.35', () => {
    const shares = rotationShares(
      { mode: 'optimized', items: [item('a'), item('b'), item('c', 1, true)] },
      { a: { successes: 1, trials: 1 } },
    );
    expect(shares[0]).toBeCloseTo(0.65, 5);
    expect(shares[1]).toBeCloseTo(0.35, 5);
    expect(shares[2]).toBe(0);
  });

  it('optimized: the shares are what the chooser does (20,000 seeded requests within 0.01 of each)', () => {
    const rotation = { mode: 'optimized' as const, items: [item('a'), item('b'), item('c')] };
    const counts = {
      a: { successes: 3, trials: 20 },
      b: { successes: 1, trials: 20 },
      c: { successes: 0, trials: 0 },
    };
    const shares = rotationShares(rotation, counts) as number[];
    const random = randomSource(seededUniform(46));
    const chosen = [0, 0, 0];
    const requests = 20_000;
    for (let request = 0; request < requests; request++) {
      const position = chooseRotationPosition(rotation, { counts }, random);
      chosen[position] = (chosen[position] as number) + 1;
    }
    // One binomial sd at 20,000 requests is at most √(0.25 / 20,000) = 0.0035: 0.01 is nearly 3 sd.
    for (const [index, count] of chosen.entries())
      expect(Math.abs(count / requests - (shares[index] as number))).toBeLessThan(0.01);
    expect(THOMPSON_EXPLORATION).toBe(0.1);
  });
});

describe("a rotation's choice made ready once (serving's cached placement)", () => {
  /** Uniform numbers given in turn. */
  const script = (...uniforms: number[]) => ({
    uniform: () => uniforms.shift() as number,
    normal: () => 0,
  });

  it('weighted 1:3: under a quarter the first, from a quarter the second, as weightedChoice does', () => {
    const choose = rotationChooser({ mode: 'weighted', items: [item('a', 1), item('b', 3)] });
    expect([0, 0.24, 0.25, 0.9999].map((r) => choose(null, script(r)))).toEqual([0, 0, 1, 1]);
  });

  it('even over the creatives not paused: a paused one is never chosen', () => {
    const choose = rotationChooser({ mode: 'even', items: [item('a'), item('b', 1, true), item('c')] });
    expect([0, 0.49, 0.5, 0.99].map((r) => choose(null, script(r)))).toEqual([0, 0, 2, 2]);
  });

  it('sequential: the next position after the last one shown, skipping a paused one', () => {
    const choose = rotationChooser({ mode: 'sequential', items: [item('a'), item('b', 1, true), item('c')] });
    expect([null, 0, 2].map((last) => choose(last, script()))).toEqual([0, 2, 0]);
  });

  it('only the creatives eligible for a request (its delivery rules): chosen among those alone', () => {
    const choose = rotationChooser({ mode: 'weighted', items: [item('a', 1), item('b', 3), item('c', 4)] });
    // b and c eligible: 3:4 between them, a never.
    const eligible = [false, true, true];
    expect([0, 0.42, 0.43, 0.99].map((r) => choose(null, script(r), eligible))).toEqual([1, 1, 2, 2]);
    const sequential = rotationChooser({ mode: 'sequential', items: [item('a'), item('b'), item('c')] });
    expect(sequential(0, script(), [true, false, true])).toBe(2);
    expect(choose(null, script(0.5), [false, false, false])).toBe(-1);
    // Optimized: Thompson sampling among the eligible ones (a alone: always a).
    const optimized = rotationChooser({ mode: 'optimized', items: [item('a'), item('b')] });
    expect(optimized(null, script(0.99), [true, false])).toBe(0);
  });

  it('everything paused: nothing (-1)', () => {
    expect(rotationChooser({ mode: 'optimized', items: [item('a', 1, true)] })(null, script(0.5))).toBe(-1);
  });

  it("optimized: 20,000 seeded requests split as Thompson sampling's per-request draws do, within 0.01", () => {
    const rotation = { mode: 'optimized' as const, items: [item('a'), item('b'), item('c')] };
    const counts = {
      a: { successes: 3, trials: 20 },
      b: { successes: 1, trials: 20 },
      c: { successes: 0, trials: 0 },
    };
    const choose = rotationChooser(rotation, counts);
    const ready = [0, 0, 0];
    const drawn = [0, 0, 0];
    const random = randomSource(seededUniform(50));
    const requests = 20_000;
    for (let request = 0; request < requests; request++) {
      const position = choose(null, random);
      ready[position] = (ready[position] as number) + 1;
      const reference = chooseRotationPosition(rotation, { counts }, random);
      drawn[reference] = (drawn[reference] as number) + 1;
    }
    // Two independent proportions of 20,000 differ with an sd of at most √(2 × 0.25 / 20,000) = 0.005:
    // 0.015 is 3 sd.
    for (const [index, count] of ready.entries())
      expect(Math.abs(count / requests - (drawn[index] as number) / requests)).toBeLessThan(0.015);
  });
});
