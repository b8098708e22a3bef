import { describe, expect, it } from 'vitest';
import { creativeSchema } from '../campaigns/creative';
import {
  buildCampaignTagSheet,
  CAMPAIGN_TAG_SHEET_PLATFORMS,
  campaignTagSheetItems,
  placementTagCreative,
} from './campaign-tag-sheet';
import { PLATFORM_IDS } from './platforms';
import { buildTagSheet } from './tag-sheet';
import { buildPlacementTag } from './tags';

const creative = (id: string, liveIDs: string[], platform: string | null, fields = {}) =>
  creativeSchema.parse({
    id,
    campaignID: 'k1',
    name: `Creative ${id}`,
    type: 'Banner',
    width: 300,
    height: 250,
    size: '300x250',
    platform,
    liveCreatives: liveIDs.map((liveID) => ({ id: liveID })),
    ...fields,
  });

const eu = [{ key: 'euCreative' as const, value: true }];
const creatives = [
  creative('a', ['a1', 'a2'], 'xandr'),
  creative('b', [], 'adform'),
  creative('v', ['v1'], null, { type: 'VAST', width: 640, height: 360, size: '640x360', settings: eu }),
];
const placement = {
  id: 'P1',
  name: 'Homepage video',
  kind: 'VAST' as const,
  width: 640,
  height: 360,
  items: [
    { creativeId: 'gone', weight: 1, paused: false },
    { creativeId: 'v', weight: 1, paused: false },
  ],
};
const campaign = { name: 'Spring', creatives, placements: [placement] };

describe('the campaign\'s tag sheet (docs/tags.md, "The campaign\'s tag sheet")', () => {
  it('has one page per platform: the eleven trading platforms, then direct tags', () => {
    const pages = buildCampaignTagSheet({ campaign, servingHost: 'ads.example.com' });
    expect(CAMPAIGN_TAG_SHEET_PLATFORMS).toHaveLength(12);
    expect(new Set(CAMPAIGN_TAG_SHEET_PLATFORMS)).toEqual(new Set(PLATFORM_IDS));
    expect(pages.map((page) => page.platform.id)).toEqual(CAMPAIGN_TAG_SHEET_PLATFORMS);
    expect(pages.at(-1)?.platform.id).toBe('direct');
  });

  it('gives every live creative the row of its own sheet and every placement the tag of its card, on each platform; unpublished creatives have none', () => {
    for (const page of buildCampaignTagSheet({ campaign, servingHost: 'ads.example.com', tcfVendorID: 42 })) {
      expect(page.rows.map((row) => [row.kind, row.liveCreativeID || row.placementID])).toEqual([
        ['Creative', 'a1'],
        ['Creative', 'a2'],
        ['Creative', 'v1'],
        ['Placement', 'P1'],
      ]);
      const own = buildTagSheet({
        campaign: { name: 'Spring', creatives: [creatives[0], creatives[2]].filter((c) => c !== undefined) },
        servingHost: 'ads.example.com',
        tcfVendorID: 42,
        platforms: [page.platform.id],
      });
      expect(page.rows.slice(0, 3)).toEqual(
        own.map(({ creativeName, ...row }) => ({
          kind: 'Creative',
          name: creativeName,
          placementID: '',
          ...row,
        })),
      );
      // The placement follows its first known creative's settings (the EU attribute, in banners).
      const tag = buildPlacementTag({
        placement,
        platform: page.platform.id,
        settings: eu,
        servingHost: 'ads.example.com',
        tcfVendorID: 42,
      });
      expect(page.rows[3]).toEqual({
        kind: 'Placement',
        campaignName: 'Spring',
        name: 'Homepage video',
        creativeID: '',
        liveCreativeID: '',
        placementID: 'P1',
        type: 'VAST',
        size: '640x360',
        platform: page.platform.name,
        ...(tag.ok ? { tag: tag.tag } : { tag: '', error: tag.error }),
      });
    }
  });

  it("carries a tag's reason (Cognitiv's banner needs a click macro) and the https warning on built tags", () => {
    const pages = buildCampaignTagSheet({ campaign, servingHost: 'http://ads.example.com' });
    const cognitiv = pages.find((page) => page.platform.id === 'cognitiv');
    expect(cognitiv?.rows[0]).toMatchObject({
      tag: '',
      error: expect.stringMatching(/^Click macro missing/),
    });
    expect(cognitiv?.rows[0]).not.toHaveProperty('warning');
    const xandr = pages.find((page) => page.platform.id === 'xandr');
    for (const row of xandr?.rows ?? []) expect(row.warning).toMatch(/which is not https/);
  });

  it('a placement follows its first creative with a platform, else its first known creative', () => {
    const items = (ids: string[]) => ({
      items: ids.map((creativeId) => ({ creativeId, weight: 1, paused: false })),
    });
    expect(placementTagCreative(items(['v', 'a']), creatives)?.id).toBe('a');
    expect(placementTagCreative(items(['gone', 'v']), creatives)?.id).toBe('v');
    expect(placementTagCreative(items(['gone']), creatives)).toBeUndefined();
  });

  it('counts live creatives and placements against the cap', () => {
    expect(campaignTagSheetItems(creatives, [placement])).toBe(4);
  });
});
