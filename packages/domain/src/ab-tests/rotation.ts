// Which of a placement's creatives an ad request gets (one tag, several creatives): evenly, by weight,
// in turn, or optimized by Thompson sampling with a floor of exploration. Pure: randomness comes in
// as numbers or as an injected source, so serving can seed it and tests can script it.
import type { ROTATION_MODES } from '../constants';
import type { ProportionSample } from './ab-test-statistics';

export type RotationMode = (typeof ROTATION_MODES)[number];

export const ROTATION_MODE_LABELS: Record<RotationMode, string> = {
  even: 'Even',
  weighted: 'Weighted',
  sequential: 'Sequential',
  optimized: 'Optimized',
};

/** What each mode does, in a sentence for the console's choice of mode. */
export const ROTATION_MODE_DESCRIPTIONS: Record<RotationMode, string> = {
  even: 'Each creative equally often.',
  weighted: 'Each creative in proportion to its weight: 1 and 3 serve a quarter and three quarters.',
  sequential:
    'The creatives in the order given, one after the other on each page view (the tag sends the position it showed last).',
  optimized:
    'More often the creative most likely to perform best (Thompson sampling on clicks, or video completes, per impression); 10 % of requests spread evenly so every creative keeps being measured.',
};

/** In optimized mode, this share of requests picks a creative uniformly, so none is starved of data. */
export const THOMPSON_EXPLORATION = 0.1;

/** Uniform numbers in [0, 1) and standard normal ones. */
export interface RandomSource {
  uniform(): number;
  normal(): number;
}

/** A seeded uniform generator (mulberry32): the same seed gives the same numbers in [0, 1). */
export function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A random source on uniform numbers; normals by Box-Muller, √(-2 ln(1 - u₁)) cos(2π u₂). */
export function randomSource(uniform: () => number = Math.random): RandomSource {
  return {
    uniform,
    normal: () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform()),
  };
}

function checkUnit(r: number): void {
  if (!(r >= 0 && r < 1)) throw new RangeError(`A uniform number is in [0, 1), not ${r}`);
}

/** Even rotation: position ⌊r × count⌋ for a uniform r in [0, 1). */
export function evenChoice(count: number, r: number): number {
  checkUnit(r);
  if (!Number.isInteger(count) || count < 1) throw new RangeError('There is nothing to choose from');
  return Math.floor(r * count);
}

/**
 * Weighted rotation: position i with probability weight_i / Σ weights, for a uniform r in [0, 1). The
 * ticket ⌊r × Σ⌋ falls in the running sums of the (whole) weights, so [1, 3] gives position 0 for r
 * under 0.25 and 1 from 0.25. A weight of 0 is never chosen; -1 when every weight is 0.
 */
export function weightedChoice(weights: readonly number[], r: number): number {
  checkUnit(r);
  if (weights.some((weight) => !Number.isInteger(weight) || weight < 0))
    throw new RangeError('Weights are whole numbers from 0');
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return -1;
  const ticket = Math.floor(r * total);
  let running = 0;
  for (let index = 0; index < weights.length; index++) {
    running += weights[index] as number;
    if (ticket < running) return index;
  }
  return weights.length - 1;
}

/**
 * Sequential rotation: the next position after the last one shown, wrapping to the first, skipping
 * the positions that are not active (paused). The first active position when none was shown yet (or
 * the last is out of range); -1 when none is active.
 */
export function nextSequentialPosition(active: readonly boolean[], lastPosition: number | null): number {
  const count = active.length;
  const start =
    lastPosition === null || !Number.isInteger(lastPosition) || lastPosition < 0 || lastPosition >= count
      ? 0
      : lastPosition + 1;
  for (let step = 0; step < count; step++) {
    const position = (start + step) % count;
    if (active[position]) return position;
  }
  return -1;
}

/**
 * A Gamma(shape, 1) draw by Marsaglia and Tsang's method: d = shape - 1/3, c = 1/√(9d); draw a normal
 * x until v = (1 + cx)³ > 0 and a uniform u accepts d·v (the squeeze u < 1 - 0.0331x⁴, else
 * ln u < x²/2 + d(1 - v + ln v)). A shape under 1 draws Gamma(shape + 1) × u^(1/shape).
 */
export function sampleGamma(shape: number, random: RandomSource): number {
  if (!(shape > 0) || !Number.isFinite(shape)) throw new RangeError('A gamma shape is more than 0');
  if (shape < 1) return sampleGamma(shape + 1, random) * (1 - random.uniform()) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = random.normal();
    const cube = 1 + c * x;
    if (cube <= 0) continue;
    const v = cube * cube * cube;
    const u = random.uniform();
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Beta(α, β) draw as X / (X + Y), X ~ Gamma(α), Y ~ Gamma(β). */
export function sampleBeta(alpha: number, beta: number, random: RandomSource): number {
  const x = sampleGamma(alpha, random);
  const y = sampleGamma(beta, random);
  return x / (x + y);
}

/**
 * Optimized rotation by Thompson sampling: with probability `exploration` (10 %) a position chosen
 * uniformly; otherwise one draw from Beta(successes + 1, failures + 1) per creative (its rate's
 * posterior from a uniform prior) and the highest draw wins, so a creative is shown about as often as
 * it is likely to be the best. Positions without counts (a new creative) draw from Beta(1, 1).
 */
export function thompsonChoice(
  arms: readonly ProportionSample[],
  random: RandomSource,
  exploration = THOMPSON_EXPLORATION,
): number {
  if (arms.length === 0) throw new RangeError('There is nothing to choose from');
  if (random.uniform() < exploration) return evenChoice(arms.length, random.uniform());
  let best = 0;
  let bestDraw = Number.NEGATIVE_INFINITY;
  arms.forEach((arm, index) => {
    const successes = Math.max(0, arm.successes);
    const failures = Math.max(0, arm.trials - arm.successes);
    const draw = sampleBeta(successes + 1, failures + 1, random);
    if (draw > bestDraw) {
      best = index;
      bestDraw = draw;
    }
  });
  return best;
}

/** A placement's creative as rotation reads it (the placement's rotation settings, ab-tests/rotation-settings.ts). */
export interface RotationItem {
  creativeId: string;
  weight: number;
  paused: boolean;
}

export interface RotationState {
  /** The position (in `items`) shown last, for sequential rotation. */
  lastPosition?: number | null;
  /** Each creative's counts of the goal, for optimized rotation; missing ones count as none yet. */
  counts?: Readonly<Record<string, ProportionSample>>;
}

/**
 * The position in `items` the next request gets under `mode`, among the creatives not paused; -1
 * when every one is paused.
 */
export function chooseRotationPosition(
  rotation: { mode: RotationMode; items: readonly RotationItem[] },
  state: RotationState,
  random: RandomSource,
): number {
  const { mode, items } = rotation;
  const active = items.map((item) => !item.paused);
  const positions = items.flatMap((item, position) => (item.paused ? [] : [position]));
  if (positions.length === 0) return -1;
  const at = (index: number) => (index < 0 ? -1 : (positions[index] as number));
  switch (mode) {
    case 'sequential':
      return nextSequentialPosition(active, state.lastPosition ?? null);
    case 'weighted':
      return at(
        weightedChoice(
          positions.map((position) => items[position]?.weight ?? 0),
          random.uniform(),
        ),
      );
    case 'optimized':
      return at(
        thompsonChoice(
          positions.map(
            (position) => state.counts?.[items[position]?.creativeId ?? ''] ?? { successes: 0, trials: 0 },
          ),
          random,
        ),
      );
    default:
      return at(evenChoice(positions.length, random.uniform()));
  }
}
