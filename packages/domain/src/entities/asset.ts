import { z } from 'zod';
import { idSchema } from './common';

/** An uploaded creative asset (image, video, html...) of docs/product.md §3. */
export const assetSchema = z.object({
  id: idSchema,
  filename: z.string(),
  name: z.string(),
  path: z.string().optional(),
  creativeID: idSchema,
  url: z.string(),
  new: z.boolean().default(false),
  width: z.number().nonnegative().nullable().optional(),
  height: z.number().nonnegative().nullable().optional(),
  duration: z.number().nonnegative().nullable().optional(),
  /** Kilobits per second of a video, read from the file. */
  bitrate: z.number().nonnegative().nullable().optional(),
  uploadType: z.string().optional(),
});
export type Asset = z.infer<typeof assetSchema>;
