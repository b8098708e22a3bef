// The estimate before saving (docs/serving.md, "The estimate before saving"): each rule's share of the
// last 7 days' impressions from the breakdowns, the rules together as the product of the shares
// (the dimensions taken as independent), values computed by hand.
import { describe, expect, it } from 'vitest';
import { type EstimateInput, estimateDelivery } from './estimate';

/** 1,000 impressions: 600 in Germany, 250 in Austria, 100 in Great Britain, 50 of no known country. */
const INPUT: EstimateInput = {
  byDimension: {
    country: [
      { value: 'DE', impressions: 600 },
      { value: 'AT', impressions: 250 },
      { value: 'GB', impressions: 100 },
      { value: '', impressions: 50 },
    ],
    device: [
      { value: 'mobile', impressions: 700 },
      { value: 'desktop', impressions: 300 },
    ],
    os: [
      { value: 'Android 14', impressions: 400 },
      { value: 'Android 13', impressions: 100 },
      { value: 'iOS 17', impressions: 500 },
    ],
    browser: [{ value: 'Chrome 126', impressions: 1000 }],
    site: [
      { value: 'news.example.com', impressions: 500 },
      { value: 'other.org', impressions: 300 },
      { value: '~other', impressions: 100 },
      { value: '', impressions: 100 },
    ],
  },
  // 10 impressions in each of the 100 first hours of the week (Monday 00:00 to Friday 03:59).
  weekHours: Array.from({ length: 168 }, (_, hour) => (hour < 100 ? 10 : 0)),
};

describe('the estimate of new delivery rules', () => {
  it('one rule: its exact share (Germany and Austria: 850 of 1,000)', () => {
    expect(estimateDelivery({ countries: { mode: 'include', values: ['DE', 'AT'] } }, INPUT)).toEqual({
      impressions: 1000,
      share: 0.85,
      rules: [{ rule: 'countries', share: 0.85, read: true }],
    });
    // Excluding Germany keeps Austria, Great Britain and the unknown country: 400.
    expect(estimateDelivery({ countries: { mode: 'exclude', values: ['DE'] } }, INPUT).share).toBe(0.4);
  });

  it('several rules: the product of their shares (mobile 0.7 × Android of any version 0.5 = 0.35)', () => {
    const estimate = estimateDelivery(
      { devices: { mode: 'include', values: ['mobile'] }, os: { mode: 'include', values: ['Android'] } },
      INPUT,
    );
    expect(estimate.rules).toEqual([
      { rule: 'devices', share: 0.7, read: true },
      { rule: 'os', share: 0.5, read: true },
    ]);
    expect(estimate.share).toBeCloseTo(0.35, 12);
  });

  it('sites: an allowed domain covers its subdomains; Other and Unknown follow the rule and the choice', () => {
    expect(estimateDelivery({ sites: { allow: ['example.com'], block: [] } }, INPUT).share).toBe(0.6);
    expect(
      estimateDelivery({ sites: { allow: ['example.com'], block: [] }, unknownSite: 'skip' }, INPUT).share,
    ).toBe(0.5);
    expect(estimateDelivery({ sites: { allow: [], block: ['other.org'] } }, INPUT).share).toBe(0.7);
  });

  it('the daypart: the impressions of the hours it keeps (Monday to Wednesday, 72 of the 100 hours)', () => {
    const grid = Array.from({ length: 7 }, (_, day) => Array.from({ length: 24 }, () => day < 3));
    expect(estimateDelivery({ daypart: grid }, INPUT).share).toBe(0.72);
  });

  it('no rule keeps everything; no impressions to judge gives no share', () => {
    expect(estimateDelivery({}, INPUT)).toEqual({ impressions: 1000, share: 1, rules: [] });
    const empty = {
      byDimension: { country: [], device: [], os: [], browser: [], site: [] },
      weekHours: [],
    };
    expect(estimateDelivery({ devices: { mode: 'include', values: ['mobile'] } }, empty)).toEqual({
      impressions: 0,
      share: null,
      rules: [{ rule: 'devices', share: null, read: true }],
    });
  });
});
