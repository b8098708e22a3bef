import { describe, expect, it } from 'vitest';
import { LABEL_GAP, labelsApart, labelWidth, spacedLabels, thinTicks, ticksThatFit } from './ticks';

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

  it('estimates a label at least as wide as DejaVu Sans draws it at 11 px', () => {
    // Measured in Chromium with DejaVu Sans 11 px: '12:00 AM' 49 px, '100 %' 31 px, '00:00' 31 px.
    expect(labelWidth('12:00 AM')).toBeGreaterThanOrEqual(49);
    expect(labelWidth('100 %')).toBeGreaterThanOrEqual(31);
    expect(labelWidth('00:00')).toBeGreaterThanOrEqual(31);
  });

  it('spaces labels at the densest step where one of the sets fits, the preferred set first', () => {
    const full = ['12:00 AM', '1:00 AM', '2:00 AM', '3:00 AM'];
    const short = ['12 AM', '1 AM', '2 AM', '3 AM'];
    const slots = full.length;
    const fullWidth = labelWidth('12:00 AM') + LABEL_GAP;
    expect(spacedLabels([full, short], slots, fullWidth * slots, [1, 2])).toEqual({ step: 1, labels: full });
    expect(spacedLabels([full, short], slots, (fullWidth - 1) * slots, [1, 2])).toEqual({
      step: 1,
      labels: short,
    });
    expect(spacedLabels([full, short], slots, 10, [1, 2])).toEqual({ step: 2, labels: short });
  });

  it("the pacing axis' last label, hanging left of its tick, never touches the one before it", () => {
    // Ticks 56 px apart, labels 40 px wide: the centred one at 504 reaches 524; the last, end-anchored
    // at 560, starts at 520: they overlap, so the one before is left out; at 448 (to 468) it stays.
    const label = (x: number, anchor: 'middle' | 'end' = 'middle') => ({ x, width: 40, anchor });
    expect(labelsApart([label(448), label(504), label(560, 'end')]).map((kept) => kept.x)).toEqual([
      448, 560,
    ]);
    // Centred labels 56 px apart with 40 px of text keep a 16 px gap: all stay.
    expect(labelsApart([label(0), label(56), label(112)]).map((kept) => kept.x)).toEqual([0, 56, 112]);
  });
});
