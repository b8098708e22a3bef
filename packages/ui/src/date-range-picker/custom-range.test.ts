import { describe, expect, it } from 'vitest';
import { pickRangeDay } from './custom-range';

const day = (date: number) => new Date(2026, 10, date);

describe('a custom range picked on the calendar', () => {
  it('starts a new range on the first click, even with a range already chosen (20-26 Nov, click 24: 24-…)', () => {
    expect(pickRangeDay({ from: day(20), to: day(26) }, day(24))).toEqual({ from: day(24), to: undefined });
    expect(pickRangeDay({ from: day(20), to: day(26) }, day(2))).toEqual({ from: day(2), to: undefined });
  });

  it('starts a range on the first click when nothing is chosen', () => {
    expect(pickRangeDay(undefined, day(5))).toEqual({ from: day(5), to: undefined });
    expect(pickRangeDay({ from: undefined }, day(5))).toEqual({ from: day(5), to: undefined });
  });

  it('ends the range on the second click (24, then 26: 24-26)', () => {
    expect(pickRangeDay({ from: day(24) }, day(26))).toEqual({ from: day(24), to: day(26) });
  });

  it('swaps the ends when the second click is before the first (24, then 21: 21-24)', () => {
    expect(pickRangeDay({ from: day(24) }, day(21))).toEqual({ from: day(21), to: day(24) });
  });

  it('makes a range of one day when the same day is clicked twice', () => {
    expect(pickRangeDay({ from: day(24) }, day(24))).toEqual({ from: day(24), to: day(24) });
  });

  it('counts whole days, whatever the time of the click', () => {
    expect(pickRangeDay({ from: new Date(2026, 10, 24, 15) }, new Date(2026, 10, 21, 9))).toEqual({
      from: day(21),
      to: day(24),
    });
  });
});
