// The delivery rules calls' requests and answers (docs/serving.md, "Delivery rules"; docs/api.md): a
// campaign's rules with its creatives', set per level, estimated before saving, and a tag tried against
// them (the console's tag tester: why one request would or would not serve).
import { z } from 'zod/mini';
import {
  campaignDeliveryRulesSchema,
  creativeDeliveryRulesSchema,
  deliveryRulesSchema,
} from '../../entities/delivery-rules';
import { DELIVERY_RULES, NOT_SERVED_REASONS } from '../../rules/delivery-rules';
import { idField } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';

/** PUT /v1/campaign/deliveryRules: a campaign's rules, each absent rule cleared. */
export const setCampaignDeliveryRulesRequestSchema = z.strictObject({
  campaignID: idField('campaignID'),
  rules: campaignDeliveryRulesSchema,
});
export type SetCampaignDeliveryRulesRequest = z.output<typeof setCampaignDeliveryRulesRequestSchema>;

/** PUT /v1/campaign/creatives/deliveryRules: a creative's own rules (they narrow its campaign's). */
export const setCreativeDeliveryRulesRequestSchema = z.strictObject({
  creativeID: idField('creativeID'),
  rules: creativeDeliveryRulesSchema,
});
export type SetCreativeDeliveryRulesRequest = z.output<typeof setCreativeDeliveryRulesRequestSchema>;

/**
 * POST /v1/campaign/deliveryRules/estimate: rules not saved yet, the campaign's (no creativeID) or a
 * creative's (with its campaign's saved rules).
 */
export const estimateDeliveryRequestSchema = z.strictObject({
  campaignID: idField('campaignID'),
  creativeID: z.optional(idField('creativeID')),
  rules: campaignDeliveryRulesSchema,
});
export type EstimateDeliveryRequest = z.output<typeof estimateDeliveryRequestSchema>;

const testText = (message: string, max: number) =>
  z.optional(z.string({ error: message }).check(z.trim(), z.maxLength(max, message)));

/**
 * POST /v1/campaign/deliveryRules/test: one request to one of the campaign's tags (a live creative's
 * or a placement's), as the server would judge it. The caller's own address and user agent unless
 * others are given; now unless `at` is.
 */
export const testDeliveryRequestSchema = z
  .strictObject({
    campaignID: idField('campaignID'),
    liveID: z.optional(idField('liveID')),
    placementID: z.optional(idField('placementID')),
    address: testText(MESSAGES.deliveryTestAddress, 64),
    userAgent: testText(MESSAGES.deliveryTestUserAgent, 1024),
    site: testText(MESSAGES.deliveryTestSite, 2048),
    at: z.optional(z.iso.datetime({ offset: true, error: MESSAGES.deliveryTestAt })),
  })
  .check(
    z.refine((input) => (input.liveID === undefined) !== (input.placementID === undefined), {
      message: MESSAGES.deliveryTestTag,
      path: ['liveID'],
    }),
  );
export type TestDeliveryRequest = z.output<typeof testDeliveryRequestSchema>;

const creativeRulesSchema = z.object({
  creativeID: z.string(),
  name: z.string(),
  type: z.string(),
  rules: deliveryRulesSchema,
});

/** A campaign's rules, its zone (the daypart's), and each creative's own rules. */
export const campaignDeliveryRulesAnswerSchema = z.object({
  campaignID: z.string(),
  timezone: z.string(),
  rules: deliveryRulesSchema,
  creatives: z.array(creativeRulesSchema),
});
export type CampaignDeliveryRules = z.infer<typeof campaignDeliveryRulesAnswerSchema>;

const share = z.nullable(z.number().check(z.gte(0), z.lte(1)));

/** What share of the last 7 days' impressions the rules would have kept (rules/delivery-estimate.ts). */
export const deliveryEstimateSchema = z.object({
  /** The window: the 7 days before now. */
  from: z.string(),
  to: z.string(),
  impressions: z.number().check(z.int(), z.nonnegative()),
  /** 0-1; null without impressions to judge. */
  share,
  rules: z.array(z.object({ rule: z.enum(DELIVERY_RULES), share })),
});
export type DeliveryEstimateAnswer = z.infer<typeof deliveryEstimateSchema>;

/** The tag tester's answer: served or not and why, and the request as the server read it. */
export const deliveryTestSchema = z.object({
  served: z.boolean(),
  reason: z.nullable(z.enum(NOT_SERVED_REASONS)),
  /** The reason in words (its figure's short label); null when served. */
  reasonLabel: z.nullable(z.string()),
  /** The live creative (and its creative) a placement's request would get; the tag's own otherwise. */
  liveID: z.nullable(z.string()),
  creativeID: z.nullable(z.string()),
  request: z.object({
    country: z.string(),
    device: z.string(),
    os: z.string(),
    browser: z.string(),
    site: z.string(),
    /** The instant judged, and its local time in the campaign's zone ('Mon 08:15'). */
    at: z.string(),
    localTime: z.string(),
  }),
});
export type DeliveryTest = z.infer<typeof deliveryTestSchema>;
