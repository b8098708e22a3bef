// Payload schemas of every call of docs/product.md §7. The API server validates requests with these and the
// client checks its payloads with them before sending, so both sides agree. Unknown keys are refused.
import { z } from 'zod';
import { serverOwnedFields } from '../api/common/requests';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { builderDocumentSchema, builderDraftNameSchema } from '../entities/ad-builder';
import { API_TOKEN_MESSAGES, apiTokenScopeSchema, MAX_API_TOKEN_NAME_LENGTH } from '../entities/api-token';
import { CREATIVE_TYPES, creativeSettingSchema, trackersSchema } from '../entities/creative';
import {
  directoryField,
  entryPathField,
  FILE_LIST_MAX_PAGE_SIZE,
  FILE_LIST_PAGE_SIZE,
  FILE_MANAGER_MAX_BYTES,
  FILE_MANAGER_MESSAGES,
  fileNameField,
  fileTooLargeMessage,
} from '../entities/file-manager';
import { USER_ROLES } from '../entities/user';
import { PLATFORM_IDS } from '../platforms/platforms';
import { isCampaignTimezone } from '../rules/flight';
import { EVENT_TYPES } from '../serving/serve-paths';
import { emailAddressField } from './email-address';
import { booleanField, dayField, emailField, idField, integerField } from './fields';
import {
  forgotPasswordSchema,
  loginSchema,
  MAX_PASSWORD_LENGTH,
  newPasswordFields,
  newPasswordsMatch,
  profileSchema,
  signUpFieldsShape,
  signUpObject,
  verifySchema,
} from './forms';
import { MESSAGES } from './messages';

// ---- Authentication -------------------------------------------------------------------------------

