// Requests of the reporting calls (docs/product.md §7): a report's range and shape, its /share
// variant, share links and scheduled reports. Unknown keys are refused.
import { z } from 'zod/mini';
import {
  REPORT_FILE_FORMATS,
  REPORT_FORMATS,
  REPORT_TYPES,
  SCHEDULE_FREQUENCIES,
  SHARED_TOKEN_MIN_EXCLUSIVE_LENGTH,
} from '../../constants';
import { breakdownQueryField } from '../../reports/breakdown';
import { REPORT_GRANULARITIES } from '../../reports/report-data';
import { offsetPattern } from '../../timezones/timezones';
import { booleanField, emailField, idField, idListField, isIanaZone } from '../../validation/fields';
import { MESSAGES } from '../../validation/messages';
import { datesInOrder, datesInOrderMessage, noDataWhenMissing, rangeQueryFields } from '../common/requests';

export const REPORT_QUERY_TYPES = ['json', ...REPORT_FILE_FORMATS] as const;
export const GRANULARITIES = REPORT_GRANULARITIES;

const reportQueryFields = {
  ...rangeQueryFields,
  type: z._default(
    z.enum(REPORT_QUERY_TYPES, { error: `type must be one of: ${REPORT_QUERY_TYPES.join(', ')}` }),
    'json',
  ),
  granularity: z._default(
    z.enum(GRANULARITIES, { error: `granularity must be one of: ${GRANULARITIES.join(', ')}` }),
    'full',
  ),
  withVideoData: z._default(booleanField('withVideoData'), false),
  liveIDs: z.optional(idListField('liveIDs')),
  /** The report's breakdown by site, device, os, browser or country (reports/breakdown.ts). */
  breakdown: breakdownQueryField,
};

/** GET /v1/campaign/reports, /events and /videoData: a campaign, or the live ids of a creative. */
export const reportsQuerySchema = z
  .strictObject({ campaignID: z.optional(idField('campaignID')), ...reportQueryFields })
  .check(
    z.refine((query) => query.campaignID !== undefined || (query.liveIDs?.length ?? 0) > 0, {
      message: MESSAGES.noLiveIdsSet,
      path: ['liveIDs'],
    }),
    z.refine(datesInOrder, datesInOrderMessage),
  );
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;
export type ReportsQueryInput = z.input<typeof reportsQuerySchema>;
export const eventsQuerySchema = reportsQuerySchema;
export const videoDataQuerySchema = reportsQuerySchema;

/** GET /share/reports, /share/events and /share/videoData. */
export const shareReportsQuerySchema = z
  .strictObject({
    sharedToken: z
      .string({ error: 'sharedToken must be a share token' })
      .check(
        z.minLength(SHARED_TOKEN_MIN_EXCLUSIVE_LENGTH + 1, 'sharedToken must be a share token'),
        z.maxLength(256, 'sharedToken must be a share token'),
      ),
    ...reportQueryFields,
  })
  .check(z.refine(datesInOrder, datesInOrderMessage));
export type ShareReportsQuery = z.infer<typeof shareReportsQuerySchema>;

export const newTokenRequestSchema = z.strictObject(
  {
    campaignID: idField('campaignID'),
    /** Beyond docs/product.md §7: the link stops working by itself at this time (ISO 8601 with an offset). */
    expiresAt: z.optional(
      z.nullable(
        z.iso.datetime({
          offset: true,
          error: "expiresAt must be an ISO 8601 time, e.g. '2026-12-31T23:59:00Z'",
        }),
      ),
    ),
    /**
     * Whether the link's report shows the costs: spend, effective costs, conversion value, cost per
     * conversion and ROAS (docs/reports.md, "Share links"). Off unless asked for.
     */
    includeCosts: z.optional(booleanField('includeCosts')),
  },
  { error: noDataWhenMissing },
);
export type NewTokenRequest = z.infer<typeof newTokenRequestSchema>;

/** DELETE /v1/campaign/newToken?token=: revokes a share link (beyond the original list of calls). */
export const revokeTokenQuerySchema = z.strictObject({
  token: z
    .string({ error: 'token must be a share token' })
    .check(z.minLength(25, 'token must be a share token'), z.maxLength(256)),
});

const timezoneValue = z
  .string({ error: "timezone must be an IANA zone or a UTC offset like '+05:30'" })
  .check(
    z.refine(
      (zone) => offsetPattern.test(zone) || isIanaZone(zone),
      "timezone must be an IANA zone or a UTC offset like '+05:30'",
    ),
  );

export const scheduledReportBodySchema = z.strictObject(
  {
    campaignID: idField('campaignID'),
    name: z
      .string({ error: 'Fill in the report name' })
      .check(
        z.trim(),
        z.minLength(1, 'Fill in the report name'),
        z.maxLength(200, 'Report name is too long (200 characters at most)'),
      ),
    frequency: z.enum(SCHEDULE_FREQUENCIES, {
      error: `frequency must be one of: ${SCHEDULE_FREQUENCIES.join(', ')}`,
    }),
    reportType: z.enum(REPORT_TYPES, { error: `reportType must be one of: ${REPORT_TYPES.join(', ')}` }),
    format: z.enum(REPORT_FORMATS, { error: `format must be one of: ${REPORT_FORMATS.join(', ')}` }),
    timezone: z._default(timezoneValue, 'UTC'),
    recipients: z
      .array(emailField('Each recipient'), { error: 'recipients must be a list of e-mail addresses' })
      .check(z.minLength(1, 'Add at least one recipient'), z.maxLength(50, 'At most 50 recipients')),
    /** Add the video quartiles (a Full report's video section, a download's video columns). */
    withVideo: z._default(booleanField('withVideo'), false),
  },
  { error: noDataWhenMissing },
);
export type ScheduledReportBody = z.infer<typeof scheduledReportBodySchema>;
export type ScheduledReportBodyInput = z.input<typeof scheduledReportBodySchema>;

/** POST /v1/campaign/scheduledReport/send: the last complete period of a schedule, now. */
export const sendScheduledReportSchema = z.strictObject({ id: idField('id') }, { error: noDataWhenMissing });
