// Creative assets and the tag sheet: declarations, and the upload's multipart body read into parts;
// the work is in services/campaigns/assets and services/campaigns/tags.
import {
  ApiError,
  CAMPAIGN_NOTHING_TO_TAG,
  contract,
  MAX_BULK_BYTES,
  MAX_BULK_FILES,
  MAX_CAMPAIGN_TAG_SHEET_ITEMS,
  MESSAGES,
} from '@adconsole/domain';
import type { FastifyRequest } from 'fastify';
import { defineRoute, WithExtras } from '../http/routes';
import * as assets from '../services/campaigns/assets';
import { bulkUploadCreatives } from '../services/campaigns/bulk-upload';
import { buildCampaignTagSheetFile } from '../services/campaigns/campaign-tags';
import { buildTagSheetFile } from '../services/campaigns/tags';

/** The multipart body's parts as the upload takes them: the form parser stays here. */
async function* uploadParts(request: FastifyRequest, files?: number): AsyncGenerator<assets.UploadPart> {
  const parts =
    files === undefined ? request.parts() : request.parts({ limits: { files, parts: files + 10 } });
  for await (const part of parts) {
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
    call: contract.bulkUploadCreatives,
    audit: 'creative',
    access: 'user',
    summary:
      'Bulk upload (multipart): many files, or one ZIP holding them, make one creative each in one campaign; answers what was made and what was refused.',
    description: `Send campaignID before the files (files[]). Each image (PNG, JPEG, GIF, WebP) makes a Banner of the image's size, each video (MP4, WebM) a VAST creative (an MP4's size and duration read from its boxes, a WebM 640×360), each HTML5 ad's ZIP a Banner of the size its index.html declares (<meta name="ad.size" content="width=…,height=…">); the creative is named after its file without the extension. A ZIP with an index.html (at its root, or in the one folder everything is in) is an HTML5 ad; any other ZIP is a batch ZIP: its directory is read and bounded before anything is inflated, and its files are the batch (a ZIP inside it must be an HTML5 ad). Files of another type (and VPAID scripts) are not made and are listed in \`refused\` with the reason; a packer's own files (__MACOSX, .DS_Store) are skipped. Each file has the single upload's checks and limits. At most ${MAX_BULK_FILES} files and ${MAX_BULK_BYTES / 1024 / 1024} MB (sent, and a batch ZIP's files unpacked) per batch. All creatives are made in one transaction or none: a file that fails its checks makes nothing, its stored files are removed, and the error names it.`,
    tag: 'Creatives',
    errors: {
      404: MESSAGES.campaignNotFound,
      413: 'The batch or a file is over its limit; nothing was made.',
      415: 'A file cannot be used (corrupt, of another type than its name says, an HTML5 ad without its size); nothing was made.',
      503: 'Too many uploads at once; try again shortly.',
    },
    handler: async ({ request, user, ctx }) => {
      if (!request.isMultipart()) throw ApiError.of(415, MESSAGES.sendMultipart);
      // One file past the bound reaches the service, which refuses it with its sentence.
      return bulkUploadCreatives(ctx, user, uploadParts(request, MAX_BULK_FILES + 1));
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