export const loginRequestSchema = z.strictObject({
  method: z.literal('password', { error: "method must be 'password'" }),
  ...loginSchema.shape,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signUpRequestSchema = (companyDomain: string) =>
  signUpObject(companyDomain, z.strictObject(signUpFieldsShape));
export type SignUpRequest = z.infer<ReturnType<typeof signUpRequestSchema>>;

/** POST /signup: the sign-up form plus the optional invitation token (the cross-field rules run on the server, which knows whether the invitation stands in for the company domain). */
export const signUpApiRequestSchema = z.strictObject({
  ...signUpFieldsShape,
  invite: z
    .string()
    .max(200)
    .optional()
    .describe(
      'The token of an invitation link; lets an invited address of any domain sign up, already verified.',
    ),
});
export type SignUpApiRequest = z.infer<typeof signUpApiRequestSchema>;

/** POST /logout: `everywhere` ends every session of the account, not only this one. */
export const logoutRequestSchema = z.strictObject({
  everywhere: booleanField('everywhere').default(false),
});
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const verifyRequestSchema = z.strictObject({
  ...verifySchema.shape,
  email: emailAddressField(MESSAGES.invalidEmail),
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject(forgotPasswordSchema.shape);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).min(min, message).max(max, message);

export const changePasswordRequestSchema = z
  .strictObject({
    username: emailAddressField(MESSAGES.fillInYourEmail),
    password: text(MESSAGES.changePasswordPassword, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH),
    confirmPassword: text(MESSAGES.repeatYourPassword, MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH),
    /** The forgotToken of the reset link. */
    code: text(MESSAGES.invalidUrl, 1, 1024),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** PUT /v1/me: the signed-in user's first and last name. */
export const profileRequestSchema = z.strictObject(profileSchema.shape);
export type ProfileRequest = z.infer<typeof profileRequestSchema>;

/** PUT /v1/me/password: the current password, then the new one twice. */
export const newPasswordRequestSchema = z.strictObject(newPasswordFields).refine(...newPasswordsMatch);
export type NewPasswordRequest = z.infer<typeof newPasswordRequestSchema>;

// ---- Campaigns ------------------------------------------------------------------------------------

/** `paginate[page]` as a flat query key, or nested `paginate.page` as qs-style parsers give it. */
export const campaignListQuerySchema = z
  .strictObject({
    'paginate[page]': integerField('paginate[page]', 1, 1_000_000).optional(),
    paginate: z.strictObject({ page: integerField('paginate[page]', 1, 1_000_000) }).optional(),
  })
  .transform((query) => ({ page: query['paginate[page]'] ?? query.paginate?.page ?? 1 }));

export const CAMPAIGN_VIEWS = ['mine', 'all'] as const;
export type CampaignView = (typeof CAMPAIGN_VIEWS)[number];

const flightDate = (label: string) =>
  z
    .strictObject({ date: dayField(label) })
    .nullable()
    .optional();

/** A campaign's flight ends on or after the day it starts. */
export const CAMPAIGN_END_BEFORE_START = 'The end date must be on or after the start date';

/** The zone a campaign's flight dates are read in (rules/flight.ts). */
export const CAMPAIGN_TIMEZONE_MESSAGE = 'Choose the timezone of the flight dates from the list';
const campaignTimezone = z
  .string({ error: CAMPAIGN_TIMEZONE_MESSAGE })
  .refine(isCampaignTimezone, CAMPAIGN_TIMEZONE_MESSAGE)
  .optional();

/** The campaign's advertiser (VAST's <Advertiser>): optional; empty or null clears it. */
export const MAX_CAMPAIGN_ADVERTISER_LENGTH = 200;
export const CAMPAIGN_ADVERTISER_TOO_LONG = `Advertiser is too long (${MAX_CAMPAIGN_ADVERTISER_LENGTH} characters at most)`;
const campaignAdvertiser = z
  .string({ error: 'Advertiser must be a text' })
  .trim()
  .max(MAX_CAMPAIGN_ADVERTISER_LENGTH, CAMPAIGN_ADVERTISER_TOO_LONG)
  .nullable()
  .optional();

const flightFields = {
  start: flightDate('data.start.date'),
  end: flightDate('data.end.date'),
  timezone: campaignTimezone,
  advertiser: campaignAdvertiser,
};
// 'YYYY-MM-DD[ HH:mm[:ss]]' texts compare in time order.
const flightInOrder = (flight: { start?: { date: string } | null; end?: { date: string } | null }) =>
  !flight.start || !flight.end || flight.end.date.slice(0, 10) >= flight.start.date.slice(0, 10);
const flightOrderMessage = { message: CAMPAIGN_END_BEFORE_START, path: ['end'] };

const campaignName = z
  .string({ error: 'Fill in the campaign name' })
  .trim()
  .min(1, 'Fill in the campaign name')
  .max(200, 'Campaign name is too long (200 characters at most)');

/** What a client writes of a campaign: its name, flight dates and advertiser (the campaign form's fields). */
export const campaignBodySchema = z.strictObject({
  id: idField('id').optional(),
  name: campaignName,
  data: z.strictObject(flightFields).refine(flightInOrder, flightOrderMessage).optional(),
});
export type CampaignBody = z.infer<typeof campaignBodySchema>;

/** The campaign entity's fields that are not the client's to write (docs/product.md §3 and the answer). */
export const CAMPAIGN_SERVER_OWNED = [
  'creatives',
  'videoCompletes',
  'reportURL',
  'report',
  'updatedAt',
  'dataPulledAt',
  'scheduledReports',
  'lastReportDates',
  'lastReportUpdate',
  'lastVideoDates',
  'lastEventDates',
  'listView',
  'pagination',
  'createdAt',
  'ownerEmail',
] as const;

/**
 * POST /v1/campaign/new and PUT /v1/campaign/update: the campaign body, or the whole campaign as the
 * server answered it. Server-owned fields (and the counters in `data`) are accepted and dropped;
 * unknown fields are refused.
 */
export const campaignRequestSchema = z
  .strictObject({
    ...campaignBodySchema.shape,
    ...serverOwnedFields(CAMPAIGN_SERVER_OWNED),
    data: z
      .strictObject({ ...flightFields, ...serverOwnedFields(['impressions', 'engagement', 'clicks']) })
      .refine(flightInOrder, flightOrderMessage)
      .optional(),
  })
  .transform(({ id, name, data }): CampaignBody => {
    const body: CampaignBody = { name };
    if (id !== undefined) body.id = id;
    if (data !== undefined) {
      body.data = {};
      if (data.start !== undefined) body.data.start = data.start;
      if (data.end !== undefined) body.data.end = data.end;
      if (data.timezone !== undefined) body.data.timezone = data.timezone;
      if (data.advertiser !== undefined) body.data.advertiser = data.advertiser;
    }
    return body;
  });

/** PUT /v1/campaign/update: a campaign (body or whole entity) that names the campaign. */
export const campaignUpdateBodySchema = campaignRequestSchema.refine((body) => body.id !== undefined, {
  message: 'id must be an id',
  path: ['id'],
});
export type CampaignUpdateBody = CampaignBody & { id: string };

// ---- Creatives ------------------------------------------------------------------------------------

export const MAX_CREATIVE_HTML_LENGTH = 2_000_000;
export const MAX_CREATIVE_DIMENSION = 10_000;

export const creativeBodySchema = z.strictObject({
  /** Absent or a temporary id ('new_...') on create; the server's id afterwards. */
  id: idField('id').optional(),
  campaignID: idField('campaignID'),
  name: z
    .string({ error: 'Fill in the creative name' })
    .trim()
    .min(1, 'Fill in the creative name')
    .max(200, 'Creative name is too long (200 characters at most)'),
  type: z.enum(CREATIVE_TYPES, { error: `type must be one of: ${CREATIVE_TYPES.join(', ')}` }),
  width: integerField('width', 0, MAX_CREATIVE_DIMENSION),
  height: integerField('height', 0, MAX_CREATIVE_DIMENSION),
  /** Derived from width and height; accepted so a whole creative can be sent back. */
  size: z
    .string()
    .regex(/^\d+x\d+$/, "size must look like '300x250'")
    .optional(),
  fluid: z.boolean({ error: 'fluid must be true or false' }).optional(),
  platform: z
    .enum(PLATFORM_IDS, { error: `platform must be one of: ${PLATFORM_IDS.join(', ')}` })
    .nullable()
    .optional(),
  trackers: trackersSchema.optional(),
  settings: z.array(creativeSettingSchema).max(20).optional(),
  layout: z.string().max(100).nullable().optional(),
  html: z.string().max(MAX_CREATIVE_HTML_LENGTH, 'html is too long').nullable().optional(),
});
export type CreativeBody = z.infer<typeof creativeBodySchema>;

/** The creative entity's fields that are not the client's to write. */
export const CREATIVE_SERVER_OWNED = [
  'assets',
  'liveCreatives',
  'data',
  'videoCompletes',
  'updatedAt',
] as const;

/**
 * POST and PUT /v1/campaign/creatives, /html and /duplicate: the creative body, or the whole creative as
 * the server answered it (assets, live creatives, counters and timestamps are accepted and dropped);
 * unknown fields are refused.
 */
export const creativeRequestSchema = z
  .strictObject({ ...creativeBodySchema.shape, ...serverOwnedFields(CREATIVE_SERVER_OWNED) })
  .transform(
    ({ assets: _a, liveCreatives: _l, data: _d, videoCompletes: _v, updatedAt: _u, ...body }): CreativeBody =>
      body,
  );

const platformField = z
  .enum(PLATFORM_IDS, { error: `platform must be one of: ${PLATFORM_IDS.join(', ')}` })
  .nullable()
  .optional();

/**
 * POST /v1/campaign/creatives/publish: the creative (as answered, or just `{id, platform}`). Only the id
 * and platform are read: publishing snapshots the stored creative, saved with the given platform.
 */
export const publishCreativeRequestSchema = z
  .strictObject({
    ...serverOwnedFields([...CREATIVE_SERVER_OWNED, ...Object.keys(creativeBodySchema.shape)]),
    id: idField('id'),
    platform: platformField,
  })
  .transform(({ id, platform }) => (platform === undefined ? { id } : { id, platform }));
export type PublishCreativeRequest = z.infer<typeof publishCreativeRequestSchema>;

/** The text fields of the multipart asset upload (the files travel as `files[]`). */
export const assetUploadFieldsSchema = z.strictObject({
  /** The client's label of the upload ('image', 'video', ...): a hint; the server detects the kind itself. */
  type: z
    .string({ error: 'type must be the upload type' })
    .trim()
    .min(1, 'type must be the upload type')
    .max(50)
    .optional(),
  width: integerField('width', 0, MAX_CREATIVE_DIMENSION).optional(),
  height: integerField('height', 0, MAX_CREATIVE_DIMENSION).optional(),
  duration: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/),
      ],
      { error: 'duration must be a number' },
    )
    .transform(Number)
    .pipe(z.number().min(0).max(86_400))
    .optional(),
  creativeID: idField('creativeID').refine((id) => id !== '', MESSAGES.incorrectCampaignOrCreative),
  /** JSON text of the creative's current assets (kept or renamed by the upload). */
  assets: z
    .string()
    .max(1_000_000)
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'assets must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.array(z.looseObject({ id: z.union([z.string(), z.number()]).optional() }), {
        error: 'assets must be a JSON list',
      }),
    )
    .optional(),
});
export type AssetUploadFields = z.infer<typeof assetUploadFieldsSchema>;

