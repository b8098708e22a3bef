// The bulk upload's texts and bounds (docs/product.md, "Bulk upload"): a part of the one catalogue,
// spread into MESSAGES (messages.ts) as the account and advertiser texts are.
import { registerProductTexts } from './product-texts';

/** Files one batch may hold (sent directly, or entries of a batch ZIP). */
export const MAX_BULK_FILES = 50;
/** Bytes one batch may take: the files sent, and a batch ZIP's entries unpacked. */
export const MAX_BULK_BYTES = 200 * 1024 * 1024;

export const BULK_MESSAGES = {
  chooseFiles: 'Choose the files to upload: images, videos or HTML5 ZIPs, or one ZIP holding them.',
  notTaken: 'Not an image (PNG, JPEG, GIF, WebP), a video (MP4, WebM) or an HTML5 ZIP.',
  nestedBatch: 'A ZIP inside the batch ZIP must be an HTML5 ad (with an index.html).',
  notUploaded: 'The files could not be uploaded. Nothing was made.',
  hint: `Images, videos and HTML5 ZIPs, or one ZIP holding them: at most ${MAX_BULK_FILES} files and ${MAX_BULK_BYTES / 1024 / 1024} MB. Each file makes a creative named after it.`,
} as const;
registerProductTexts(BULK_MESSAGES);
