// Advertisers and insertion orders, docs/product.md §3. An advertiser is its owner's record of whom
// campaigns advertise for (VAST's <Advertiser>, the billing contact, the currency every one of its
// campaigns' rates and budgets is in); an insertion order is an advertiser's signed order (a PO number, a
// flight and a budget) that funds some of its campaigns. Every campaign has one advertiser: those made
// without naming one go to the owner's 'Unassigned' advertiser (`unnamed`, no <Advertiser> in VAST).
import { z } from 'zod/mini';
import { reportTotalsSchema } from '../reports/report-data';
import { CAMPAIGN_STATUSES } from './campaign-list';
import { campaignRateSchema } from './pricing';

/** The name of the advertiser of campaigns that named none (shown for an `unnamed` advertiser). */
export const UNASSIGNED_ADVERTISER_NAME = 'Unassigned';
/** At most this many campaigns are read for one advertiser's overview or report. */
export const MAX_ADVERTISER_CAMPAIGNS = 500;

const count = z.number().check(z.nonnegative());
const dayValue = z.nullable(z.object({ date: z.string() }));

export const advertiserSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 4217: every rate and budget of its campaigns and its insertion orders' budgets are in it. */
  currency: z.string(),
  billingName: z.nullable(z.string()),
  billingEmail: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  /** Made for campaigns that named no advertiser: shown as 'Unassigned', left out of VAST. */
  unnamed: z.boolean(),
  /** Its creatives are published only once approved (docs/product.md §4, "Approval"). */
  requiresApproval: z.optional(z.boolean()),
  /** Its clients see its costs (docs/security.md, "Client access"); false unless set. */
  clientSeesCosts: z.optional(z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The owner's e-mail, in the admins' list of all advertisers. */
  ownerEmail: z.optional(z.string()),
});
export type Advertiser = z.infer<typeof advertiserSchema>;

/** An advertiser in the list: with how many campaigns it has (archived ones left out) and how many are live now. */
export const advertiserListItemSchema = z.extend(advertiserSchema, {
  campaignCount: count,
  /** Its campaigns serving now: the campaign list's status 'live' (campaigns/campaign-list.ts). */
  liveCount: count,
});
export type AdvertiserListItem = z.infer<typeof advertiserListItemSchema>;

/** Answer of GET /v1/advertiser/list. */
export const advertiserListSchema = z.object({ advertisers: z.array(advertiserListItemSchema) });
export type AdvertiserList = z.infer<typeof advertiserListSchema>;

export const insertionOrderSchema = z.object({
  id: z.string(),
  advertiserId: z.string(),
  /** The advertiser's purchase order number, as its invoices quote it. */
  poNumber: z.string(),
  name: z.string(),
  /** The order's flight: its first and last day ('YYYY-MM-DD'); null when open. */
  start: dayValue,
  end: dayValue,
  /** The budget, an amount of `currency` (1500.5 is USD 1,500.50). */
  budget: z.number(),
  /** The advertiser's currency. */
  currency: z.string(),
  /** The campaigns it funds. */
  campaignIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InsertionOrder = z.infer<typeof insertionOrderSchema>;

/** Valid events counted over a campaign's (or an order's campaigns') whole life. */
export const deliveredSchema = z.object({ impressions: count, clicks: count, completes: count });
export type Delivered = z.infer<typeof deliveredSchema>;

/** A campaign's lifetime and daily budget (amounts of its advertiser's currency); null or absent: none. */
const campaignBudgetSchema = z.nullable(
  z.object({ lifetime: z.optional(z.number()), daily: z.optional(z.number()) }),
);

/** One campaign of an advertiser's overview or an insertion order's page: its lifetime delivery and spend. */
export const advertiserCampaignRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Where the campaign stands, as the campaign list says it (campaigns/campaign-list.ts). */
  status: z.enum(CAMPAIGN_STATUSES),
  insertionOrderId: z.nullable(z.string()),
  start: dayValue,
  end: dayValue,
  ...deliveredSchema.shape,
  /** Lifetime spend at its booked rate (an amount of the rate's currency); null without a rate. */
  spend: z.nullable(z.number()),
  budget: z.optional(campaignBudgetSchema),
});
export type AdvertiserCampaignRow = z.infer<typeof advertiserCampaignRowSchema>;

/**
 * An insertion order with its figures: `booked` is what its campaigns book (the sum of each one's lifetime
 * budget, else its goal times its rate when both are set), `delivered` and `spent` their lifetime valid
 * events and spend, `left` the order's budget less what is spent (negative when overspent).
 */
export const insertionOrderFiguresSchema = z.extend(insertionOrderSchema, {
  booked: z.number(),
  delivered: deliveredSchema,
  spent: z.number(),
  left: z.number(),
});
export type InsertionOrderFigures = z.infer<typeof insertionOrderFiguresSchema>;

/** Answer of GET /v1/advertiser/get. */
export const advertiserOverviewSchema = z.object({
  advertiser: advertiserSchema,
  insertionOrders: z.array(insertionOrderFiguresSchema),
  /** Its campaigns, newest first (at most MAX_ADVERTISER_CAMPAIGNS). */
  campaigns: z.array(advertiserCampaignRowSchema),
});
export type AdvertiserOverview = z.infer<typeof advertiserOverviewSchema>;

/** Answer of GET /v1/insertion-order/get. */
export const insertionOrderOverviewSchema = z.extend(insertionOrderFiguresSchema, {
  campaigns: z.array(advertiserCampaignRowSchema),
});
export type InsertionOrderOverview = z.infer<typeof insertionOrderOverviewSchema>;

/** One campaign of the advertiser report: the campaign report's summary figures over the range. */
export const advertiserReportRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  insertionOrderId: z.nullable(z.string()),
  /** The campaign's booked rate: the currency and price of its spend figures; null without one. */
  rate: z.nullable(campaignRateSchema),
  totals: reportTotalsSchema,
});
export type AdvertiserReportRow = z.infer<typeof advertiserReportRowSchema>;

/** Answer of GET /v1/advertiser/report: the campaign report's summary per campaign, and their totals. */
export const advertiserReportSchema = z.object({
  advertiser: advertiserSchema,
  /** The first and last local day, both included ('YYYY-MM-DD'). */
  start: z.string(),
  end: z.string(),
  /** The IANA zone the days are read in. */
  timezone: z.string(),
  /** The currency of the totals' spend: the advertiser's (campaigns priced in another are left out of it). */
  currency: z.string(),
  campaigns: z.array(advertiserReportRowSchema),
  /** The campaigns' counters summed, their rates computed from the sums. */
  totals: reportTotalsSchema,
  /** True when the advertiser has more campaigns than MAX_ADVERTISER_CAMPAIGNS: only the newest are read. */
  truncated: z.boolean(),
});
export type AdvertiserReport = z.infer<typeof advertiserReportSchema>;
