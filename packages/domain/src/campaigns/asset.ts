import { z } from 'zod/mini';
import { idSchema } from '../common';

/** A size or length read from a file: absent, null or a non-negative number. */
const measureSchema = z.optional(z.nullable(z.number().check(z.nonnegative())));

/** An uploaded creative asset (image, video, html...) of docs/product.md §3. */
export const assetSchema = z.object({
  id: idSchema,
  filename: z.string(),
  name: z.string(),
  path: z.optional(z.string()),
  creativeID: idSchema,
  url: z.string(),
  new: z._default(z.boolean(), false),
  width: measureSchema,
  height: measureSchema,
  duration: measureSchema,
  /** Kilobits per second of a video, read from the file. */
  bitrate: measureSchema,
  uploadType: z.optional(z.string()),
});
export type Asset = z.infer<typeof assetSchema>;
