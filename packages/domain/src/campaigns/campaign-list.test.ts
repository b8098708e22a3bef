import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUS_LABELS, campaignCtr, campaignStatus, filterAndSortCampaigns } from './campaign-list';

const NOW = new Date('2026-11-25T12:00:00Z');
const live = { liveCreatives: [{ id: 'l1' }] };
const unpublished = { liveCreatives: [] };
const campaign = (
  name: string,
  data: { start?: string; end?: string; impressions?: number; clicks?: number; advertiser?: string },
  creatives: { liveCreatives: { id: string }[] }[] = [live],
) =>
  ({
    name,
    data: {
      impressions: data.impressions ?? 0,
      clicks: data.clicks ?? 0,
      engagement: 0,
      ...(data.start ? { start: { date: data.start } } : {}),
      ...(data.end ? { end: { date: data.end } } : {}),
      ...(data.advertiser ? { advertiser: data.advertiser } : {}),
    },
    creatives,
  }) as unknown as Parameters<typeof campaignStatus>[0];

describe('campaign status', () => {
  it('is the flight state when something is published', () => {
    expect(campaignStatus(campaign('a', { start: '2026-11-01', end: '2026-11-30' }), NOW)).toBe('live');
    expect(campaignStatus(campaign('b', { start: '2026-12-01' }), NOW)).toBe('scheduled');
    expect(campaignStatus(campaign('c', { end: '2026-11-24' }), NOW)).toBe('ended');
  });
  it('a campaign with no live creative is not "Live", whatever its dates; an ended one is ended', () => {
    expect(campaignStatus(campaign('a', {}, [unpublished]), NOW)).toBe('not-serving');
    expect(campaignStatus(campaign('a', {}, []), NOW)).toBe('not-serving');
    expect(campaignStatus(campaign('b', { start: '2026-12-01' }, [unpublished]), NOW)).toBe('not-serving');
    expect(campaignStatus(campaign('c', { end: '2026-11-24' }, [unpublished]), NOW)).toBe('ended');
  });
});

describe('archived campaigns', () => {
  const archived = {
    ...campaign('Old', { start: '2026-11-01', end: '2026-11-30' }),
    archivedAt: '2026-11-20T00:00:00.000Z',
  };
  it("an archived campaign's status is 'archived' (label 'Archived') whatever its flight and creatives", () => {
    expect(campaignStatus(archived, NOW)).toBe('archived');
    expect(CAMPAIGN_STATUS_LABELS.archived).toBe('Archived');
    expect(campaignStatus({ ...archived, archivedAt: null }, NOW)).toBe('live');
  });
  it('leave the default list, appear only with the archived status filter', () => {
    const list = [archived, campaign('Open', {})];
    expect(filterAndSortCampaigns(list, {}, NOW).map((c) => c.name)).toEqual(['Open']);
    expect(filterAndSortCampaigns(list, { status: 'archived' }, NOW).map((c) => c.name)).toEqual(['Old']);
    expect(filterAndSortCampaigns(list, { status: 'live' }, NOW).map((c) => c.name)).toEqual(['Open']);
    expect(filterAndSortCampaigns(list, { status: 'archived', q: 'open' }, NOW)).toEqual([]);
  });
});

describe('searching and sorting the campaign list', () => {
  // Newest first, as the server lists them.
  const list = [
    campaign('Winter sale', { start: '2026-12-01', impressions: 0 }, [unpublished]),
    campaign('Spring sale', {
      start: '2026-03-01',
      end: '2026-11-30',
      impressions: 20_000,
      clicks: 100,
      advertiser: 'Trail Co',
    }),
    campaign('Autumn trail', { end: '2026-10-31', impressions: 50_000, clicks: 150 }),
    campaign('Always on', { impressions: 1_000, clicks: 30 }),
  ];
  const names = (result: typeof list) => result.map((c) => c.name);

  it('finds every word of the search in the name or the advertiser, in any case', () => {
    expect(names(filterAndSortCampaigns(list, { q: 'SALE' }, NOW))).toEqual(['Winter sale', 'Spring sale']);
    expect(names(filterAndSortCampaigns(list, { q: 'trail' }, NOW))).toEqual(['Spring sale', 'Autumn trail']);
    expect(names(filterAndSortCampaigns(list, { q: 'spring trail' }, NOW))).toEqual(['Spring sale']);
    expect(filterAndSortCampaigns(list, { q: 'summer' }, NOW)).toEqual([]);
  });

  it('filters by status', () => {
    expect(names(filterAndSortCampaigns(list, { status: 'live' }, NOW))).toEqual([
      'Spring sale',
      'Always on',
    ]);
    expect(names(filterAndSortCampaigns(list, { status: 'not-serving' }, NOW))).toEqual(['Winter sale']);
    expect(names(filterAndSortCampaigns(list, { status: 'ended' }, NOW))).toEqual(['Autumn trail']);
  });

  it('sorts by name and flight ascending, by figures descending, unless told otherwise; undated flights last', () => {
    expect(names(filterAndSortCampaigns(list, { sort: 'name' }, NOW))).toEqual([
      'Always on',
      'Autumn trail',
      'Spring sale',
      'Winter sale',
    ]);
    expect(names(filterAndSortCampaigns(list, { sort: 'flight' }, NOW))).toEqual([
      'Spring sale',
      'Winter sale',
      'Autumn trail',
      'Always on',
    ]);
    expect(names(filterAndSortCampaigns(list, { sort: 'impressions' }, NOW))).toEqual([
      'Autumn trail',
      'Spring sale',
      'Always on',
      'Winter sale',
    ]);
    expect(names(filterAndSortCampaigns(list, { sort: 'impressions', order: 'asc' }, NOW))).toEqual([
      'Winter sale',
      'Always on',
      'Spring sale',
      'Autumn trail',
    ]);
    expect(names(filterAndSortCampaigns(list, { sort: 'newest', order: 'asc' }, NOW))).toEqual([
      'Always on',
      'Autumn trail',
      'Spring sale',
      'Winter sale',
    ]);
  });

  it('sorts by click-through rate: 30/1,000 = 3 %, 150/50,000 = 0.3 %, 100/20,000 = 0.5 %, none 0', () => {
    expect(campaignCtr(list[3] as (typeof list)[number])).toBeCloseTo(0.03, 10);
    expect(names(filterAndSortCampaigns(list, { sort: 'ctr' }, NOW))).toEqual([
      'Always on',
      'Spring sale',
      'Autumn trail',
      'Winter sale',
    ]);
  });
});
