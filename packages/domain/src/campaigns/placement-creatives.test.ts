import { describe, expect, it } from 'vitest';
import { type PlacementCreative, placementShapeOf } from './placement-creatives';

const creative = (id: string, rest: Partial<PlacementCreative> = {}): PlacementCreative => ({
  id,
  campaignId: 'k1',
  name: `Creative ${id}`,
  type: 'Banner',
  width: 300,
  height: 250,
  ...rest,
});
const found = (...list: PlacementCreative[]) => new Map(list.map((item) => [item.id, item]));

describe('which creatives a placement holds (docs/serving.md, "Placements")', () => {
  it("answers the creatives' kind and size when they agree", () => {
    expect(placementShapeOf('k1', ['a', 'b'], found(creative('a'), creative('b')))).toEqual({
      shape: { kind: 'Banner', width: 300, height: 250 },
    });
  });

  it('refuses unknown creatives, those of another campaign, mixed kinds and mixed sizes', () => {
    expect(placementShapeOf('k1', ['x'], found())).toEqual({
      problem: 'Creative x not found: a placement takes creatives of its own campaign.',
    });
    expect(placementShapeOf('k1', ['a'], found(creative('a', { campaignId: 'k2' })))).toEqual({
      problem:
        'The creative "Creative a" belongs to another campaign: a placement takes creatives of its own campaign.',
    });
    expect(placementShapeOf('k1', ['a', 'v'], found(creative('a'), creative('v', { type: 'VAST' })))).toEqual(
      {
        problem:
          'A placement\'s creatives must all be of one kind: "Creative a" is Banner, "Creative v" is VAST.',
      },
    );
    expect(
      placementShapeOf('k1', ['a', 'w'], found(creative('a'), creative('w', { width: 728, height: 90 }))),
    ).toEqual({
      problem:
        'A placement\'s creatives must all be the same size: "Creative a" is 300x250, "Creative w" is 728x90.',
    });
  });

  it('keeps the kind and size an existing placement serves', () => {
    const keep = { kind: 'Banner' as const, width: 300, height: 250 };
    expect(placementShapeOf('k1', ['a'], found(creative('a')), keep)).toEqual({ shape: keep });
    expect(placementShapeOf('k1', ['v'], found(creative('v', { type: 'VPAID' })), keep)).toEqual({
      problem:
        'This placement serves Banner 300x250 (its tags expect it); these creatives are VPAID 300x250: make another placement for them.',
    });
  });
});
