import { describe, expect, it } from 'vitest';
import { campaignSchema, newCampaign } from './campaign';

describe('campaign entity (docs/product.md §3)', () => {
  it('defaults a new campaign to empty creatives and zeroed data', () => {
    expect(newCampaign()).toEqual({
      name: '',
      creatives: [],
      data: { impressions: 0, engagement: 0, clicks: 0 },
      scheduledReports: [],
    });
    expect(newCampaign('Spring').name).toBe('Spring');
  });

  it('reads a server campaign with flight dates, filling creatives and counters it lacks', () => {
    const campaign = campaignSchema.parse({
      id: 12,
      name: 'Spring',
      data: {
        impressions: 10,
        engagement: 2,
        clicks: 1,
        start: { date: '2026-03-01' },
        end: { date: '2026-03-31' },
      },
      pagination: { page: 2 },
    });
    expect(campaign.id).toBe('12');
    expect(campaign.creatives).toEqual([]);
    expect(campaign.data.start?.date).toBe('2026-03-01');
    expect(campaignSchema.parse({ id: 'a', name: 'x' }).data).toEqual({
      impressions: 0,
      engagement: 0,
      clicks: 0,
    });
  });

  it('refuses a campaign without id or name', () => {
    expect(campaignSchema.safeParse({ name: 'x' }).success).toBe(false);
    expect(campaignSchema.safeParse({ id: '1' }).success).toBe(false);
  });
});
