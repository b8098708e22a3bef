// Campaigns, docs/product.md §3.
import { z } from 'zod';
import { countersSchema, dateRangeSchema, idSchema, serverDateSchema, zeroCounters } from './common';
import { creativeSchema } from './creative';
import { reportResponseSchema, scheduledReportSchema } from './report';

export const campaignDataSchema = z.object({
  ...countersSchema.shape,
  start: z.nullable(serverDateSchema).optional(),
  end: z.nullable(serverDateSchema).optional(),
  /** The zone the flight dates are read in (an IANA zone; 'UTC' by default): rules/flight.ts. */
  timezone: z.string().optional(),
  /** Who the campaign advertises for, as VAST's <Advertiser> names it; null when not set. */
  advertiser: z.string().nullable().optional(),
});
export type CampaignData = z.infer<typeof campaignDataSchema>;

export const campaignSchema = z.object({
  id: idSchema,
  name: z.string(),
  creatives: z.array(creativeSchema).default([]),
  data: campaignDataSchema.default(zeroCounters),
  videoCompletes: z.number().nonnegative().optional(),
  reportURL: z.string().nullable().optional(),
  report: reportResponseSchema.nullable().optional(),
  updatedAt: z.string().nullable().optional(),
  dataPulledAt: z.string().nullable().optional(),
  scheduledReports: z.array(scheduledReportSchema).default([]),
  lastReportDates: z.nullable(dateRangeSchema).optional(),
  lastReportUpdate: z.number().nullable().optional(),
  lastVideoDates: z.nullable(dateRangeSchema).optional(),
  lastEventDates: z.nullable(dateRangeSchema).optional(),
  listView: z.boolean().optional(),
  pagination: z.object({ page: z.number().int().positive() }).optional(),
  createdAt: z.string().nullable().optional(),
  /** The owner's e-mail, in the admins' list of all campaigns. */
  ownerEmail: z.string().optional(),
});
export type Campaign = z.infer<typeof campaignSchema>;
/** A campaign not yet saved: everything but the id. */
export type NewCampaign = Omit<Campaign, 'id'> & { id?: string };

/** A new campaign: no name yet, no creatives, zeroed data. */
export function newCampaign(name = ''): NewCampaign {
  return { name, creatives: [], data: zeroCounters(), scheduledReports: [] };
}

/** Answer of GET /v1/campaign/mine and /v1/campaign/all. */
export const campaignListSchema = z.object({
  campaigns: z.array(campaignSchema),
  page: z.number().int().positive(),
  /** How many pages there are (1 when the server does not say). */
  pages: z.number().int().positive(),
  /** How many campaigns there are in all, when the server says. */
  total: z.number().int().nonnegative().optional(),
});
export type CampaignList = z.infer<typeof campaignListSchema>;
