// The API contract, written once: every call's method, path, request schema and answer schema. The
// server declares its routes from these entries (validating requests and checking its answers with the
// same schemas) and the client builds its calls from them, so the two can never disagree.
import { z } from 'zod';
import { builderDraftSchema } from '../entities/ad-builder';
import { type ApiTokenScope, apiTokenSchema, createdApiTokenSchema } from '../entities/api-token';
import { assetSchema } from '../entities/asset';
import { campaignSchema } from '../entities/campaign';
import { creativeSchema } from '../entities/creative';
import {
  fileBucketsSchema,
  fileEntrySchema,
  fileListingSchema,
  fileUrlSchema,
  uploadTicketSchema,
} from '../entities/file-manager';
import { reportFileSchema } from '../entities/report';
import { userListEntrySchema, userSchema } from '../entities/user';
import {
  apiTokenListQuerySchema,
  assetUploadFieldsSchema,
  builderDraftCreateSchema,
  builderDraftUpdateSchema,
  builderTargetSchema,
  campaignListQuerySchema,
  campaignRequestSchema,
  campaignUpdateBodySchema,
  changePasswordRequestSchema,
  createApiTokenRequestSchema,
  createFolderRequestSchema,
  creativeRequestSchema,
  deleteAssetQuerySchema,
  deleteFileQuerySchema,
  eventsImportRequestSchema,
  fileListQuerySchema,
  fileUrlQuerySchema,
  forgotPasswordRequestSchema,
  inviteUsersRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  moveFileRequestSchema,
  newPasswordRequestSchema,
  profileRequestSchema,
  publishCreativeRequestSchema,
  revokeInviteQuerySchema,
  signUpApiRequestSchema,
  tagsRequestSchema,
  uploadTicketRequestSchema,
  useFileRequestSchema,
  verifyRequestSchema,
} from '../validation/requests';
import {
  deletedAssetsSchema,
  eventsImportAnswerSchema,
  inviteAnswerSchema,
  meResponseSchema,
  messageAnswerSchema,
  paginationSchema,
  publicConfigSchema,
  revokeInviteAnswerSchema,
  sessionAnswerSchema,
  signUpAnswerSchema,
  verifyAnswerSchema,
} from './answers';
import { type CallContract, call } from './call';
import { campaignIdQuerySchema, idQuerySchema } from './common/requests';
import { dashboardContract } from './dashboard/contract';
import { reportsContract } from './reports/contract';

