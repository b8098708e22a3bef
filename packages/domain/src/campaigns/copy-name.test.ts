import { describe, expect, it } from 'vitest';
import { copyName } from './copy-name';

describe('copyName (docs/product.md §4: duplicate names)', () => {
  it('adds " (Copy)" and then numbers copies: " (Copy 2)"', () => {
    expect(copyName('Banner')).toBe('Banner (Copy)');
    expect(copyName('Banner (Copy)')).toBe('Banner (Copy 2)');
  });

  it('raises an existing " (Copy N)" number by one', () => {
    expect(copyName('Banner (Copy 2)')).toBe('Banner (Copy 3)');
    expect(copyName('Banner (Copy 9)')).toBe('Banner (Copy 10)');
  });

  it('only treats a trailing copy suffix as one', () => {
    expect(copyName('Banner (Copy) final')).toBe('Banner (Copy) final (Copy)');
    expect(copyName('')).toBe(' (Copy)');
  });
});
