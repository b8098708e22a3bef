// Creatives and their live (published) versions, docs/product.md §3.
import { z } from 'zod/mini';
import { temporaryId } from '../app/ids';
import { countersSchema, idSchema, zeroCounters } from '../common';
import { assetSchema } from './asset';
import { creativeApprovalSchema } from './creative-approval';
import { CREATIVE_QA_SUMMARIES } from './creative-qa';

export const CREATIVE_TYPES = ['Banner', 'VAST', 'VPAID'] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];

/** The creative types that play video (VAST and VPAID): their tags, events and reports carry video. */
export const isVideoCreativeType = (type: string): boolean => type === 'VAST' || type === 'VPAID';

export const DEFAULT_CREATIVE_NAME = 'New creative';
export const DEFAULT_CREATIVE_SIZE = { width: 300, height: 250 } as const;

/** Kinds a tracker list can be keyed by: clicks, and the other events a creative reports. */
export const TRACKER_KINDS = [
  'click',
  'impression',
  'engagement',
  'videoStart',
  'videoFirstQuartile',
  'videoMidpoint',
  'videoThirdQuartile',
  'videoComplete',
] as const;
export type TrackerKind = (typeof TRACKER_KINDS)[number];

/** How a tracker URL is fired: as an image pixel, as a script, or (clicks) as a redirect. */
export const TRACKER_TYPES = ['pixel', 'script', 'redirect'] as const;
export type TrackerType = (typeof TRACKER_TYPES)[number];

export const trackerSchema = z.object({
  type: z.enum(TRACKER_TYPES),
  url: z.url({ protocol: /^https?$/, error: 'Tracker URL must be an http(s) URL' }).check(z.maxLength(2048)),
});
export type Tracker = z.infer<typeof trackerSchema>;

export const trackersSchema = z.partialRecord(
  z.enum(TRACKER_KINDS),
  z.array(trackerSchema).check(z.maxLength(50)),
);
export type Trackers = z.infer<typeof trackersSchema>;

export const CREATIVE_SETTING_KEYS = [
  'layoutOptions',
  'euCreative',
  'inAppSupport',
  'dealIDRequired',
  'fallbackCreative',
  'verificationVendors',
  'skipOffset',
  'universalAdId',
] as const;
export type CreativeSettingKey = (typeof CREATIVE_SETTING_KEYS)[number];

export const layoutOptionValueSchema = z.union([
  z.string().check(z.maxLength(2048)),
  z.number(),
  z.boolean(),
]);
export const layoutOptionValuesSchema = z.record(z.string().check(z.maxLength(100)), layoutOptionValueSchema);
export type LayoutOptionValues = z.infer<typeof layoutOptionValuesSchema>;

/**
 * A verification vendor a VAST creative carries in <AdVerifications>: the vendor's key (VAST's
 * `vendor`, as 'company.com-omid'), its OM SDK script (a JavaScriptResource, apiFramework "omid") and
 * the parameters the vendor gave for this creative.
 */
export const verificationVendorSchema = z.object({
  vendor: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Vendor key is required'),
      z.maxLength(200),
      z.regex(/^[\w.:-]+$/, 'Vendor key: letters, digits, dots, dashes, colons or underscores'),
    ),
  url: z
    .url({ protocol: /^https$/, error: 'Verification script must be an https URL' })
    .check(z.maxLength(2048)),
  parameters: z.optional(z.string().check(z.maxLength(4096))),
});
export type VerificationVendor = z.infer<typeof verificationVendorSchema>;

/** An advertiser's own creative id (the Ad-ID registry's, or another registry's) for <UniversalAdId>. */
export const universalAdIdSchema = z.object({
  registry: z.string().check(z.trim(), z.minLength(1, 'Registry is required'), z.maxLength(100)),
  value: z.string().check(z.trim(), z.minLength(1, 'Ad id is required'), z.maxLength(200)),
});
export type UniversalAdId = z.infer<typeof universalAdIdSchema>;

/** A VAST linear ad's skip offset in seconds (VAST's `skipoffset`), when the creative may be skipped. */
export const MAX_SKIP_OFFSET_SECONDS = 600;
export const SKIP_OFFSET_MESSAGE = `Skip offset: whole seconds from 0 to ${MAX_SKIP_OFFSET_SECONDS}`;
const skipOffsetSchema = z
  .number({ error: SKIP_OFFSET_MESSAGE })
  .check(
    z.int(SKIP_OFFSET_MESSAGE),
    z.gte(0, SKIP_OFFSET_MESSAGE),
    z.lte(MAX_SKIP_OFFSET_SECONDS, SKIP_OFFSET_MESSAGE),
  );

