// The delivery rules calls' requests and answers (docs/serving.md, "Delivery rules"; docs/api.md): a
// campaign's rules with its creatives', set per level, estimated before saving, and a tag tried against
// them (the console's tag tester: why one request would or would not serve).
import { z } from 'zod/mini';
import {
  campaignDeliveryRulesSchema,
  creativeDeliveryRulesSchema,
  deliveryRulesSchema,
} from '../../delivery/delivery-rules';
import { NOT_SERVED_REASONS, type NotServedReason } from '../../delivery/outcomes';
import { type RequestFactEntry, TESTER_SELECT_FACTS } from '../../delivery/request-facts';
import {
  DELIVERY_FACTS,
  DELIVERY_RULE_NAMES,
  type DeliveryFactName,
  type DeliveryRuleName,
} from '../../delivery/rule-list';
import { isCountryCode } from '../../traffic/countries';
import { TEST_USER_AGENTS } from '../../traffic/user-agent';
import { idField } from '../../validation/fields';
import { MESSAGES, unknownFactValueMessage } from '../../validation/messages';

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

/** The device types the tester can test as. */
const TEST_DEVICES = Object.keys(TEST_USER_AGENTS) as [
  keyof typeof TEST_USER_AGENTS,
  ...(keyof typeof TEST_USER_AGENTS)[],
];

const testText = (message: string, max: number) =>
  z.optional(z.string({ error: message }).check(z.trim(), z.maxLength(max, message)));

/** The facts the tester sets from their closed set (REQUEST_FACTS' `select`: the connection type). */
type SelectFact = Extract<RequestFactEntry, { tester: 'select' }>['key'];
/** One optional field per fact the tester sets from its closed set, the value sent as the tag would send it. */
const selectFactFields = () =>
  Object.fromEntries(
    TESTER_SELECT_FACTS.map((fact) => {
      const values = fact.values.map((entry) => entry.value) as [string, ...string[]];
      return [
        fact.key,
        z.optional(z.enum(values, { error: unknownFactValueMessage(fact.noun, fact.values) })),
      ];
    }),
  ) as Record<SelectFact, z.ZodMiniOptional<z.ZodMiniEnum<Record<string, string>>>>;

/**
 * POST /v1/campaign/deliveryRules/test: one request to one of the campaign's tags (a live creative's
 * or a placement's), as the server would judge it. The caller's own address (its country, unless
 * `country` names one), user agent and languages (its Accept-Language) unless others are given; now
 * unless `at` is.
 */
export const testDeliveryRequestSchema = z
  .strictObject({
    campaignID: idField('campaignID'),
    liveID: z.optional(idField('liveID')),
    placementID: z.optional(idField('placementID')),
    address: testText(MESSAGES.deliveryTestAddress, 64),
    /** The country to test from (ISO 3166-1 alpha-2), instead of the address's. */
    country: z.optional(
      z
        .string({ error: MESSAGES.deliveryTestCountry })
        .check(z.trim(), z.toUpperCase(), z.refine(isCountryCode, MESSAGES.deliveryTestCountry)),
    ),
    userAgent: testText(MESSAGES.deliveryTestUserAgent, 1024),
    /** A device type to test as (a common user agent of it: TEST_USER_AGENTS), instead of a user agent. */
    device: z.optional(z.enum(TEST_DEVICES, { error: MESSAGES.deliveryTestDevice })),
    /** The browser's languages to test with (an Accept-Language header: "de-DE,de;q=0.9"). */
    language: testText(MESSAGES.deliveryTestLanguage, 200),
    site: testText(MESSAGES.deliveryTestSite, 2048),
    /** Each fact set from its closed set (`connectionType`: 1-7), as the tag would carry it. */
    ...selectFactFields(),
    at: z.optional(z.iso.datetime({ offset: true, error: MESSAGES.deliveryTestAt })),
  })
  .check(
    z.refine((input) => (input.liveID === undefined) !== (input.placementID === undefined), {
      message: MESSAGES.deliveryTestTag,
      path: ['liveID'],
    }),
    z.refine((input) => !(input.device !== undefined && input.userAgent), {
      message: MESSAGES.deliveryTestDeviceOrAgent,
      path: ['device'],
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

/** What share of the last 7 days' impressions the rules would have kept (delivery/estimate.ts). */
export const deliveryEstimateSchema = z.object({
  /** The window: the 7 days before now. */
  from: z.string(),
  to: z.string(),
  impressions: z.number().check(z.int(), z.nonnegative()),
  /** 0-1; null without impressions to judge. */
  share,
  /**
   * Whose impressions: the campaign's (or the creative's) own; the account's other campaigns' when it
   * has none yet (a campaign that has not run); none at all when the account has none either.
   */
  basis: z.enum(['campaign', 'account', 'none']),
  /** Each rule of the set: the share it alone keeps, and whether a rollup keeps its fact to read (`read`). */
  rules: z.array(
    z.object({
      rule: z.enum(DELIVERY_RULE_NAMES as unknown as [DeliveryRuleName, ...DeliveryRuleName[]]),
      share,
      read: z.boolean(),
    }),
  ),
});
export type DeliveryEstimateAnswer = z.infer<typeof deliveryEstimateSchema>;

/** How the tag tester judged one step of the gate (deliveryTestSchema's `steps`). */
export const DELIVERY_TEST_VERDICTS = ['passed', 'refused', 'notJudged', 'skipped'] as const;
export type DeliveryTestVerdict = (typeof DELIVERY_TEST_VERDICTS)[number];

/** The tag tester's answer: served or not and why, and the request as the server read it. */
export const deliveryTestSchema = z.object({
  served: z.boolean(),
  /** The first reason it is refused for (the one serving counts); null when served. */
  reason: z.nullable(z.enum(NOT_SERVED_REASONS as unknown as [NotServedReason, ...NotServedReason[]])),
  /** The reason in words (its figure's short label); null when served. */
  reasonLabel: z.nullable(z.string()),
  /**
   * Every reason a step of the gate refuses it for (the campaign paused, its flight, its rules, its
   * budget spent...), each in words, in serving's order.
   */
  reasons: z.array(z.object({ reason: z.string(), label: z.string() })),
  /**
   * Each step of the gate in serving's order (docs/serving.md, "The gate"), as the tester judged it:
   * passed, refused (its reasons), not judged here (a step of the requester's own state: its cap history,
   * its consent string, the throttle's random draw; `note` says why) or skipped (a step invalid traffic
   * never reaches). Optional: answers before it had none.
   */
  steps: z.optional(
    z.array(
      z.object({
        step: z.string(),
        verdict: z.enum(DELIVERY_TEST_VERDICTS),
        reasons: z.array(z.object({ reason: z.string(), label: z.string() })),
        note: z.nullable(z.string()),
      }),
    ),
  ),
  /** The live creative (and its creative) a placement's request would get; the tag's own otherwise. */
  liveID: z.nullable(z.string()),
  creativeID: z.nullable(z.string()),
  /** Each fact the rules read (delivery/rule-list.ts, '' unknown), the instant judged and its local time. */
  request: z.object({
    ...(Object.fromEntries(DELIVERY_FACTS.map((fact) => [fact, z.string()])) as Record<
      DeliveryFactName,
      z.ZodMiniString
    >),
    /** The instant judged, and its local time in the campaign's zone ('Mon 08:15'). */
    at: z.string(),
    localTime: z.string(),
  }),
});
export type DeliveryTest = z.infer<typeof deliveryTestSchema>;
