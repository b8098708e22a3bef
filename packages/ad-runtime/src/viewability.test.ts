import { describe, expect, it } from 'vitest';
import { LARGE_AD_PIXELS, VIEWABLE_MS, viewableRatio } from './viewability';

describe('MRC display viewability', () => {
  it('asks 50 % of the pixels in view for one continuous second of an ordinary ad (300×250, 728×90, 300×600)', () => {
    expect(VIEWABLE_MS).toBe(1000);
    expect(viewableRatio(300, 250)).toBe(0.5);
    expect(viewableRatio(728, 90)).toBe(0.5);
    expect(viewableRatio(300, 600)).toBe(0.5);
  });

  it('asks 30 % of a large ad: 242,500 pixels or more (970×250 billboard, 300×1050 portrait)', () => {
    expect(LARGE_AD_PIXELS).toBe(242_500);
    expect(viewableRatio(970, 250)).toBe(0.3);
    expect(viewableRatio(300, 1050)).toBe(0.3);
    expect(viewableRatio(970, 249)).toBe(0.5);
  });
});
