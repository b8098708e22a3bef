// The advertiser screens' stories: Northwind Outdoor (USD) with two insertion orders, one of them over
// its budget, and four campaigns; Contoso Drinks (EUR) with none; the owner's Unassigned advertiser.
// Figures are computed by hand: each order's `left` is its budget less `spent`, the sum of its campaigns'.
import { oneWeekReportWithSpend } from '@adconsole/charts/fixtures';
import type {
  Advertiser,
  AdvertiserCampaignRow,
  AdvertiserListItem,
  AdvertiserOverview,
  AdvertiserReport,
  InsertionOrderFigures,
  InsertionOrderOverview,
} from '@adconsole/domain';

/** The stories' clock: 25 Nov 2026. */
export const NOW = new Date('2026-11-25T12:00:00Z');

const stamp = { createdAt: '2026-09-01T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' };

export const northwind: Advertiser = {
  id: 'adv_northwind',
  name: 'Northwind Outdoor',
  currency: 'USD',
  billingName: 'Dana Whitfield',
  billingEmail: 'ap@northwind.example',
  notes: 'Net 30. Invoices quote the PO number.',
  unnamed: false,
  ...stamp,
};
const contoso: Advertiser = {
  id: 'adv_contoso',
  name: 'Contoso Drinks',
  currency: 'EUR',
  billingName: null,
  billingEmail: 'billing@contoso.example',
  notes: null,
  unnamed: false,
  ...stamp,
};
const unassigned: Advertiser = {
  id: 'adv_unassigned',
  name: 'Unassigned',
  currency: 'USD',
  billingName: null,
  billingEmail: null,
  notes: null,
  unnamed: true,
  ...stamp,
};
/** The list: Northwind's four campaigns (two live), Contoso's none, three that named no advertiser. */
export const advertisers: AdvertiserListItem[] = [
  { ...contoso, campaignCount: 0, liveCount: 0 },
  { ...northwind, campaignCount: 4, liveCount: 2 },
  { ...unassigned, campaignCount: 3, liveCount: 1 },
];

const campaign = (
  row: Pick<AdvertiserCampaignRow, 'id' | 'name' | 'status' | 'insertionOrderId'> &
    Partial<AdvertiserCampaignRow>,
): AdvertiserCampaignRow => ({
  start: null,
  end: null,
  impressions: 0,
  clicks: 0,
  completes: 0,
  spend: null,
  budget: null,
  ...row,
});

/** Q4 video: 1,200,000 impressions at USD 12.00 CPM (14,400) plus 3,840.50 of the trail teaser. */
const autumnTrail = campaign({
  id: 'cmp_autumn',
  name: 'Autumn trail — pre-roll',
  status: 'live',
  insertionOrderId: 'io_q4video',
  start: { date: '2026-10-01' },
  end: { date: '2026-12-31' },
  impressions: 1_200_000,
  clicks: 3_120,
  completes: 842_000,
  spend: 14_400,
  budget: { lifetime: 20_000 },
});
const trailTeaser = campaign({
  id: 'cmp_teaser',
  name: 'Trail teaser — bumper',
  status: 'live',
  insertionOrderId: 'io_q4video',
  start: { date: '2026-11-01' },
  end: { date: '2026-12-15' },
  impressions: 480_100,
  clicks: 960,
  completes: 301_550,
  spend: 3_840.5,
});
/** Holiday display: 11,200.00 spent of a 10,000.00 budget. */
const holidayDisplay = campaign({
  id: 'cmp_holiday',
  name: 'Holiday display — retargeting',
  status: 'ended',
  insertionOrderId: 'io_holiday',
  start: { date: '2026-10-15' },
  end: { date: '2026-11-20' },
  impressions: 2_800_000,
  clicks: 11_900,
  spend: 11_200,
  budget: { lifetime: 10_000, daily: 400 },
});
const alwaysOn = campaign({
  id: 'cmp_always',
  name: 'Always on — brand search',
  status: 'not-serving',
  insertionOrderId: null,
  impressions: 12_400,
  clicks: 210,
});

const q4Video: InsertionOrderFigures = {
  id: 'io_q4video',
  advertiserId: northwind.id,
  poNumber: 'PO-4471',
  name: 'Q4 video',
  start: { date: '2026-10-01' },
  end: { date: '2026-12-31' },
  budget: 25_000,
  currency: 'USD',
  campaignIds: [autumnTrail.id, trailTeaser.id],
  booked: 20_000,
  delivered: { impressions: 1_680_100, clicks: 4_080, completes: 1_143_550 },
  spent: 18_240.5,
  left: 6_759.5,
  ...stamp,
};
const holidayOrder: InsertionOrderFigures = {
  id: 'io_holiday',
  advertiserId: northwind.id,
  poNumber: 'PO-4502',
  name: 'Holiday display',
  start: { date: '2026-10-15' },
  end: { date: '2026-11-30' },
  budget: 10_000,
  currency: 'USD',
  campaignIds: [holidayDisplay.id],
  booked: 10_000,
  delivered: { impressions: 2_800_000, clicks: 11_900, completes: 0 },
  spent: 11_200,
  left: -1_200,
  ...stamp,
};

export const northwindOverview: AdvertiserOverview = {
  advertiser: northwind,
  insertionOrders: [q4Video, holidayOrder],
  campaigns: [autumnTrail, trailTeaser, holidayDisplay, alwaysOn],
};
export const contosoOverview: AdvertiserOverview = {
  advertiser: contoso,
  insertionOrders: [],
  campaigns: [],
};

export const q4VideoPage: InsertionOrderOverview = { ...q4Video, campaigns: [autumnTrail, trailTeaser] };
export const holidayOrderPage: InsertionOrderOverview = { ...holidayOrder, campaigns: [holidayDisplay] };

/** The report of 16-22 Nov 2026 in UTC: three campaigns, each with a week of a creative's figures. */
const weekRows = oneWeekReportWithSpend.creatives;
export const northwindReport: AdvertiserReport = {
  advertiser: northwind,
  start: '2026-11-16',
  end: '2026-11-22',
  timezone: 'UTC',
  currency: 'USD',
  campaigns: [autumnTrail, trailTeaser, holidayDisplay].map((row, index) => ({
    id: row.id,
    name: row.name,
    insertionOrderId: row.insertionOrderId,
    rate: oneWeekReportWithSpend.rate ?? null,
    totals: weekRows[index % weekRows.length]?.totals ?? oneWeekReportWithSpend.totals,
  })),
  totals: oneWeekReportWithSpend.totals,
  truncated: false,
};
