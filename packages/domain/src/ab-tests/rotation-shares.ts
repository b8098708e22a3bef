// Why a placement serves what it serves (docs/serving.md "Placements"): each creative's chance
// of being chosen by the next ad request under the placement's rotation. For optimized rotation that
// is the exploration's even share plus the chance that Thompson sampling's draw for it is the highest,
// P(i best) = ∫ f_i(x) ∏_{j≠i} F_j(x) dx over the Beta posteriors, integrated numerically on a grid
// fine around every posterior (a creative with 100,000 impressions has a posterior a few thousandths
// wide). Pure: the console shows it, tests check it against hand-computed cases and the chooser itself.
import type { ProportionSample } from './ab-test-statistics';
import { logGamma } from './distributions';
import {
  nextSequentialPosition,
  type RandomSource,
  type RotationItem,
  type RotationMode,
  THOMPSON_EXPLORATION,
} from './rotation';

/** Points of the grid over [0, 1], and around each posterior (its mean ± SPREAD standard deviations). */
const GRID_POINTS = 800;
const SPREAD = 12;

interface Posterior {
  alpha: number;
  beta: number;
  logNorm: number;
}

const posteriorOf = ({ successes, trials }: ProportionSample): Posterior => {
  const alpha = Math.max(0, successes) + 1;
  const beta = Math.max(0, trials - successes) + 1;
  return { alpha, beta, logNorm: logGamma(alpha + beta) - logGamma(alpha) - logGamma(beta) };
};

/** The Beta density at x; (α - 1) ln x is 0 at α = 1 (not 0 × -∞). */
function density({ alpha, beta, logNorm }: Posterior, x: number): number {
  const left = alpha === 1 ? 0 : (alpha - 1) * Math.log(x);
  const right = beta === 1 ? 0 : (beta - 1) * Math.log(1 - x);
  return Math.exp(logNorm + left + right);
}

/** The grid: [0, 1] evenly, and each posterior's mean ± SPREAD sd evenly, merged in order. */
function gridOf(posteriors: readonly Posterior[]): number[] {
  const points = new Set<number>();
  const span = (from: number, to: number) => {
    for (let step = 0; step <= GRID_POINTS; step++) points.add(from + ((to - from) * step) / GRID_POINTS);
  };
  span(0, 1);
  for (const { alpha, beta } of posteriors) {
    const sum = alpha + beta;
    const mean = alpha / sum;
    const sd = Math.sqrt((alpha * beta) / (sum * sum * (sum + 1)));
    span(Math.max(0, mean - SPREAD * sd), Math.min(1, mean + SPREAD * sd));
  }
  return [...points].sort((a, b) => a - b);
}

/**
 * The chance that each creative's draw from Beta(successes + 1, failures + 1) is the highest: what
 * Thompson sampling's exploiting requests do. Sums to 1.
 */
export function thompsonBestProbabilities(arms: readonly ProportionSample[]): number[] {
  if (arms.length === 0) return [];
  if (arms.length === 1) return [1];
  const posteriors = arms.map(posteriorOf);
  const grid = gridOf(posteriors);
  // Each density on the grid, and its CDF by the trapezoid rule, both scaled to a mass of 1.
  const densities = posteriors.map((posterior) => grid.map((x) => density(posterior, x)));
  const cdfs = densities.map((values) => {
    const cdf = [0];
    for (let index = 1; index < grid.length; index++) {
      const width = (grid[index] as number) - (grid[index - 1] as number);
      cdf.push(
        (cdf[index - 1] as number) +
          (width * ((values[index] as number) + (values[index - 1] as number))) / 2,
      );
    }
    return cdf;
  });
  const masses = cdfs.map((cdf) => cdf[cdf.length - 1] as number);
  const best = posteriors.map((_, arm) => {
    const integrand = grid.map((_x, index) => {
      let value = (densities[arm]?.[index] as number) / (masses[arm] as number);
      for (let other = 0; other < posteriors.length; other++)
        if (other !== arm) value *= (cdfs[other]?.[index] as number) / (masses[other] as number);
      return value;
    });
    let sum = 0;
    for (let index = 1; index < grid.length; index++)
      sum +=
        (((grid[index] as number) - (grid[index - 1] as number)) *
          ((integrand[index] as number) + (integrand[index - 1] as number))) /
        2;
    return sum;
  });
  const total = best.reduce((sum, value) => sum + value, 0);
  return best.map((value) => value / total);
}

