// POST /v1/creative/bulk (docs/product.md §7, "Bulk upload"): the multipart fields and the summary answered.
import { z } from 'zod/mini';
import { idSchema } from '../../common';
import { idField } from '../../validation/fields';

/** The text fields of the bulk upload (the files travel as `files[]`, after the fields). */
export const bulkUploadFieldsSchema = z.strictObject({
  campaignID: idField('campaignID'),
});
export type BulkUploadFields = z.infer<typeof bulkUploadFieldsSchema>;

/** A creative the batch made: its name (from its file's), its file, type, size and (videos) duration. */
export const bulkMadeSchema = z.object({
  creativeID: idSchema,
  name: z.string(),
  file: z.string(),
  type: z.enum(['Banner', 'VAST']),
  kind: z.enum(['image', 'video', 'html5']),
  width: z.number(),
  height: z.number(),
  duration: z.nullable(z.number()),
  bytes: z.number(),
});
export type BulkMade = z.infer<typeof bulkMadeSchema>;

/** A file the batch did not take (it made no creative), and why. */
export const bulkRefusedSchema = z.object({ file: z.string(), reason: z.string() });
export type BulkRefused = z.infer<typeof bulkRefusedSchema>;

export const bulkUploadAnswerSchema = z.object({
  made: z.array(bulkMadeSchema),
  refused: z.array(bulkRefusedSchema),
});
export type BulkUploadAnswer = z.infer<typeof bulkUploadAnswerSchema>;
