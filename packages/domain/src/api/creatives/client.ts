// Creative and asset calls of docs/product.md §7, with the temporary-id rule of section 4.
import { z } from 'zod/mini';
import { isTemporaryId } from '../../app/ids';
import type { Asset } from '../../campaigns/asset';
import type { Campaign } from '../../campaigns/campaign';
import type { Creative } from '../../campaigns/creative';
import { MESSAGES } from '../../validation/messages';
import { ValidationError, validate } from '../../validation/validation-error';
import { API_ERROR_CODES, ApiError } from '../errors';
import type { Http } from '../http';
import { type CallInput, readData, send, sendOnly, sendRaw } from '../send';
import { creativesContract, deletedAssetsSchema } from './contract';

export const CREATIVE_PATHS = {
  get: creativesContract.getCreative.path,
  list: creativesContract.listCreatives.path,
  create: creativesContract.createCreative.path,
  update: creativesContract.updateCreative.path,
  html: creativesContract.updateCreativeHtml.path,
  duplicate: creativesContract.duplicateCreative.path,
  publish: creativesContract.publishCreative.path,
  delete: creativesContract.deleteCreative.path,
  /** Removes one live creative: its tags stop serving. */
  deleteLive: creativesContract.deleteLiveCreative.path,
  assets: creativesContract.uploadAssets.path,
  tags: creativesContract.tagSheet.path,
  campaignTags: creativesContract.campaignTagSheet.path,
} as const;

const uploadAnswerSchema = z.looseObject({
  data: creativesContract.uploadAssets.answer.check(z.minLength(1)),
  deleted: deletedAssetsSchema,
});

export interface AssetUpload {
  campaignID: string | null | undefined;
  creativeID: string | null | undefined;
  /** The upload type (e.g. 'image', 'video', 'html5'): a label only; the server detects each file's kind. */
  type?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  duration?: number | undefined;
  /**
   * The creative's assets as the caller holds them, sent as JSON: the server keeps (or renames) the
   * listed ones and deletes the creative's other assets. Leave it out to only add files.
   */
  assets?: readonly Asset[] | undefined;
  files: readonly (File | { blob: Blob; name: string })[];
}

export interface UploadedAssets {
  asset: Asset;
  assets: Asset[];
  deleted: Asset[];
}

