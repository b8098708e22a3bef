import { describe, expect, it } from 'vitest';
import { adBuilderStateSchema, defaultAdBuilderState } from './ad-builder-state';

describe('ad-builder state (docs/product.md §3 and §9)', () => {
  it('starts with a white 300x250 artboard, no assets, keyframes or history, and nothing selected', () => {
    const state = defaultAdBuilderState();
    expect(state.layers).toHaveLength(1);
    expect(state.layers[0]).toMatchObject({
      type: 'artboard',
      width: 300,
      height: 250,
      background: '#ffffff',
    });
    expect(state).toMatchObject({ assets: [], keyframes: [], history: [], selectedLayer: null });
    expect(adBuilderStateSchema.parse(state)).toEqual(state);
  });

  it('refuses layers of unknown types', () => {
    const state = defaultAdBuilderState();
    expect(
      adBuilderStateSchema.safeParse({ ...state, layers: [{ ...state.layers[0], type: 'sticker' }] }).success,
    ).toBe(false);
  });
});