export const contract = {
  // ---- System
  ping: call({ method: 'GET', path: '/ping', answer: z.literal('Pong') }),
  config: call({ method: 'GET', path: '/config', answer: publicConfigSchema }),

  // ---- Authentication (docs/product.md §7)
  signUp: call({
    method: 'POST',
    path: '/signup',
    input: signUpApiRequestSchema,
    answer: signUpAnswerSchema,
  }),
  verify: call({ method: 'POST', path: '/verify', input: verifyRequestSchema, answer: verifyAnswerSchema }),
  login: call({ method: 'POST', path: '/login', input: loginRequestSchema, answer: sessionAnswerSchema }),
  me: call({ method: 'GET', path: '/me', answer: meResponseSchema }),
  logout: call({ method: 'POST', path: '/logout', input: logoutRequestSchema, answer: z.null() }),
  forgotPassword: call({
    method: 'POST',
    path: '/forgotPassword',
    input: forgotPasswordRequestSchema,
    answer: messageAnswerSchema,
  }),
  changePassword: call({
    method: 'POST',
    path: '/changePassword',
    input: changePasswordRequestSchema,
    answer: messageAnswerSchema,
  }),

  // ---- The signed-in user's own account (the profile page)
  updateProfile: call({ method: 'PUT', path: '/v1/me', input: profileRequestSchema, answer: userSchema }),
  changeOwnPassword: call({
    method: 'PUT',
    path: '/v1/me/password',
    input: newPasswordRequestSchema,
    answer: messageAnswerSchema,
  }),

  // ---- Campaigns
  getCampaign: call({
    method: 'GET',
    path: '/v1/campaign/get',
    input: campaignIdQuerySchema,
    answer: campaignSchema,
    scope: 'campaigns:read',
  }),
  listMyCampaigns: call({
    method: 'GET',
    path: '/v1/campaign/mine',
    input: campaignListQuerySchema,
    answer: z.array(campaignSchema),
    extras: { pagination: paginationSchema },
    scope: 'campaigns:read',
  }),
  listAllCampaigns: call({
    method: 'GET',
    path: '/v1/campaign/all',
    input: campaignListQuerySchema,
    answer: z.array(campaignSchema),
    extras: { pagination: paginationSchema },
  }),
  createCampaign: call({
    method: 'POST',
    path: '/v1/campaign/new',
    input: campaignRequestSchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  updateCampaign: call({
    method: 'PUT',
    path: '/v1/campaign/update',
    input: campaignUpdateBodySchema,
    answer: campaignSchema,
    scope: 'campaigns:write',
  }),
  deleteCampaign: call({
    method: 'DELETE',
    path: '/v1/campaign/delete',
    input: campaignIdQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),

  // ---- Creatives
  getCreative: call({
    method: 'GET',
    path: '/v1/campaign/creative',
    input: idQuerySchema,
    answer: creativeSchema,
    scope: 'campaigns:read',
  }),
  listCreatives: call({
    method: 'GET',
    path: '/v1/campaign/creatives',
    input: campaignIdQuerySchema,
    answer: z.array(creativeSchema),
    scope: 'campaigns:read',
  }),
  createCreative: call({
    method: 'POST',
    path: '/v1/campaign/creatives',
    input: creativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  updateCreative: call({
    method: 'PUT',
    path: '/v1/campaign/creatives',
    input: creativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  updateCreativeHtml: call({
    method: 'PUT',
    path: '/v1/campaign/creatives/html',
    input: creativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  duplicateCreative: call({
    method: 'PUT',
    path: '/v1/campaign/creatives/duplicate',
    input: creativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  publishCreative: call({
    method: 'POST',
    path: '/v1/campaign/creatives/publish',
    input: publishCreativeRequestSchema,
    answer: creativeSchema,
    scope: 'campaigns:write',
  }),
  deleteLiveCreative: call({
    method: 'DELETE',
    path: '/v1/campaign/creatives/live',
    input: idQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),
  deleteCreative: call({
    method: 'DELETE',
    path: '/v1/campaign/creatives/delete',
    input: idQuerySchema,
    answer: z.null(),
    scope: 'campaigns:write',
  }),

  // ---- Assets and tags
  uploadAssets: call({
    method: 'POST',
    path: '/v1/campaign/creatives/assets',
    input: assetUploadFieldsSchema,
    multipart: true,
    answer: z.array(assetSchema),
    extras: { deleted: deletedAssetsSchema },
  }),
  deleteAsset: call({
    method: 'DELETE',
    path: '/v1/campaign/creatives/assets',
    input: deleteAssetQuerySchema,
    answer: z.null(),
  }),
  tagSheet: call({
    method: 'POST',
    path: '/v1/campaign/tags',
    input: tagsRequestSchema,
    answer: reportFileSchema,
  }),

  // ---- File manager: the API lists and presigns; the browser moves the bytes to and from storage
  fileBuckets: call({ method: 'GET', path: '/v1/files/buckets', answer: fileBucketsSchema }),
  listFiles: call({
    method: 'GET',
    path: '/v1/files',
    input: fileListQuerySchema,
    answer: fileListingSchema,
  }),
  createFolder: call({
    method: 'POST',
    path: '/v1/files/folder',
    input: createFolderRequestSchema,
    answer: fileEntrySchema,
  }),
  uploadTicket: call({
    method: 'POST',
    path: '/v1/files/upload',
    input: uploadTicketRequestSchema,
    answer: uploadTicketSchema,
  }),
  fileUrl: call({ method: 'GET', path: '/v1/files/url', input: fileUrlQuerySchema, answer: fileUrlSchema }),
  moveFile: call({
    method: 'POST',
    path: '/v1/files/move',
    input: moveFileRequestSchema,
    answer: fileEntrySchema,
  }),
  deleteFile: call({
    method: 'DELETE',
    path: '/v1/files',
    input: deleteFileQuerySchema,
    answer: z.object({ deleted: z.number().int().nonnegative() }),
  }),
  useFileInCreative: call({
    method: 'POST',
    path: '/v1/files/use',
    input: useFileRequestSchema,
    answer: assetSchema,
  }),

  // ---- Ad builder drafts (not in the spec's call table: the builder of section 3 keeps its work per user)
  listBuilderDrafts: call({
    method: 'GET',
    path: '/v1/builder/drafts',
    answer: z.array(builderDraftSchema),
  }),
  createBuilderDraft: call({
    method: 'POST',
    path: '/v1/builder/drafts',
    input: builderDraftCreateSchema,
    answer: builderDraftSchema,
  }),
  updateBuilderDraft: call({
    method: 'PUT',
    path: '/v1/builder/drafts',
    input: builderDraftUpdateSchema,
    answer: builderDraftSchema,
  }),
  deleteBuilderDraft: call({
    method: 'DELETE',
    path: '/v1/builder/drafts',
    input: idQuerySchema,
    answer: z.null(),
  }),
  builderDraftCreative: call({
    method: 'POST',
    path: '/v1/builder/creative',
    input: builderTargetSchema,
    answer: creativeSchema,
  }),
  exportBuilderDraft: call({
    method: 'POST',
    path: '/v1/builder/export',
    input: builderTargetSchema,
    answer: creativeSchema,
  }),

  ...dashboardContract,

  // ---- Reports (docs/product.md §7)
  ...reportsContract,

  // ---- Personal API tokens (the signed-in user's; admins may list and revoke anyone's). Never callable
  // with a token themselves: a token cannot make or revoke tokens.
  listApiTokens: call({
    method: 'GET',
    path: '/v1/tokens',
    input: apiTokenListQuerySchema,
    answer: z.array(apiTokenSchema),
  }),
  createApiToken: call({
    method: 'POST',
    path: '/v1/tokens',
    input: createApiTokenRequestSchema,
    answer: createdApiTokenSchema,
  }),
  revokeApiToken: call({ method: 'DELETE', path: '/v1/tokens', input: idQuerySchema, answer: z.null() }),

  // ---- Users (admins)
  listUsers: call({ method: 'GET', path: '/v1/users', answer: z.array(userListEntrySchema) }),
  inviteUsers: call({
    method: 'POST',
    path: '/v1/users/invite',
    input: inviteUsersRequestSchema,
    answer: inviteAnswerSchema,
  }),
  revokeInvite: call({
    method: 'DELETE',
    path: '/v1/users/invite',
    input: revokeInviteQuerySchema,
    answer: revokeInviteAnswerSchema,
  }),

  // ---- Events (admins)
  importEvents: call({
    method: 'POST',
    path: '/v1/events/import',
    input: eventsImportRequestSchema,
    answer: eventsImportAnswerSchema,
  }),
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
/** The parsed `data` of a call's answer. */
export type CallAnswer<N extends CallName> = z.output<Contract[N]['answer']>;

/** The calls an API token with this scope may make. */
export const callsWithScope = (scope: ApiTokenScope): CallName[] =>
  (Object.keys(contract) as CallName[]).filter((name) => (contract[name] as CallContract).scope === scope);
