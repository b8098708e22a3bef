// Report answers, share tokens and scheduled reports (docs/product.md §3 and §7).
import { z } from 'zod/mini';
import { idSchema } from '../common';
import { REPORT_FORMATS, REPORT_TYPES, SCHEDULE_FREQUENCIES } from '../constants';

const optionalTime = z.optional(z.nullable(z.string()));

/**
 * Where a scheduled report's recipient stands (docs/product.md §1, "Scheduled reports"): an address of
 * the company's domain is confirmed at once; any other gets an opt-in mail and is `awaiting` until it
 * confirms; `unsubscribed` refused for good. Only confirmed recipients are mailed.
 */
export const RECIPIENT_STATES = ['confirmed', 'awaiting', 'unsubscribed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];
export const RECIPIENT_STATE_LABELS: Record<RecipientState, string> = {
  confirmed: 'Confirmed',
  awaiting: 'Awaiting confirmation',
  unsubscribed: 'Unsubscribed',
};
export const recipientStateSchema = z.object({ address: z.string(), state: z.enum(RECIPIENT_STATES) });
export type RecipientStatus = z.infer<typeof recipientStateSchema>;

export const scheduledReportSchema = z.object({
  id: idSchema,
  campaignID: idSchema,
  name: z.optional(z.string()),
  frequency: z.optional(z.enum(SCHEDULE_FREQUENCIES)),
  reportType: z.optional(z.enum(REPORT_TYPES)),
  format: z.optional(z.enum(REPORT_FORMATS)),
  timezone: z.optional(z.string()),
  recipients: z.optional(z.array(z.string())),
  /** Each recipient's state, in the order of `recipients`. */
  recipientStates: z.optional(z.array(recipientStateSchema)),
  withVideo: z.optional(z.boolean()),
  createdAt: z.optional(z.string()),
  nextRunAt: optionalTime,
  lastRunAt: optionalTime,
});
export type ScheduledReport = z.infer<typeof scheduledReportSchema>;

/** A public share link of a campaign report (answer of newToken). */
export const reportTokenSchema = z.object({
  url: z.string(),
  token: z.optional(z.string()),
  createdAt: z.optional(z.string()),
  /** When the link stops working by itself (null: until revoked). */
  expiresAt: optionalTime,
  /** Whether the link's report shows spend, effective costs, conversion value and ROAS (docs/reports.md, "Share links"). */
  includeCosts: z.optional(z.boolean()),
});
export type ReportToken = z.infer<typeof reportTokenSchema>;

/**
 * A share link as an administrator's per-user view lists it (docs/security.md, "Off-boarding"): a
 * working link the account made or one of its campaigns has, with the campaign it shows.
 */
export const userShareLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  campaignID: z.string(),
  campaignName: z.string(),
  createdAt: z.string(),
  expiresAt: optionalTime,
  includeCosts: z.boolean(),
});
export type UserShareLink = z.infer<typeof userShareLinkSchema>;

/** Answer of GET /v1/campaign/reports: report figures plus share tokens and schedules; other fields pass through. */
export const reportResponseSchema = z.looseObject({
  reportToken: z._default(z.array(reportTokenSchema), []),
  scheduledReports: z._default(z.array(scheduledReportSchema), []),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** Answer of a report download or tag sheet: the file name under /uploads/. */
export const reportFileSchema = z.object({ file: z.string().check(z.minLength(1)) });
export type ReportFile = z.infer<typeof reportFileSchema>;