export function creativeCalls(
  http: Http,
  fileUrl: (file: string) => string,
  getCampaign: (id: string) => Promise<Campaign>,
) {
  const {
    getCreative,
    listCreatives,
    createCreative,
    updateCreative,
    updateCreativeHtml,
    duplicateCreative,
    publishCreative,
    deleteCreative,
    deleteLiveCreative,
    uploadAssets,
    deleteAsset,
    tagSheet,
    campaignTagSheet,
  } = creativesContract;
  /** Server ids of creatives created in this session, by their temporary id. */
  const serverIds = new Map<string, string>();

  /** The id to send: a temporary id becomes the server's id once known, else 'No creative found yet!'. */
  const serverId = (id: string): string => {
    if (!isTemporaryId(id)) return id;
    const known = serverIds.get(id);
    if (known === undefined) {
      throw new ApiError({
        status: 404,
        code: API_ERROR_CODES.notFound,
        message: MESSAGES.noCreativeFoundYet,
      });
    }
    return known;
  };

  /** The creative (as answered, or a body) checked and stripped of server-owned fields, with its server id. */
  const body = (creative: unknown) => {
    const fields = validate(updateCreative.input, creative);
    return fields.id === undefined ? fields : { ...fields, id: serverId(fields.id) };
  };

  /** Saves through one of the PUT calls: the creative, its HTML, or its copy. */
  const save = async (entry: typeof updateCreative, creative: unknown): Promise<Creative> =>
    send(http, entry, body(creative));

  return {
    /** The server id of a creative created from `temporaryId`, once the server has answered. */
    serverIdFor: (temporaryId: string): string | undefined => serverIds.get(temporaryId),

    getCreative: async (id: string): Promise<Creative> => send(http, getCreative, { id: serverId(id) }),

    listCreatives: (campaignID: string): Promise<Creative[]> =>
      send(http, listCreatives, { campaignID }, { emptyAnswer: [] }),

    /**
     * POST /v1/campaign/creatives. Creating needs a known campaign: without `options.campaign` (or with
     * another campaign) the creative's campaign is fetched first.
     */
    async createCreative(
      creative: unknown,
      options: { campaign?: Campaign | undefined } = {},
    ): Promise<Creative> {
      const fields = validate(createCreative.input, creative);
      if (options.campaign?.id !== fields.campaignID) await getCampaign(fields.campaignID);
      const temporary = fields.id !== undefined && isTemporaryId(fields.id) ? fields.id : undefined;
      const { id: _ignored, ...withoutTemporaryId } = fields;
      const payload = temporary === undefined ? fields : withoutTemporaryId;
      const saved = await send(http, createCreative, payload);
      if (temporary !== undefined) serverIds.set(temporary, saved.id);
      return saved;
    },

    updateCreative: (creative: unknown) => save(updateCreative, creative),
    updateCreativeHtml: (creative: unknown) => save(updateCreativeHtml, creative),
    /** The server names the copy with `copyName` (' (Copy)', ' (Copy 2)', ...). */
    duplicateCreative: (creative: unknown) => save(duplicateCreative, creative),

    publishCreative: async (creative: {
      id: string;
      platform?: string | null | undefined;
    }): Promise<Creative> =>
      send(http, publishCreative, {
        id: serverId(creative.id),
        platform: creative.platform as CallInput<typeof publishCreative>['platform'],
      }),

    async deleteCreative(id: string): Promise<void> {
      await sendOnly(http, deleteCreative, { id: serverId(id) });
    },

    async deleteLiveCreative(liveCreativeID: string): Promise<void> {
      await sendOnly(http, deleteLiveCreative, { id: liveCreativeID });
    },

    /** Multipart upload; needs both a campaign and a creative ('Incorrect campaign or creative!'). */
    async uploadAssets(upload: AssetUpload): Promise<UploadedAssets> {
      if (!upload.campaignID || !upload.creativeID) {
        throw new ValidationError([MESSAGES.incorrectCampaignOrCreative], upload);
      }
      const fields = validate(uploadAssets.input, {
        type: upload.type,
        width: upload.width,
        height: upload.height,
        duration: upload.duration,
        creativeID: serverId(upload.creativeID),
        assets: upload.assets === undefined ? undefined : JSON.stringify(upload.assets),
      });
      const form = new FormData();
      if (fields.type !== undefined) form.append('type', fields.type);
      if (fields.width !== undefined) form.append('width', String(fields.width));
      if (fields.height !== undefined) form.append('height', String(fields.height));
      if (fields.duration !== undefined) form.append('duration', String(fields.duration));
      form.append('creativeID', fields.creativeID);
      if (upload.assets !== undefined) form.append('assets', JSON.stringify(upload.assets));
      for (const file of upload.files) {
        if ('blob' in file) form.append('files[]', file.blob, file.name);
        else form.append('files[]', file, file.name);
      }
      const answer = await sendRaw(http, uploadAssets, form);
      const parsed = readData(uploadAnswerSchema, answer.body);
      const [asset] = parsed.data;
      return { asset: asset as Asset, assets: parsed.data, deleted: parsed.deleted };
    },

    async deleteAsset(id: string, creativeID: string): Promise<void> {
      await sendOnly(http, deleteAsset, { id, creativeID: serverId(creativeID) });
    },

    /** POST /v1/campaign/tags: builds the xlsx tag sheet and gives its download URL. */
    async downloadTagSheet(input: Omit<CallInput<typeof tagSheet>, 'type'>): Promise<string> {
      const sheet = await send(http, tagSheet, { ...input, type: 'xlsx' });
      return fileUrl(sheet.file);
    },

    /** GET /v1/campaign/tags: the campaign's whole tag sheet (xlsx or csv); gives its download URL. */
    async downloadCampaignTags(campaignID: string, type: 'xlsx' | 'csv' = 'xlsx'): Promise<string> {
      const sheet = await send(http, campaignTagSheet, { campaignID, type });
      return fileUrl(sheet.file);
    },
  };
}