/**
 * Each item's chance of being chosen by the next ad request (0-1; 0 when paused), or null in
 * sequential rotation, where the page's own position decides (each in turn). Even: 1 / the creatives
 * not paused; weighted: weight / their weights' sum; optimized: the exploration's even share plus the
 * rest times the chance its Thompson draw is the highest (`counts` by creative id, none yet when absent).
 */
export function rotationShares(
  rotation: { mode: RotationMode; items: readonly RotationItem[] },
  counts: Readonly<Record<string, ProportionSample>> = {},
  exploration = THOMPSON_EXPLORATION,
): (number | null)[] {
  const { mode, items } = rotation;
  if (mode === 'sequential') return items.map(() => null);
  const active = items.filter((item) => !item.paused);
  if (active.length === 0) return items.map(() => 0);
  if (mode === 'weighted') {
    const total = active.reduce((sum, item) => sum + item.weight, 0);
    return items.map((item) => (item.paused || total === 0 ? 0 : item.weight / total));
  }
  if (mode === 'optimized') {
    const best = thompsonBestProbabilities(
      active.map((item) => counts[item.creativeId] ?? { successes: 0, trials: 0 }),
    );
    const byId = new Map(active.map((item, index) => [item.creativeId, best[index] as number]));
    return items.map((item) =>
      item.paused ? 0 : exploration / active.length + (1 - exploration) * (byId.get(item.creativeId) ?? 0),
    );
  }
  return items.map((item) => (item.paused ? 0 : 1 / active.length));
}

/**
 * A rotation's choice made ready once: the position a request gets, from the page's last position. With
 * `eligible` (one flag per position: the creatives whose delivery rules this request matches), the
 * choice is among those alone, as if the others were paused (docs/serving.md, "Delivery rules").
 */
export type RotationChooser = (
  lastPosition: number | null,
  random: RandomSource,
  eligible?: readonly boolean[],
) => number;

/** Choices among some of the positions kept per set of positions, at most this many per rotation. */
const RESTRICTED_CHOICES = 64;

/** The choice over a rotation's positions as they are (paused ones never chosen). */
function fullChooser(
  rotation: { mode: RotationMode; items: readonly RotationItem[] },
  counts: Readonly<Record<string, ProportionSample>>,
  exploration: number,
): (lastPosition: number | null, random: RandomSource) => number {
  const active = rotation.items.map((item) => !item.paused);
  if (rotation.mode === 'sequential') return (lastPosition) => nextSequentialPosition(active, lastPosition);
  const shares = rotationShares(rotation, counts, exploration) as number[];
  const running: number[] = [];
  let sum = 0;
  for (const share of shares) {
    sum += share;
    running.push(sum);
  }
  if (sum <= 0) return () => -1;
  let last = -1;
  shares.forEach((share, position) => {
    if (share > 0) last = position;
  });
  return (_lastPosition, random) => {
    const r = random.uniform() * sum;
    for (let position = 0; position < running.length; position++)
      if (r < (running[position] as number) && (shares[position] as number) > 0) return position;
    return last;
  };
}

/**
 * The choice of `chooseRotationPosition`, worked out once for counts that do not change (serving's
 * cached placement, re-read every few seconds): each position's share as running sums, so a request
 * takes one uniform draw and a scan of a few numbers. For optimized rotation that is Thompson
 * sampling's own distribution (exploration plus the chance of the highest draw, rotationShares): drawing
 * a Beta per creative on every request picks each creative with exactly these probabilities while the
 * counts stay the same, so the requests are served alike, at a fraction of the cost. Sequential
 * rotation goes on from the page's last position. A request for which only some creatives are eligible
 * gets the same choice worked out over those (once per set of them, then remembered: Thompson
 * sampling among three creatives is not its choice among five renormalised). -1 when nothing can serve.
 */
export function rotationChooser(
  rotation: { mode: RotationMode; items: readonly RotationItem[] },
  counts: Readonly<Record<string, ProportionSample>> = {},
  exploration = THOMPSON_EXPLORATION,
): RotationChooser {
  const full = fullChooser(rotation, counts, exploration);
  const restricted = new Map<string, ReturnType<typeof fullChooser>>();
  return (lastPosition, random, eligible) => {
    if (eligible === undefined) return full(lastPosition, random);
    const key = eligible.map((on) => (on ? '1' : '0')).join('');
    let choose = restricted.get(key);
    if (choose === undefined) {
      const items = rotation.items.map((item, position) => ({
        ...item,
        paused: item.paused || eligible[position] !== true,
      }));
      choose = fullChooser({ mode: rotation.mode, items }, counts, exploration);
      if (restricted.size >= RESTRICTED_CHOICES) restricted.clear();
      restricted.set(key, choose);
    }
    return choose(lastPosition, random);
  };
}
