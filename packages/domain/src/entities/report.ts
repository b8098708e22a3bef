// Report answers, share tokens and scheduled reports (docs/product.md §3 and §7).
import { z } from 'zod';
import { REPORT_FORMATS, REPORT_TYPES, SCHEDULE_FREQUENCIES } from '../constants';
import { idSchema } from './common';

export const scheduledReportSchema = z.object({
  id: idSchema,
  campaignID: idSchema,
  name: z.string().optional(),
  frequency: z.enum(SCHEDULE_FREQUENCIES).optional(),
  reportType: z.enum(REPORT_TYPES).optional(),
  format: z.enum(REPORT_FORMATS).optional(),
  timezone: z.string().optional(),
  recipients: z.array(z.string()).optional(),
  withVideo: z.boolean().optional(),
  createdAt: z.string().optional(),
  nextRunAt: z.string().nullable().optional(),
  lastRunAt: z.string().nullable().optional(),
});
export type ScheduledReport = z.infer<typeof scheduledReportSchema>;

/** A public share link of a campaign report (answer of newToken). */
export const reportTokenSchema = z.object({
  url: z.string(),
  token: z.string().optional(),
  createdAt: z.string().optional(),
  /** When the link stops working by itself (null: until revoked). */
  expiresAt: z.string().nullable().optional(),
});
export type ReportToken = z.infer<typeof reportTokenSchema>;

/** Answer of GET /v1/campaign/reports: report figures plus share tokens and schedules; other fields pass through. */
export const reportResponseSchema = z.looseObject({
  reportToken: z.array(reportTokenSchema).default([]),
  scheduledReports: z.array(scheduledReportSchema).default([]),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** Answer of a report download or tag sheet: the file name under /uploads/. */
export const reportFileSchema = z.object({ file: z.string().min(1) });
export type ReportFile = z.infer<typeof reportFileSchema>;
