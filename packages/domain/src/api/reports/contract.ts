// The reporting calls of the contract (docs/product.md §7): a campaign's report, events and video data,
// their /share variants for share links, share links and scheduled reports.
import { z } from 'zod/mini';
import {
  recipientStateSchema,
  reportFileSchema,
  reportTokenSchema,
  scheduledReportSchema,
} from '../../reports/report';
import { reportDataSchema, reportEventsSchema, reportVideoDataSchema } from '../../reports/report-data';
import { call } from '../call';
import { idQuerySchema } from '../common/requests';
import {
  newTokenRequestSchema,
  reportsQuerySchema,
  revokeTokenQuerySchema,
  scheduledReportBodySchema,
  sendScheduledReportSchema,
  shareReportsQuerySchema,
} from './requests';

/** POST /v1/campaign/scheduledReport/send: the period that was mailed, and to whom. */
export const scheduledReportSentSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** Who was mailed. */
  recipients: z.array(z.string()),
  /** Who was not, and why: awaiting confirmation, unsubscribed (or confirmed past the day's quota). */
  notMailed: z._default(z.array(recipientStateSchema), []),
});

export const reportsContract = {
  campaignReport: call({
    method: 'GET',
    path: '/v1/campaign/reports',
    input: reportsQuerySchema,
    answer: z.union([reportDataSchema, reportFileSchema]),
    scope: 'reports:read',
  }),
  campaignEvents: call({
    method: 'GET',
    path: '/v1/campaign/events',
    input: reportsQuerySchema,
    answer: reportEventsSchema,
    scope: 'reports:read',
  }),
  campaignVideoData: call({
    method: 'GET',
    path: '/v1/campaign/videoData',
    input: reportsQuerySchema,
    answer: reportVideoDataSchema,
    scope: 'reports:read',
  }),
  shareReport: call({
    method: 'GET',
    path: '/share/reports',
    input: shareReportsQuerySchema,
    answer: z.union([reportDataSchema, reportFileSchema]),
  }),
  shareEvents: call({
    method: 'GET',
    path: '/share/events',
    input: shareReportsQuerySchema,
    answer: reportEventsSchema,
  }),
  shareVideoData: call({
    method: 'GET',
    path: '/share/videoData',
    input: shareReportsQuerySchema,
    answer: reportVideoDataSchema,
  }),
  newToken: call({
    method: 'POST',
    path: '/v1/campaign/newToken',
    input: newTokenRequestSchema,
    answer: reportTokenSchema,
  }),
  revokeToken: call({
    method: 'DELETE',
    path: '/v1/campaign/newToken',
    input: revokeTokenQuerySchema,
    answer: z.null(),
  }),
  createScheduledReport: call({
    method: 'POST',
    path: '/v1/campaign/scheduledReport',
    input: scheduledReportBodySchema,
    answer: scheduledReportSchema,
  }),
  deleteScheduledReport: call({
    method: 'DELETE',
    path: '/v1/campaign/scheduledReport',
    input: idQuerySchema,
    answer: z.null(),
  }),
  sendScheduledReport: call({
    method: 'POST',
    path: '/v1/campaign/scheduledReport/send',
    input: sendScheduledReportSchema,
    answer: scheduledReportSentSchema,
  }),
} as const;
