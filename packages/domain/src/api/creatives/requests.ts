// Requests of the creative, asset and tag calls (docs/product.md §7): a creative as a body or as the
// server answered it, publishing, the multipart asset upload and the tag sheet.
import { z } from 'zod/mini';
import { CREATIVE_TYPES, creativeSettingSchema, trackersSchema } from '../../campaigns/creative';
import { PLATFORM_IDS } from '../../platforms/platforms';
import { idField, integerField, numberFromText } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';
import { serverOwnedFields } from '../common/requests';

export const MAX_CREATIVE_HTML_LENGTH = 2_000_000;
export const MAX_CREATIVE_DIMENSION = 10_000;

const platformField = z.optional(
  z.nullable(z.enum(PLATFORM_IDS, { error: `platform must be one of: ${PLATFORM_IDS.join(', ')}` })),
);

export const creativeBodySchema = z.strictObject({
  /** Absent or a temporary id ('new_...') on create; the server's id afterwards. */
  id: z.optional(idField('id')),
  campaignID: idField('campaignID'),
  name: z
    .string({ error: 'Fill in the creative name' })
    .check(
      z.trim(),
      z.minLength(1, 'Fill in the creative name'),
      z.maxLength(200, 'Creative name is too long (200 characters at most)'),
    ),
  type: z.enum(CREATIVE_TYPES, { error: `type must be one of: ${CREATIVE_TYPES.join(', ')}` }),
  width: integerField('width', 0, MAX_CREATIVE_DIMENSION),
  height: integerField('height', 0, MAX_CREATIVE_DIMENSION),
  /** Derived from width and height; accepted so a whole creative can be sent back. */
  size: z.optional(z.string().check(z.regex(/^\d+x\d+$/, "size must look like '300x250'"))),
  fluid: z.optional(z.boolean({ error: 'fluid must be true or false' })),
  platform: platformField,
  trackers: z.optional(trackersSchema),
  settings: z.optional(z.array(creativeSettingSchema).check(z.maxLength(20))),
  layout: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  html: z.optional(z.nullable(z.string().check(z.maxLength(MAX_CREATIVE_HTML_LENGTH, 'html is too long')))),
});
export type CreativeBody = z.infer<typeof creativeBodySchema>;

/** The creative entity's fields that are not the client's to write. */
export const CREATIVE_SERVER_OWNED = [
  'assets',
  'liveCreatives',
  'data',
  'videoCompletes',
  'updatedAt',
  'approval',
  'qa',
] as const;

/**
 * POST and PUT /v1/campaign/creatives, /html and /duplicate: the creative body, or the whole creative as
 * the server answered it (assets, live creatives, counters and timestamps are accepted and dropped);
 * unknown fields are refused.
 */
export const creativeRequestSchema = z.pipe(
  z.strictObject({ ...creativeBodySchema.shape, ...serverOwnedFields(CREATIVE_SERVER_OWNED) }),
  z.transform(
    ({
      assets: _a,
      liveCreatives: _l,
      data: _d,
      videoCompletes: _v,
      updatedAt: _u,
      approval: _p,
      qa: _q,
      ...body
    }): CreativeBody => body,
  ),
);

/**
 * POST /v1/campaign/creatives/publish: the creative (as answered, or just `{id, platform}`). Only the id
 * and platform are read: publishing snapshots the stored creative, saved with the given platform.
 */
export const publishCreativeRequestSchema = z.pipe(
  z.strictObject({
    ...serverOwnedFields([...CREATIVE_SERVER_OWNED, ...Object.keys(creativeBodySchema.shape)]),
    id: idField('id'),
    platform: platformField,
  }),
  z.transform(({ id, platform }) => (platform === undefined ? { id } : { id, platform })),
);
export type PublishCreativeRequest = z.infer<typeof publishCreativeRequestSchema>;

