// The values copied from the domain (contract.ts) are the domain's.
import {
  DEFAULT_CLICK_PARAM as DOMAIN_CLICK_PARAM,
  PRIVACY_ATTRIBUTES as DOMAIN_PRIVACY_ATTRIBUTES,
  IN_BANNER_VIDEO_ID,
  inBannerVideoLayout,
  PRIVACY_QUERY,
  platforms,
  type ServedLayout,
  tagParamOf,
} from '@adconsole/domain';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DEAL_ATTRIBUTES,
  DEFAULT_CLICK_PARAM,
  IN_BANNER_VIDEO,
  PRIVACY_PARAMS,
  VIDEO_ASSET,
} from './contract';
import type { VideoLayout } from './in-banner-video';

describe('the runtime’s copies of domain values', () => {
  it('names the In-Banner Video layout as the catalogue does', () => {
    expect(IN_BANNER_VIDEO).toBe(IN_BANNER_VIDEO_ID);
    expect(inBannerVideoLayout.requiredAssets).toEqual([VIDEO_ASSET]);
  });

  it('reads the deal-ID and fallback-ID attributes of every platform that has them', () => {
    const withDeals = platforms.filter((platform) => platform.dealAttributes);
    expect(withDeals.length).toBeGreaterThan(0);
    for (const platform of withDeals) expect(platform.dealAttributes).toEqual(DEAL_ATTRIBUTES);
  });

  it("forwards the tags' privacy attributes under the query names the server reads (docs/privacy.md)", () => {
    const forwarded = Object.values(DOMAIN_PRIVACY_ATTRIBUTES).filter(
      (name) => name !== 'data-addtl-consent',
    );
    expect(PRIVACY_PARAMS).toEqual(forwarded.map(tagParamOf));
    const served = Object.values(PRIVACY_QUERY).map((spellings) => spellings[0] as string);
    for (const param of PRIVACY_PARAMS) expect(served).toContain(param);
  });

  it('reads the click id from the landing URL parameter the server writes by default', () => {
    expect(DEFAULT_CLICK_PARAM).toBe(DOMAIN_CLICK_PARAM);
  });

  it("takes a served ad's layout in the shape the domain serves it (the published types' own copy)", () => {
    expectTypeOf<VideoLayout>().toEqualTypeOf<ServedLayout>();
  });
});
