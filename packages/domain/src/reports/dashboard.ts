// The dashboard's figures (GET /v1/dashboard): every campaign of the signed-in user over a range, summed
// on the server, with the period before it for comparison, the top campaigns by impressions and the
// most recently updated ones.
import { z } from 'zod/mini';
import { dashboardQueryOf } from '../api/dashboard/requests';
import { budgetFiguresSchema } from '../campaigns/budget';
import { pacingSchema } from '../campaigns/pacing-answer';
import { campaignRateSchema } from '../campaigns/pricing';
import type { Timezone } from '../timezones/timezones';
import { reportDataSchema, reportSeriesPointSchema, reportTotalsSchema } from './report-data';
import type { ReportingDates } from './reporting-dates';

/** How many campaigns the top and recent lists hold. */
export const DASHBOARD_LIST_LENGTH = 5;

export const dashboardCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  updatedAt: z.nullable(z.string()),
  /**
   * The campaign's figures in the dashboard's range; with a booked rate, its spend and effective costs
   * in `rate.currency` (the dashboard's own totals carry no spend: campaigns may book different
   * currencies); its conversions, their value in `conversionCurrency`, cost per conversion and ROAS.
   */
  totals: reportTotalsSchema,
  /** The campaign's booked rate (the currency of `totals.spend`); null or absent without one. */
  rate: z.nullish(campaignRateSchema),
  /** The currency of `totals.conversionValue` (the campaign's conversion actions'); null without actions. */
  conversionCurrency: z.nullish(z.string()),
  /** The campaign's pacing now (campaigns/pacing.ts); null or absent without a goal or both flight dates. */
  pacing: z.nullish(pacingSchema),
  /** Its budget's spent and left now (campaigns/budget.ts); null or absent without a budget. */
  budget: z.nullish(budgetFiguresSchema),
});
export type DashboardCampaign = z.infer<typeof dashboardCampaignSchema>;

export const dashboardSchema = z.object({
  /** The first and last local day, both included ('YYYY-MM-DD'). */
  start: z.string(),
  end: z.string(),
  timezone: reportDataSchema.shape.timezone,
  /** How many campaigns the user has. */
  campaignCount: z.number().check(z.int(), z.nonnegative()),
  /**
   * Every campaign's figures summed: conversions and the conversion rate too, but no conversion value
   * (campaigns may count in different currencies: each campaign's is in its own entry).
   */
  totals: reportTotalsSchema,
  /** The same number of days just before `start`. */
  previousTotals: reportTotalsSchema,
  /** One point per local day, every day present. */
  series: z.array(reportSeriesPointSchema),
  /** The campaigns with the most impressions in the range (ties by name), at most five. */
  topCampaigns: z.array(dashboardCampaignSchema),
  /** The most recently updated campaigns (by updatedAt, newest first), at most five. */
  recentCampaigns: z.array(dashboardCampaignSchema),
  dataPulledAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The ranges the dashboard offers, in whole days before today (today is not over: docs/product.md §1). */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRangeDays = (typeof DASHBOARD_RANGES)[number];

/** The range a dashboard address names (`?days=`): one of DASHBOARD_RANGES, 30 for anything else. */
export const dashboardRangeDays = (days: string | null | undefined): DashboardRangeDays =>
  DASHBOARD_RANGES.find((choice) => String(choice) === days) ?? 30;

/**
 * The query under which a drawn page's data block holds the dashboard (the dashboard call's answer):
 * its range, zone and days, so the console takes it only for the dashboard it would ask for.
 */
export const dashboardAnswerQuery = (days: number, timezone: Timezone, dates: ReportingDates) => ({
  dashboard: days,
  ...dashboardQueryOf(dates, timezone),
});