/** The text fields of the multipart asset upload (the files travel as `files[]`). */
export const assetUploadFieldsSchema = z.strictObject({
  /** The client's label of the upload ('image', 'video', ...): a hint; the server detects the kind itself. */
  type: z.optional(
    z
      .string({ error: 'type must be the upload type' })
      .check(z.trim(), z.minLength(1, 'type must be the upload type'), z.maxLength(50)),
  ),
  width: z.optional(integerField('width', 0, MAX_CREATIVE_DIMENSION)),
  height: z.optional(integerField('height', 0, MAX_CREATIVE_DIMENSION)),
  duration: z.optional(
    z.pipe(numberFromText('duration', /^\d+(\.\d+)?$/), z.number().check(z.gte(0), z.lte(86_400))),
  ),
  creativeID: idField('creativeID').check(z.refine((id) => id !== '', MESSAGES.incorrectCampaignOrCreative)),
  /** JSON text of the creative's current assets (kept or renamed by the upload). */
  assets: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(1_000_000)),
        z.transform((value, ctx) => {
          try {
            return JSON.parse(value) as unknown;
          } catch {
            ctx.issues.push({ code: 'custom', message: 'assets must be JSON', input: value });
            return z.NEVER;
          }
        }),
      ),
      z.array(z.looseObject({ id: z.optional(z.union([z.string(), z.number()])) }), {
        error: 'assets must be a JSON list',
      }),
    ),
  ),
});
export type AssetUploadFields = z.infer<typeof assetUploadFieldsSchema>;

export const deleteAssetQuerySchema = z.strictObject({
  id: idField('id'),
  creativeID: idField('creativeID'),
});

/** What /api/openapi.json says of an entry's `tag`: outside clients read that it is not used. */
const IGNORED_TAG =
  "Accepted and ignored: the server builds every tag of the sheet itself from the live creative and the platform. A client's text is never written to the sheet; the field stays only so that older clients are not refused.";

/** A deal or fallback id as the tag sheet's request names it (per creative). */
const sheetIdField = z.string().check(z.maxLength(128));

/**
 * POST /v1/campaign/tags: which creatives (keys of `tags`; every live creative of the campaign when
 * empty), which live creatives and platforms (each entry), and the deal and fallback ids the editor
 * shows, by creative. The server builds every tag itself from these (docs/security.md, "The fourth
 * review"): a `tag` an older client still sends is accepted and ignored, never written to the sheet.
 */
export const tagsRequestSchema = z.strictObject({
  campaignID: idField('campaignID'),
  type: z.literal('xlsx', { error: "type must be 'xlsx'" }),
  tags: z.record(
    z.string().check(z.maxLength(128)),
    z
      .array(
        z.strictObject({
          liveCreativeID: z.string().check(z.maxLength(128)),
          platform: z.string().check(z.maxLength(100)),
          /** Ignored: the server builds the tag (kept so that older clients are not refused). */
          tag: z.optional(z.string().check(z.maxLength(20_000))).check(z.describe(IGNORED_TAG)),
        }),
      )
      .check(z.maxLength(500)),
    { error: 'tags must map creative ids to lists of tags' },
  ),
  dealIDs: z.optional(z.record(z.string().check(z.maxLength(128)), sheetIdField)),
  fallbackIDs: z.optional(z.record(z.string().check(z.maxLength(128)), sheetIdField)),
});
export type TagsRequest = z.infer<typeof tagsRequestSchema>;

/** The file types of the campaign's tag sheet: xlsx (one worksheet per platform) or csv (one file). */
export const CAMPAIGN_TAG_SHEET_TYPES = ['xlsx', 'csv'] as const;

/**
 * GET /v1/campaign/tags: the campaign's tag sheet, every live creative and placement on every platform
 * (docs/tags.md, "The campaign's tag sheet"); `type` xlsx by default.
 */
export const campaignTagsQuerySchema = z.strictObject({
  campaignID: idField('campaignID'),
  type: z._default(
    z.enum(CAMPAIGN_TAG_SHEET_TYPES, {
      error: `type must be one of: ${CAMPAIGN_TAG_SHEET_TYPES.join(', ')}`,
    }),
    'xlsx',
  ),
});
export type CampaignTagsQuery = z.infer<typeof campaignTagsQuerySchema>;
