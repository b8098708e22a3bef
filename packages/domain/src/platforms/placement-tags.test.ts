// A placement's tags (docs/serving.md, "Placements"): the same macros as a single creative's tag on every platform, with the
// placement's serving path (video) or data-placement-id (banners) in place of the live creative.
import { describe, expect, it } from 'vitest';
import { platforms } from './platforms';
import { buildPlacementTag, buildTag, PLACEMENT_ATTRIBUTE, TAG_PATHS } from './tags';

const placement = { id: 'P7', kind: 'Banner' as const, width: 300, height: 250 };
const base = {
  servingHost: 'ads.example.com',
  clickMacro: 'https://click.example/?u=',
  clickMacroEscaped: 'https%3A%2F%2Fclick.example%2F',
};

const tagOf = (result: ReturnType<typeof buildTag>): string => {
  if (!result.ok) throw new Error(result.error);
  return result.tag;
};

describe("a placement's tags on the direct tag and the eleven platforms", () => {
  it.each(platforms.map((platform) => [platform.id] as const))(
    '%s: the same tag as a single creative, naming the placement',
    (platform) => {
      for (const kind of ['Banner', 'VAST', 'VPAID'] as const) {
        const creative = { id: 'c1', type: kind, width: 300, height: 250, settings: [] };
        const single = tagOf(buildTag({ ...base, platform, creative, liveCreative: { id: 'P7' } }));
        const tag = tagOf(buildPlacementTag({ ...base, platform, placement: { ...placement, kind } }));
        const expected =
          kind === 'Banner'
            ? single.replace('data-live-id="P7"', `${PLACEMENT_ATTRIBUTE}="P7"`)
            : single.replace(
                kind === 'VAST' ? TAG_PATHS.vast('P7') : TAG_PATHS.vpaid('P7'),
                kind === 'VAST' ? TAG_PATHS.vastPlacement('P7') : TAG_PATHS.vpaidPlacement('P7'),
              );
        expect(tag).toBe(expected);
        expect(tag).toContain(
          kind === 'Banner' ? 'data-placement-id="P7"' : `/serve/${kind.toLowerCase()}/p/P7.xml`,
        );
      }
    },
  );

  it('a banner placement keeps its size in the slot', () => {
    const tag = tagOf(buildPlacementTag({ ...base, platform: 'google-ad-manager', placement }));
    expect(tag).toContain('width:300px;height:250px');
    expect(tag).not.toContain('data-live-id');
  });
});