export const deleteAssetQuerySchema = z.strictObject({
  id: idField('id'),
  creativeID: idField('creativeID'),
});

export const tagsRequestSchema = z.strictObject({
  campaignID: idField('campaignID'),
  type: z.literal('xlsx', { error: "type must be 'xlsx'" }),
  tags: z.record(
    z.string().max(128),
    z
      .array(
        z.strictObject({
          liveCreativeID: z.string().max(128),
          platform: z.string().max(100),
          tag: z.string().min(1).max(20_000),
        }),
      )
      .max(500),
    { error: 'tags must map creative ids to lists of tags' },
  ),
});
export type TagsRequest = z.infer<typeof tagsRequestSchema>;

// ---- API tokens ------------------------------------------------------------------------------------

/** POST /v1/tokens: a name to know the token by and the scopes it may use (each once). */
export const createApiTokenRequestSchema = z.strictObject({
  name: z
    .string({ error: API_TOKEN_MESSAGES.name })
    .trim()
    .min(1, API_TOKEN_MESSAGES.name)
    .max(MAX_API_TOKEN_NAME_LENGTH, API_TOKEN_MESSAGES.name),
  scopes: z
    .array(apiTokenScopeSchema, { error: API_TOKEN_MESSAGES.scopes })
    .min(1, API_TOKEN_MESSAGES.scopes)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** GET /v1/tokens: your own tokens; `all=true` (admins only) every user's. */
export const apiTokenListQuerySchema = z.strictObject({ all: booleanField('all').default(false) });

// ---- Users (admin) --------------------------------------------------------------------------------

export const inviteUsersRequestSchema = z.strictObject({
  emails: z
    .array(emailField('Each invitee'), { error: 'emails must be a list of e-mail addresses' })
    .min(1, 'Add at least one e-mail address')
    .max(100, 'At most 100 invitations at once'),
  role: z.enum(USER_ROLES, { error: `role must be one of: ${USER_ROLES.join(', ')}` }).default('user'),
  /** First names for the invitation links, matched to `emails` by position. */
  firstNames: z
    .array(z.string().trim().max(100, 'A first name is too long (100 characters at most)'), {
      error: 'firstNames must be a list of names',
    })
    .max(100, 'At most 100 invitations at once')
    .optional(),
});
export type InviteUsersRequest = z.infer<typeof inviteUsersRequestSchema>;

/** DELETE /v1/users/invite: revokes the unused invitations of one address. */
export const revokeInviteQuerySchema = z.strictObject({ email: emailField('email') });
export type RevokeInviteQuery = z.infer<typeof revokeInviteQuerySchema>;

// ---- Events (admin) -------------------------------------------------------------------------------

/** Rows one import may carry. */
export const EVENT_IMPORT_MAX_ROWS = 100_000;

/** One row of history from another ad server: an event type of a live creative at a time, `count` times. */
/** The years an imported event may fall in, and what one import's counts may add up to. */
export const EVENT_IMPORT_MIN_YEAR = 2000;
export const EVENT_IMPORT_MAX_YEAR = 2100;
export const EVENT_IMPORT_MAX_TOTAL = 100_000_000;

export const eventImportRowSchema = z.strictObject({
  liveID: idField('liveID'),
  type: z.enum(EVENT_TYPES, { error: `the type must be one of: ${EVENT_TYPES.join(', ')}` }),
  at: z.iso
    .datetime({
      offset: true,
      error: "the time must be ISO 8601 with an offset, e.g. '2026-03-01T10:15:00+01:00' or '...Z'",
    })
    .refine((at) => {
      const year = new Date(at).getUTCFullYear();
      return year >= EVENT_IMPORT_MIN_YEAR && year <= EVENT_IMPORT_MAX_YEAR;
    }, `the time must fall between the years ${EVENT_IMPORT_MIN_YEAR} and ${EVENT_IMPORT_MAX_YEAR}`),
  count: z
    .number({ error: 'the count must be a whole number from 1' })
    .int('the count must be a whole number from 1')
    .min(1, 'the count must be a whole number from 1')
    .max(1_000_000, 'the count can be at most 1,000,000')
    .default(1),
});

/** POST /v1/events/import: up to 100,000 rows, all or none. */
export const eventsImportRequestSchema = z.strictObject({
  events: z
    .array(eventImportRowSchema, { error: 'events must be a list of rows' })
    .min(1, 'Send at least one event')
    .max(EVENT_IMPORT_MAX_ROWS, `At most ${EVENT_IMPORT_MAX_ROWS.toLocaleString('en')} events at once`)
    .refine(
      (rows) => rows.reduce((sum, row) => sum + (row.count ?? 1), 0) <= EVENT_IMPORT_MAX_TOTAL,
      `The counts of one import add up to at most ${EVENT_IMPORT_MAX_TOTAL.toLocaleString('en')}`,
    ),
});
export type EventsImportRequest = z.infer<typeof eventsImportRequestSchema>;

// ---- File manager ---------------------------------------------------------------------------------

/** One of FILE_MANAGER_BUCKETS; the first when left out. */
const bucketField = z.string().trim().min(1).max(63).optional();

/**
 * GET /v1/files: one page of a directory. `pageSize` entries at most (200 unless asked, up to 1,000);
 * `token` is the `nextToken` of the page before, as the server answered it (opaque).
 */
export const fileListQuerySchema = z.strictObject({
  bucket: bucketField,
  directory: directoryField,
  pageSize: integerField('pageSize', 1, FILE_LIST_MAX_PAGE_SIZE).default(FILE_LIST_PAGE_SIZE),
  token: z
    .string()
    .max(4096, FILE_MANAGER_MESSAGES.badPageToken)
    .regex(/^[A-Za-z0-9_-]+$/, FILE_MANAGER_MESSAGES.badPageToken)
    .optional(),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

export const createFolderRequestSchema = z.strictObject({
  bucket: bucketField,
  directory: directoryField,
  name: fileNameField,
});
export type CreateFolderRequest = z.infer<typeof createFolderRequestSchema>;

/** POST /v1/files/upload: the file the browser is about to PUT, checked before any byte moves. */
export const uploadTicketRequestSchema = z
  .strictObject({
    bucket: bucketField,
    directory: directoryField,
    name: fileNameField,
    size: integerField('size', 0, Number.MAX_SAFE_INTEGER),
    /** Accepted and ignored: the stored type follows the file's name (servedFileType). */
    contentType: z
      .string()
      .trim()
      .max(200)
      .regex(/^[\w.+-]+\/[\w.+-]+$/, 'contentType must be a media type')
      .optional(),
  })
  .superRefine((request, ctx) => {
    if (request.size > FILE_MANAGER_MAX_BYTES)
      ctx.addIssue({ code: 'custom', message: fileTooLargeMessage(request.name), path: ['size'] });
  });
export type UploadTicketRequest = z.infer<typeof uploadTicketRequestSchema>;

export const fileUrlQuerySchema = z.strictObject({
  bucket: bucketField,
  path: entryPathField,
  /** true: the URL downloads the file (attachment) instead of showing it. */
  download: booleanField('download').default(false),
});
export type FileUrlQuery = z.infer<typeof fileUrlQuerySchema>;

/** Rename (same folder, new name) or move (another folder); a folder moves with its contents. */
export const moveFileRequestSchema = z.strictObject({
  bucket: bucketField,
  from: entryPathField,
  to: entryPathField,
});
export type MoveFileRequest = z.infer<typeof moveFileRequestSchema>;

export const deleteFileQuerySchema = z.strictObject({ bucket: bucketField, path: entryPathField });
export type DeleteFileQuery = z.infer<typeof deleteFileQuerySchema>;

/** "Use in a creative": the file becomes an asset of the creative. */
export const useFileRequestSchema = z.strictObject({
  bucket: bucketField,
  path: entryPathField,
  creativeID: idField('creativeID'),
});
export type UseFileRequest = z.infer<typeof useFileRequestSchema>;

// ---- Ad builder drafts ----------------------------------------------------------------------------

/** POST /v1/builder/drafts: a new draft. */
export const builderDraftCreateSchema = z.strictObject({
  name: builderDraftNameSchema,
  document: builderDocumentSchema,
});
/** PUT /v1/builder/drafts: the draft's name and document (its creative is the server's to set). */
export const builderDraftUpdateSchema = z.strictObject({
  id: idField('id'),
  name: builderDraftNameSchema,
  document: builderDocumentSchema,
  // Accepted back as answered, and ignored (server-owned).
  campaignID: z.string().nullable().optional(),
  creativeID: z.string().nullable().optional(),
  updatedAt: z.string().optional(),
});
/** POST /v1/builder/creative and /v1/builder/export: a draft and the campaign its creative belongs to. */
export const builderTargetSchema = z.strictObject({
  id: idField('id'),
  campaignID: idField('campaignID'),
});
export type BuilderTarget = z.infer<typeof builderTargetSchema>;
