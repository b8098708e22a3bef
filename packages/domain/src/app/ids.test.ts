import { describe, expect, it } from 'vitest';
import { isSharedToken, isTemporaryId, temporaryId } from './ids';

describe('temporary ids (docs/product.md §3 and §9)', () => {
  it("makes 'new_' plus 14 random alphanumerics", () => {
    const id = temporaryId();
    expect(id).toMatch(/^new_[A-Za-z0-9]{14}$/);
    expect(temporaryId()).not.toBe(id);
  });

  it('uses the random source it is given', () => {
    expect(temporaryId(() => 0)).toBe('new_AAAAAAAAAAAAAA');
    expect(temporaryId(() => 0.999999)).toBe('new_99999999999999');
  });

  it('recognises temporary ids and nothing else', () => {
    expect(isTemporaryId('new_abcDEF0123456z')).toBe(true);
    expect(isTemporaryId('new_short')).toBe(false);
    expect(isTemporaryId('new_abcDEF0123456z1')).toBe(false);
    expect(isTemporaryId('12345')).toBe(false);
    expect(isTemporaryId(12345)).toBe(false);
  });
});

describe('isSharedToken (docs/product.md §5)', () => {
  it('is a share token when longer than 24 characters', () => {
    expect(isSharedToken('a'.repeat(25))).toBe(true);
    expect(isSharedToken('a'.repeat(24))).toBe(false);
    expect(isSharedToken('42')).toBe(false);
    expect(isSharedToken(42)).toBe(false);
    expect(isSharedToken(undefined)).toBe(false);
  });
});
