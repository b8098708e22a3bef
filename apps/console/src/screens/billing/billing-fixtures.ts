// The billing stories' statements, made by the domain's own statement rules from month figures whose
// amounts are computed by hand: Northwind Outdoor (USD) in October 2026, two insertion orders and a
// campaign without one, a campaign without a rate and invalid clicks; the same advertiser's running
// November; Contoso Drinks' empty month.
import {
  type AdvertiserListItem,
  billingStatement,
  type PricedCounters,
  type StatementCampaignMonth,
} from '@adconsole/domain';

/** The stories' clock: 25 Nov 2026, noon UTC. */
export const NOW = new Date('2026-11-25T12:00:00Z');

const stamp = { createdAt: '2026-09-01T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' };
export const advertisers: AdvertiserListItem[] = [
  {
    id: 'adv_northwind',
    name: 'Northwind Outdoor',
    currency: 'USD',
    billingName: 'Dana Whitfield',
    billingEmail: 'ap@northwind.example',
    notes: null,
    unnamed: false,
    campaignCount: 4,
    liveCount: 2,
    ...stamp,
  },
  {
    id: 'adv_contoso',
    name: 'Contoso Drinks',
    currency: 'EUR',
    billingName: null,
    billingEmail: null,
    notes: null,
    unnamed: false,
    campaignCount: 1,
    liveCount: 0,
    ...stamp,
  },
];
const [northwind, contoso] = advertisers as [AdvertiserListItem, AdvertiserListItem];

const none: PricedCounters = { impressions: 0, clicks: 0, videoCompletes: 0 };
const spring = { insertionOrderId: 'io_spring', poNumber: '4500012345', orderName: 'Spring outdoor' };
const video = { insertionOrderId: 'io_video', poNumber: '4500012398', orderName: 'Video Q4' };
const loose = { insertionOrderId: null, poNumber: null, orderName: null };

/**
 * October: 1,234,567 impressions at USD 2.35 CPM = 2,901.23; 321 clicks at USD 0.45 = 144.45 (7 invalid
 * clicks apart); 4,567 completed views at USD 0.03 = 137.01; 12,000 impressions without a rate. Spring
 * 3,045.68, Video Q4 137.01, total 3,182.69.
 */
const octoberCampaigns: StatementCampaignMonth[] = [
  {
    campaignId: 'c_billboards',
    campaignName: 'City billboards',
    ...spring,
    rate: { model: 'CPM', amount: 2.35, currency: 'USD' },
    valid: { impressions: 1_234_567, clicks: 2_100, videoCompletes: 0 },
    invalid: { impressions: 3_200, clicks: 12, videoCompletes: 0 },
  },
  {
    campaignId: 'c_search',
    campaignName: 'Search retargeting',
    ...spring,
    rate: { model: 'CPC', amount: 0.45, currency: 'USD' },
    valid: { impressions: 48_000, clicks: 321, videoCompletes: 0 },
    invalid: { impressions: 0, clicks: 7, videoCompletes: 0 },
  },
  {
    campaignId: 'c_preroll',
    campaignName: 'Pre-roll 15 s',
    ...video,
    rate: { model: 'CPCV', amount: 0.03, currency: 'USD' },
    valid: { impressions: 9_800, clicks: 40, videoCompletes: 4_567 },
    invalid: none,
  },
  {
    campaignId: 'c_test',
    campaignName: 'House ads test',
    ...loose,
    rate: null,
    valid: { impressions: 12_000, clicks: 30, videoCompletes: 0 },
    invalid: none,
  },
];

export const octoberStatement = billingStatement({
  advertiser: northwind,
  month: '2026-10',
  timezone: 'UTC',
  now: NOW,
  campaigns: octoberCampaigns,
});

/** November so far (running): 400,000 impressions at USD 2.35 CPM = 940.00. */
export const runningStatement = billingStatement({
  advertiser: northwind,
  month: '2026-11',
  timezone: 'Europe/Berlin',
  now: NOW,
  campaigns: [
    {
      ...(octoberCampaigns[0] as StatementCampaignMonth),
      valid: { impressions: 400_000, clicks: 600, videoCompletes: 0 },
      invalid: none,
    },
  ],
});

/** Contoso in October: nothing served. */
export const emptyStatement = billingStatement({
  advertiser: contoso,
  month: '2026-10',
  timezone: 'UTC',
  now: NOW,
  campaigns: [],
});
