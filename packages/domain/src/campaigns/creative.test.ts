import { describe, expect, it } from 'vitest';
import { assetSchema } from './asset';
import {
  CREATIVE_SETTING_KEYS,
  creativeSchema,
  creativeSetting,
  creativeSize,
  liveCreativeSchema,
  newCreative,
  trackersSchema,
  withCreativeSetting,
} from './creative';

describe('creative entity (docs/product.md §3)', () => {
  it("makes a new creative named 'New creative', of type Banner, with a temporary id and a 'WxH' size", () => {
    const creative = newCreative('c1', { width: 728, height: 90 });
    expect(creative).toMatchObject({
      campaignID: 'c1',
      name: 'New creative',
      type: 'Banner',
      width: 728,
      height: 90,
      size: '728x90',
    });
    expect(creative.id).toMatch(/^new_[A-Za-z0-9]{14}$/);
    expect(creativeSchema.parse(creative)).toEqual(creative);
  });

  it('defaults a new creative to 300x250', () => {
    expect(newCreative('c1', undefined, () => 0)).toMatchObject({
      id: 'new_AAAAAAAAAAAAAA',
      size: '300x250',
    });
    expect(creativeSize(160, 600)).toBe('160x600');
  });

  it('accepts the types Banner, VAST and VPAID only', () => {
    const base = { id: '1', campaignID: '2', width: 1, height: 1, size: '1x1' };
    for (const type of ['Banner', 'VAST', 'VPAID'])
      expect(creativeSchema.safeParse({ ...base, type }).success).toBe(true);
    expect(creativeSchema.safeParse({ ...base, type: 'Video' }).success).toBe(false);
    expect(creativeSchema.parse(base)).toMatchObject({
      name: 'New creative',
      type: 'Banner',
      liveCreatives: [],
    });
  });

  it('keys settings by layoutOptions, euCreative, inAppSupport, dealIDRequired, fallbackCreative and the VAST ones', () => {
    expect(CREATIVE_SETTING_KEYS).toEqual([
      'layoutOptions',
      'euCreative',
      'inAppSupport',
      'dealIDRequired',
      'fallbackCreative',
      'verificationVendors',
      'skipOffset',
      'universalAdId',
    ]);
    const creative = creativeSchema.parse({
      id: '1',
      campaignID: '2',
      width: 300,
      height: 250,
      size: '300x250',
      settings: [
        { key: 'euCreative', value: true },
        { key: 'layoutOptions', value: { loop: 'yes', buttons_sizes: 120 } },
      ],
    });
    expect(creativeSetting(creative, 'euCreative')).toBe(true);
    expect(creativeSetting(creative, 'layoutOptions')).toEqual({ loop: 'yes', buttons_sizes: 120 });
    expect(creativeSetting(creative, 'dealIDRequired')).toBeUndefined();
    expect(
      creativeSchema.safeParse({ ...creative, settings: [{ key: 'colour', value: 'red' }] }).success,
    ).toBe(false);
  });

  it('keys trackers by kind, each a list of {type, url}', () => {
    const trackers = {
      click: [{ type: 'redirect', url: 'https://t.example/c' }],
      impression: [{ type: 'pixel', url: 'https://t.example/i.gif' }],
    };
    expect(trackersSchema.parse(trackers)).toEqual(trackers);
    expect(trackersSchema.safeParse({ click: [{ type: 'pixel', url: 'javascript:alert(1)' }] }).success).toBe(
      false,
    );
    expect(trackersSchema.safeParse({ hover: [] }).success).toBe(false);
  });

  it('gives every live creative an id', () => {
    expect(liveCreativeSchema.parse({ id: 5, creativeID: 'x' })).toEqual({ id: '5', creativeID: 'x' });
    expect(liveCreativeSchema.safeParse({ creativeID: 'x' }).success).toBe(false);
  });
});

describe('asset entity (docs/product.md §3)', () => {
  it('holds id, filename, name, path, creativeID, url, new flag, width, height, duration and uploadType', () => {
    const asset = assetSchema.parse({
      id: 1,
      filename: 'main.mp4',
      name: 'main.mp4',
      path: 'c/1/main.mp4',
      creativeID: 9,
      url: 'https://cdn.example/main.mp4',
      width: 640,
      height: 360,
      duration: 15,
      uploadType: 'video',
    });
    expect(asset).toMatchObject({ id: '1', creativeID: '9', new: false, duration: 15, uploadType: 'video' });
  });
});

describe('withCreativeSetting', () => {
  it('replaces the value of a setting that is there and keeps the others in order', () => {
    const settings = withCreativeSetting(
      [
        { key: 'euCreative', value: true },
        { key: 'layoutOptions', value: { ad_duration: 30 } },
      ],
      'layoutOptions',
      { ad_duration: 45 },
    );
    expect(settings).toEqual([
      { key: 'euCreative', value: true },
      { key: 'layoutOptions', value: { ad_duration: 45 } },
    ]);
  });

  it('adds a setting that is not there yet', () => {
    expect(withCreativeSetting([], 'inAppSupport', true)).toEqual([{ key: 'inAppSupport', value: true }]);
  });
});
