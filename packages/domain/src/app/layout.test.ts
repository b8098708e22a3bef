import { describe, expect, it } from 'vitest';
import { isCompactLayout } from './layout';

describe('compact layout (docs/product.md §4 and §9)', () => {
  it('applies the compact layout at a window width of 991 px and narrower', () => {
    expect(isCompactLayout(991)).toBe(true);
    expect(isCompactLayout(375)).toBe(true);
  });

  it('shows the full layout from 992 px', () => {
    expect(isCompactLayout(992)).toBe(false);
    expect(isCompactLayout(1440)).toBe(false);
  });
});
