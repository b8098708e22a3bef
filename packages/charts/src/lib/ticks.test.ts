import { describe, expect, it } from 'vitest';
import { thinTicks, ticksThatFit } from './ticks';

const days = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('tick thinning', () => {
  it('keeps every label when they fit', () => {
    expect(thinTicks(days(1), 8)).toEqual([0]);
    expect(thinTicks(days(7), 8)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('spreads at most the asked number of labels over the range, first one included', () => {
    const ticks = thinTicks(days(24), 6);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks[0]).toBe(0);
    expect(ticks).toEqual([0, 5, 10, 15, 20]);
  });

  it('labels long day ranges every whole number of weeks', () => {
    const ticks = thinTicks(days(365), 10);
    expect(ticks.length).toBeLessThanOrEqual(10);
    const steps = ticks.slice(1).map((tick, index) => tick - (ticks[index] as number));
    expect(new Set(steps)).toEqual(new Set([42]));
    const ninety = thinTicks(days(90), 8);
    expect(ninety.slice(1).every((tick, index) => (tick - (ninety[index] as number)) % 7 === 0)).toBe(true);
  });

  it('adds the last value when it is at least three quarters of a step from the previous label', () => {
    expect(thinTicks(days(10), 4)).toEqual([0, 3, 6, 9]);
    expect(thinTicks(days(12), 4)).toEqual([0, 4, 8, 11]);
    expect(thinTicks(days(11), 4)).toEqual([0, 4, 8]);
  });

  it('fits at least two labels on any width', () => {
    expect(ticksThatFit(100, 60)).toBe(2);
    expect(ticksThatFit(800, 60)).toBe(13);
  });
});