export const creativeSettingSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('layoutOptions'), value: layoutOptionValuesSchema }),
  z.object({ key: z.literal('euCreative'), value: z.boolean() }),
  z.object({ key: z.literal('inAppSupport'), value: z.boolean() }),
  z.object({ key: z.literal('dealIDRequired'), value: z.boolean() }),
  z.object({ key: z.literal('fallbackCreative'), value: z.boolean() }),
  z.object({
    key: z.literal('verificationVendors'),
    value: z.array(verificationVendorSchema).check(z.maxLength(10)),
  }),
  z.object({ key: z.literal('skipOffset'), value: skipOffsetSchema }),
  z.object({ key: z.literal('universalAdId'), value: universalAdIdSchema }),
]);
export type CreativeSetting = z.infer<typeof creativeSettingSchema>;
export type CreativeSettingValue<K extends CreativeSettingKey> = Extract<
  CreativeSetting,
  { key: K }
>['value'];

const pixelsSchema = z.number().check(z.int(), z.nonnegative());

export const liveCreativeSchema = z.object({
  id: idSchema,
  creativeID: z.optional(idSchema),
  campaignID: z.optional(idSchema),
  type: z.optional(z.enum(CREATIVE_TYPES)),
  width: z.optional(pixelsSchema),
  height: z.optional(pixelsSchema),
  platform: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
});
export type LiveCreative = z.infer<typeof liveCreativeSchema>;

export const creativeSchema = z.object({
  id: idSchema,
  campaignID: idSchema,
  name: z._default(z.string(), DEFAULT_CREATIVE_NAME),
  type: z._default(z.enum(CREATIVE_TYPES), 'Banner'),
  width: pixelsSchema,
  height: pixelsSchema,
  size: z.string(),
  fluid: z._default(z.boolean(), false),
  platform: z._default(z.nullable(z.string()), null),
  assets: z._default(z.array(assetSchema), []),
  trackers: z._default(trackersSchema, {}),
  settings: z._default(z.array(creativeSettingSchema), []),
  liveCreatives: z._default(z.array(liveCreativeSchema), []),
  layout: z._default(z.nullable(z.string()), null),
  html: z.optional(z.nullable(z.string())),
  data: z._default(countersSchema, zeroCounters),
  /** Video completes of all its live creatives (with the counters in `data`, from the event rollups). */
  videoCompletes: z.optional(z.number().check(z.nonnegative())),
  updatedAt: z.optional(z.nullable(z.string())),
  /** Its approval (docs/product.md §4, "Approval"); absent for a creative never submitted (a draft). */
  approval: z.optional(creativeApprovalSchema),
  /**
   * Its creative QA in one word (campaigns/creative-qa.ts, creativeQaSummary): answered with a campaign's
   * creatives (its page's list), absent elsewhere (the creative page reads the whole QA).
   */
  qa: z.optional(z.enum(CREATIVE_QA_SUMMARIES)),
});
export type Creative = z.infer<typeof creativeSchema>;

/** The 'WxH' size text of a creative. */
export const creativeSize = (width: number, height: number): string => `${width}x${height}`;

/** A creative made in the browser: it keeps a temporary id until the server assigns a real one. */
export function newCreative(
  campaignID: string,
  size: { width: number; height: number } = DEFAULT_CREATIVE_SIZE,
  random?: () => number,
): Creative {
  return {
    id: temporaryId(random),
    campaignID,
    name: DEFAULT_CREATIVE_NAME,
    type: 'Banner',
    width: size.width,
    height: size.height,
    size: creativeSize(size.width, size.height),
    fluid: false,
    platform: null,
    assets: [],
    trackers: {},
    settings: [],
    liveCreatives: [],
    layout: null,
    data: zeroCounters(),
  };
}

/** The value of one setting of a creative, or undefined when it is not set. */
export function creativeSetting<K extends CreativeSettingKey>(
  creative: Pick<Creative, 'settings'>,
  key: K,
): CreativeSettingValue<K> | undefined {
  const found = creative.settings.find((setting) => setting.key === key);
  return found?.value as CreativeSettingValue<K> | undefined;
}

/** The settings with one setting set (replacing an earlier value of the same key), others kept in order. */
export function withCreativeSetting<K extends CreativeSettingKey>(
  settings: readonly CreativeSetting[],
  key: K,
  value: CreativeSettingValue<K>,
): CreativeSetting[] {
  const next = { key, value } as CreativeSetting;
  const index = settings.findIndex((setting) => setting.key === key);
  return index === -1 ? [...settings, next] : settings.map((setting, at) => (at === index ? next : setting));
}
