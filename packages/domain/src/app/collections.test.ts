import { describe, expect, it } from 'vitest';
import { removeById, replaceById } from './collections';

describe('local list updates (docs/product.md §4)', () => {
  it('replaces a creative created locally as new by the server copy on success', () => {
    const list = [
      { id: '1', name: 'a' },
      { id: 'new_AAAAAAAAAAAAAA', name: 'b' },
    ];
    expect(replaceById(list, 'new_AAAAAAAAAAAAAA', { id: '42', name: 'b' })).toEqual([
      { id: '1', name: 'a' },
      { id: '42', name: 'b' },
    ]);
    expect(replaceById(list, 'missing', { id: '43', name: 'c' })).toHaveLength(3);
    expect(list[1]?.id).toBe('new_AAAAAAAAAAAAAA');
  });

  it('removes a deleted campaign from the local list before the server call', () => {
    expect(removeById([{ id: '1' }, { id: '2' }], '1')).toEqual([{ id: '2' }]);
  });
});
