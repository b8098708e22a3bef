// Campaigns, docs/product.md §3.
import { z } from 'zod/mini';
import { countersSchema, dateRangeSchema, idSchema, serverDateSchema, zeroCounters } from '../common';
import { DELIVERY_MODES } from '../constants';
import { deliveryRulesSchema } from '../delivery/delivery-rules';
import { reportResponseSchema, scheduledReportSchema } from '../reports/report';
import { budgetFiguresSchema, campaignBudgetSchema } from './budget';
import { creativeSchema } from './creative';
import { pacingSchema } from './pacing-answer';
import { campaignGoalSchema, campaignRateSchema } from './pricing';

const optionalText = z.optional(z.nullable(z.string()));
const optionalRange = z.optional(z.nullable(dateRangeSchema));
const pageNumber = z.number().check(z.int(), z.positive());

export const campaignDataSchema = z.object({
  ...countersSchema.shape,
  start: z.optional(z.nullable(serverDateSchema)),
  end: z.optional(z.nullable(serverDateSchema)),
  /** The zone the flight dates are read in (an IANA zone; 'UTC' by default): campaigns/flight.ts. */
  timezone: z.optional(z.string()),
  /** Who the campaign advertises for, as VAST's <Advertiser> names it; null when not set. */
  advertiser: optionalText,
  /** The primary goal booked over the flight (campaigns/pricing.ts); null when none is. */
  goal: z.optional(z.nullable(campaignGoalSchema)),
  /**
   * How the goal is delivered (delivery/even-delivery.ts): as fast as possible (absent or `asap`) or evenly
   * (`even`, only with a goal).
   */
  deliveryMode: z.optional(z.enum(DELIVERY_MODES)),
  /** The booked rate its creatives inherit (campaigns/pricing.ts); null when none is. */
  rate: z.optional(z.nullable(campaignRateSchema)),
  /**
   * At most this much spent over its life and each local day, in its rate's currency (campaigns/budget.ts;
   * docs/serving.md, "Budgets in money"); null when none is.
   */
  budget: z.optional(z.nullable(campaignBudgetSchema)),
  /** The landing URL's query parameter carrying the click id (docs/conversions.md): adc_click unless named. */
  clickParam: z.optional(z.string()),
});
export type CampaignData = z.infer<typeof campaignDataSchema>;

export const campaignSchema = z.object({
  id: idSchema,
  name: z.string(),
  creatives: z._default(z.array(creativeSchema), []),
  data: z._default(campaignDataSchema, zeroCounters),
  videoCompletes: z.optional(z.number().check(z.nonnegative())),
  reportURL: optionalText,
  report: z.optional(z.nullable(reportResponseSchema)),
  updatedAt: optionalText,
  dataPulledAt: optionalText,
  scheduledReports: z._default(z.array(scheduledReportSchema), []),
  lastReportDates: optionalRange,
  lastReportUpdate: z.optional(z.nullable(z.number())),
  lastVideoDates: optionalRange,
  lastEventDates: optionalRange,
  listView: z.optional(z.boolean()),
  pagination: z.optional(z.object({ page: pageNumber })),
  createdAt: optionalText,
  /** The owner's e-mail, in the admins' list of all campaigns. */
  ownerEmail: z.optional(z.string()),
  /**
   * Its advertiser (campaigns/advertiser.ts): every campaign has one, its owner's 'Unassigned' when it named
   * none; `data.advertiser` still carries the advertiser's name (null for the unnamed one) for older clients.
   */
  advertiserId: z.optional(z.nullable(z.string())),
  /** The insertion order of its advertiser that funds it; null when none does. */
  insertionOrderId: z.optional(z.nullable(z.string())),
  /** When the campaign was archived (ISO 8601): it serves nothing and leaves the default list. */
  archivedAt: optionalText,
  /**
   * When the campaign was paused (ISO 8601): it serves nothing until resumed, but stays in the lists;
   * null while it is not.
   */
  pausedAt: optionalText,
  /** Who paused it (their e-mail address, as it was then); null while it is not paused. */
  pausedBy: optionalText,
  /** Delivery against the goal now (campaigns/pacing.ts); null without a goal or both flight dates. */
  pacing: z.optional(z.nullable(pacingSchema)),
  /** Its budget's spend and what is left, lifetime and today (campaigns/budget.ts); null without a budget. */
  budgetStatus: z.optional(z.nullable(budgetFiguresSchema)),
  /**
   * The campaign's delivery rules (docs/serving.md, "Delivery rules"): set with their own call, read
   * here for the one-line summary of the list and the campaign page; absent from older answers (none).
   */
  deliveryRules: z.optional(deliveryRulesSchema),
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
  page: pageNumber,
  /** How many pages there are (1 when the server does not say). */
  pages: pageNumber,
  /** How many campaigns there are in all, when the server says. */
  total: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type CampaignList = z.infer<typeof campaignListSchema>;
