// Campaign calls of docs/product.md §7, with the list's 403 / empty-rejection rule of section 8.
import { z } from 'zod/mini';
import type { AuditEntry } from '../../audit/audit';
import type { Campaign, CampaignList } from '../../campaigns/campaign';
import type { CampaignListFilter } from '../../campaigns/campaign-list';
import { MESSAGES } from '../../validation/messages';
import { validate } from '../../validation/validation-error';
import { API_ERROR_CODES, ApiError } from '../errors';
import type { Http } from '../http';
import { type CallInput, readData, send, sendOnly, sendRaw } from '../send';
import { campaignsContract } from './contract';
import type { CampaignView } from './requests';

export const CAMPAIGN_PATHS = {
  get: campaignsContract.getCampaign.path,
  list: (view: CampaignView) =>
    view === 'mine' ? campaignsContract.listMyCampaigns.path : campaignsContract.listAllCampaigns.path,
  create: campaignsContract.createCampaign.path,
  update: campaignsContract.updateCampaign.path,
  delete: campaignsContract.deleteCampaign.path,
} as const;

/**
 * A list answer's body (`data` and its `pagination`, as GET /v1/campaign/mine and /all send it) as the
 * console reads it: the page asked for when the answer names none, at least as many pages as that page.
 */
export function campaignListOf<C>(
  body: {
    data: C[];
    pagination?: { page: number; pages?: number | undefined; total?: number | undefined } | undefined;
  },
  page?: number,
): { campaigns: C[]; page: number; pages: number; total?: number } {
  const current = body.pagination?.page ?? page ?? 1;
  return {
    campaigns: body.data,
    page: current,
    pages: Math.max(body.pagination?.pages ?? 1, current),
    ...(body.pagination?.total === undefined ? {} : { total: body.pagination.total }),
  };
}

/** The list answer, read leniently: docs/product.md §7 only promises `data[]` and `pagination.page`. */
const listBodySchema = z.looseObject({
  data: z._default(campaignsContract.listMyCampaigns.answer, []),
  pagination: z.optional(
    z.looseObject({
      page: z._default(z.coerce.number().check(z.int(), z.positive()), 1),
      pages: z.optional(z.coerce.number().check(z.int(), z.positive())),
      total: z.optional(z.coerce.number().check(z.int(), z.nonnegative())),
    }),
  ),
});

/** `MESSAGES.campaignNotFound` for a 404, the error itself otherwise. */
const notFoundAsCampaignNotFound = (error: unknown): never => {
  if (error instanceof ApiError && error.status === 404) {
    throw new ApiError({
      status: 404,
      code: API_ERROR_CODES.notFound,
      message: MESSAGES.campaignNotFound,
      body: error.body,
    });
  }
  throw error;
};

export function campaignCalls(http: Http) {
  const {
    getCampaign,
    listMyCampaigns,
    listAllCampaigns,
    createCampaign,
    updateCampaign,
    deleteCampaign,
    duplicateCampaign,
    archiveCampaign,
    unarchiveCampaign,
    pauseCampaign,
    resumeCampaign,
    campaignHistory,
  } = campaignsContract;
  return {
    async getCampaign(campaignID: string): Promise<Campaign> {
      if (!campaignID)
        throw new ApiError({ status: 400, code: API_ERROR_CODES.notFound, message: MESSAGES.noCampaign });
      const query = validate(getCampaign.input, { campaignID });
      const answer = await sendRaw(http, getCampaign, query).catch(notFoundAsCampaignNotFound);
      if (answer.data === undefined || answer.data === null) {
        throw new ApiError({
          status: 404,
          code: API_ERROR_CODES.notFound,
          message: MESSAGES.campaignNotFound,
        });
      }
      return readData(getCampaign.answer, answer.data);
    },

    /**
     * GET /v1/campaign/mine or /all. A 403 (not allowed to see all) and a rejection without an answer
     * body both give an empty list.
     */
    async listCampaigns(
      view: CampaignView = 'mine',
      page?: number,
      filter: CampaignListFilter = {},
    ): Promise<CampaignList> {
      try {
        const entry = view === 'mine' ? listMyCampaigns : listAllCampaigns;
        // Sent as the server's qs-style parsers read it (the request schema reads it back as `page`).
        const query = {
          ...(page === undefined ? {} : { 'paginate[page]': page }),
          ...Object.fromEntries(
            Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
          ),
        };
        const answer = await sendRaw(http, entry, Object.keys(query).length === 0 ? undefined : query);
        return campaignListOf(readData(listBodySchema, answer.body), page);
      } catch (error) {
        if (
          error instanceof ApiError &&
          (error.status === 403 || error.body === undefined || error.body === null)
        ) {
          if (error.code !== 'invalid_response')
            return { campaigns: [], page: page ?? 1, pages: 1, total: 0 };
        }
        throw error;
      }
    },

    createCampaign: (campaign: unknown): Promise<Campaign> =>
      send(http, createCampaign, campaign as CallInput<typeof createCampaign>),

    /** PUT /v1/campaign/update with the campaign (as answered, or just its id, name and dates). */
    /** The answer is the updated campaign (docs/product.md §7 leaves it "not shown": undefined when empty). */
    async updateCampaign(campaign: unknown): Promise<Campaign | undefined> {
      const body = validate(updateCampaign.input, campaign);
      const answer = await sendRaw(http, updateCampaign, body).catch(notFoundAsCampaignNotFound);
      return answer.data === undefined || answer.data === null
        ? undefined
        : readData(updateCampaign.answer, answer.data);
    },

    /** DELETE /v1/campaign/delete?campaignID=... (the console removes it from its list first). */
    async deleteCampaign(campaignID: string): Promise<void> {
      await sendOnly(http, deleteCampaign, { campaignID }).catch(notFoundAsCampaignNotFound);
    },

    /**
     * POST /v1/campaign/duplicate: a copy with the campaign's creatives and assets, nothing published, no
     * figures; named and flown as `copy` says (left out: the copy rule's name, the original's days).
     */
    duplicateCampaign: (
      campaignID: string,
      copy: { name?: string; start?: string | null; end?: string | null } = {},
    ): Promise<Campaign> =>
      send(http, duplicateCampaign, { campaignID, ...copy }).catch(notFoundAsCampaignNotFound),

    /** POST /v1/campaign/archive: the campaign stops serving and leaves the default list. */
    archiveCampaign: (campaignID: string): Promise<Campaign> =>
      send(http, archiveCampaign, { campaignID }).catch(notFoundAsCampaignNotFound),

    /** POST /v1/campaign/unarchive: the campaign is back in the list and serves within its flight. */
    unarchiveCampaign: (campaignID: string): Promise<Campaign> =>
      send(http, unarchiveCampaign, { campaignID }).catch(notFoundAsCampaignNotFound),

    /** POST /v1/campaign/pause: the campaign stops serving at once; it stays in the lists. */
    pauseCampaign: (campaignID: string): Promise<Campaign> =>
      send(http, pauseCampaign, { campaignID }).catch(notFoundAsCampaignNotFound),

    /** POST /v1/campaign/resume: the campaign serves again within its flight. */
    resumeCampaign: (campaignID: string): Promise<Campaign> =>
      send(http, resumeCampaign, { campaignID }).catch(notFoundAsCampaignNotFound),

    /** GET /v1/campaign/history?campaignID=...: who changed what in the campaign, newest first. */
    campaignHistory: (campaignID: string): Promise<AuditEntry[]> =>
      send(http, campaignHistory, { campaignID }).catch(notFoundAsCampaignNotFound),
  };
}
