// Creative assets and the tag sheet: declarations, and the upload's multipart body read into parts;
// the work is in services/campaigns/assets and services/campaigns/tags.
import {
  ApiError,
  CAMPAIGN_NOTHING_TO_TAG,
  contract,
  MAX_CAMPAIGN_TAG_SHEET_ITEMS,
  MESSAGES,
} from '@adconsole/domain';
import type { FastifyRequest } from 'fastify';
import { defineRoute, WithExtras } from '../http/routes';
import * as assets from '../services/campaigns/assets';
import { buildCampaignTagSheetFile } from '../services/campaigns/campaign-tags';
import { buildTagSheetFile } from '../services/campaigns/tags';

/** The multipart body's parts as the upload takes them: the form parser stays here. */
async function* uploadParts(request: FastifyRequest): AsyncGenerator<assets.UploadPart> {
  for await (const part of request.parts()) {
    if (part.type === 'field') yield { type: 'field', field: part.fieldname, value: String(part.value) };
    else
      yield {
        type: 'file',
        field: part.fieldname,
        filename: part.filename,
        bytes: part.file,
        truncated: () => part.file.truncated,
      };
  }
}

export const assetRoutes = [
  defineRoute({
    call: contract.uploadAssets,
    audit: 'creative',
    access: 'user',
    summary:
      'Upload assets to a creative (multipart); answers the new assets in data and the removed ones in deleted.',
    description:
      "Send the text fields (creativeID, optional assets list) before the files. Accepted: PNG, JPEG, GIF, WebP (10 MB), MP4 and WebM video (200 MB), ZIP for HTML5 and JavaScript for VPAID (10 MB); each file streams to storage and is refused as soon as it passes its limit or its first bytes do not match its extension. The kind is the server's detection (the `type` field is only a hint). Image width and height are read from the file. Listed assets are kept (renamed when `name` differs); assets of the creative missing from the list are deleted; a new file replaces an earlier one of the same name. All files of a request are stored, or none. A few uploads run at once per server; more wait, and beyond a queue the answer is 503.",
    tag: 'Assets',
    errors: {
      413: 'A file is over its size limit.',
      415: 'A file type is not accepted.',
      503: 'Too many uploads at once; try again shortly.',
    },
    handler: async ({ request, user, ctx }) => {
      if (!request.isMultipart()) throw ApiError.of(415, MESSAGES.sendMultipart);
      const { created, deleted } = await assets.uploadAssets(ctx, user, uploadParts(request));
      return new WithExtras(created, { deleted });
    },
  }),
  defineRoute({
    call: contract.deleteAsset,
    audit: 'creative',
    access: 'user',
    summary: "Delete one of a creative's assets.",
    description: 'id and creativeID in the query. Answers an empty data.',
    tag: 'Assets',
    errors: { 404: MESSAGES.assetNotFound },
    handler: ({ input, user, ctx }) => assets.deleteAsset(ctx, user, input),
  }),
  defineRoute({
    call: contract.tagSheet,
    audit: { none: 'Writes the tags into a file to download; changes nothing.' },
    access: 'user',
    summary:
      "Build the campaign's tag sheet (xlsx); answers the file name to fetch under /api/uploads/{file}.",
    description:
      "The server builds every tag itself from the live creatives, for the ad-serving origin (AD_SERVING_URL); the tags in the body only choose creatives and platforms: the keys are creative ids, each entry names a platform. An entry's `tag` text is accepted and ignored (never written to the sheet). An empty `tags` object means every creative on its own platform.",
    tag: 'Tags',
    errors: { 404: MESSAGES.campaignNotFound },
    handler: ({ input, user, ctx }) => buildTagSheetFile(ctx, user, input),
  }),
  defineRoute({
    call: contract.campaignTagSheet,
    access: 'user',
    summary:
      "Build the whole campaign's tag sheet (xlsx or csv): every live creative and placement on every platform; answers the file name to fetch under /api/uploads/{file}.",
    description: `The campaign's owner or an admin. Each platform (the eleven trading platforms, then Direct) has a worksheet in the xlsx; the csv is one file with the same rows in the same order (the Platform column says which). Each live creative's row is the row of its own tag sheet (POST /v1/campaign/tags naming that platform) and each placement's tag is the one its card shows; unpublished creatives have no row. No deal, fallback id or user click macro is taken: a tag that needs one has an empty Tag and the reason in Note. Cells that would start a formula are prefixed with an apostrophe. At most ${MAX_CAMPAIGN_TAG_SHEET_ITEMS} live creatives and placements.`,
    tag: 'Tags',
    errors: {
      404: MESSAGES.campaignNotFound,
      409: CAMPAIGN_NOTHING_TO_TAG,
      413: `The campaign has more than ${MAX_CAMPAIGN_TAG_SHEET_ITEMS} live creatives and placements.`,
    },
    handler: ({ input, user, ctx }) => buildCampaignTagSheetFile(ctx, user, input),
  }),
];
