// Reporting calls of docs/product.md §7: reports, events, video data (with /share variants for share
// tokens), share links, scheduled reports and downloads.
import type { z } from 'zod/mini';
import { isSharedToken } from '../../app/ids';
import { toApiDateTime } from '../../calendar/dates';
import type { ReportFileFormat } from '../../constants';
import type { BreakdownDimension } from '../../reports/breakdown';
import { type ReportToken, reportFileSchema, type ScheduledReport } from '../../reports/report';
import { previousReportPeriod } from '../../reports/report-comparison';
import type { ReportGranularity } from '../../reports/report-data';
import {
  type ReportData,
  type ReportEvents,
  type ReportVideoData,
  reportDataSchema,
} from '../../reports/report-data';
import type { ReportingDates } from '../../reports/reporting-dates';
import { reportDaysOf, reportingDatesOfDays } from '../../reports/reporting-view';
import { defaultTimezone, type Timezone } from '../../timezones/timezones';
import { MESSAGES } from '../../validation/messages';
import { ValidationError, validate } from '../../validation/validation-error';
import type { CallContract } from '../call';
import { dashboardCalls } from '../dashboard/client';
import type { Http, QueryValue } from '../http';
import { type CallOutput, readData, send, sendOnly, sendRaw } from '../send';
import { reportsContract } from './contract';
import type { scheduledReportBodySchema } from './requests';

export const REPORT_PATHS = {
  reports: reportsContract.campaignReport.path,
  events: reportsContract.campaignEvents.path,
  videoData: reportsContract.campaignVideoData.path,
  shareReports: reportsContract.shareReport.path,
  shareEvents: reportsContract.shareEvents.path,
  shareVideoData: reportsContract.shareVideoData.path,
  newToken: reportsContract.newToken.path,
  scheduledReport: reportsContract.createScheduledReport.path,
} as const;

export interface ReportRequest {
  /** A campaign id, or a share token (longer than 24 characters) for the public /share calls. */
  campaignID: string;
  /** Live creative ids of a creative report; when given it must not be empty ('No live ids set'). */
  liveIDs?: readonly string[] | undefined;
  dates: ReportingDates;
  /** Defaults to UTC (+00:00). */
  timezone?: Timezone | undefined;
  withVideoData?: boolean | undefined;
  granularity?: ReportGranularity | undefined;
  /** A breakdown of the figures (data.breakdown); none when absent. */
  breakdown?: BreakdownDimension | undefined;
  signal?: AbortSignal | undefined;
}

type Kind = 'reports' | 'events' | 'videoData';

const {
  campaignReport,
  campaignEvents,
  campaignVideoData,
  shareReport,
  shareEvents,
  shareVideoData,
  newToken,
  revokeToken,
  createScheduledReport,
  deleteScheduledReport,
  sendScheduledReport,
} = reportsContract;

/** Each kind's call for a campaign (or a creative's live ids), and for a share token. */
const calls: Record<Kind, { campaign: CallContract; share: CallContract }> = {
  reports: { campaign: campaignReport, share: shareReport },
  events: { campaign: campaignEvents, share: shareEvents },
  videoData: { campaign: campaignVideoData, share: shareVideoData },
};

/** The same request for the period of the same length just before (the KPI comparison). */
export function previousRequest(request: ReportRequest): ReportRequest {
  return {
    ...request,
    dates: reportingDatesOfDays(previousReportPeriod(reportDaysOf(request.dates))),
    granularity: 'day',
  };
}

/**
 * The report with one breakdown (the Breakdown section's tab): the main request's campaign or live
 * ids, range and zone. Its figures do not depend on the unit, so switching by day or by hour keeps it.
 */
export function breakdownRequest(request: ReportRequest, dimension: BreakdownDimension): ReportRequest {
  return { ...request, granularity: 'full', breakdown: dimension };
}

/** The query of a report, event or video call, validated with the schema the server uses. */
export function reportQuery(
  request: ReportRequest,
  type: 'json' | ReportFileFormat = 'json',
): Record<string, QueryValue> {
  if (request.liveIDs !== undefined && request.liveIDs.length === 0) {
    throw new ValidationError([MESSAGES.noLiveIdsSet], request);
  }
  const timezone = request.timezone ?? defaultTimezone;
  const common = {
    start_dt: toApiDateTime(request.dates.start),
    end_dt: toApiDateTime(request.dates.end),
    tzOffset: timezone.offset,
    timezone: timezone.tzCode || undefined,
    type,
    granularity: request.granularity ?? 'full',
    withVideoData: request.withVideoData ?? false,
    liveIDs: request.liveIDs === undefined ? undefined : [...request.liveIDs],
    breakdown: request.breakdown,
  };
  if (isSharedToken(request.campaignID)) {
    const query = validate(shareReport.input, { sharedToken: request.campaignID, ...common });
    return { ...query };
  }
  // A creative report goes by its live ids; a campaign report by the campaign.
  const query = validate(
    campaignReport.input,
    request.liveIDs === undefined ? { campaignID: request.campaignID, ...common } : common,
  );
  return { ...query };
}

export function reportCalls(http: Http, fileUrl: (file: string) => string) {
  const get = (kind: Kind, request: ReportRequest, type: 'json' | ReportFileFormat = 'json') =>
    sendRaw(
      http,
      isSharedToken(request.campaignID) ? calls[kind].share : calls[kind].campaign,
      reportQuery(request, type),
      { signal: request.signal, cancelIsTimeout: true },
    );

  return {
    // The report call answers figures (type json) or a file (csv, xlsx): each method reads the one it asked for.
    /** The report's figures (docs/product.md §7, reports), with its share links and schedules. */
    async getReport(request: ReportRequest): Promise<ReportData> {
      return readData(reportDataSchema, (await get('reports', request)).data);
    },
    async getEvents(request: ReportRequest): Promise<ReportEvents> {
      return readData(campaignEvents.answer, (await get('events', request)).data);
    },
    async getVideoData(request: ReportRequest): Promise<ReportVideoData> {
      return readData(campaignVideoData.answer, (await get('videoData', request)).data);
    },

    /** A csv / xlsx / xlsx-pivot report file; gives its URL under /uploads/. PDF comes from the print dialog. */
    async downloadReport(request: ReportRequest & { format: ReportFileFormat }): Promise<string> {
      const answer = await get('reports', request, request.format);
      const url = fileUrl(readData(reportFileSchema, answer.data).file);
      // A share link's holder proves it to fetch the file.
      return isSharedToken(request.campaignID)
        ? `${url}?${new URLSearchParams({ sharedToken: request.campaignID }).toString()}`
        : url;
    },

    /** POST /v1/campaign/newToken: a public share link of a campaign report (optionally expiring). */
    async newToken(
      payload: { campaignID: string; expiresAt?: string | null | undefined } | null | undefined,
    ): Promise<ReportToken> {
      if (!payload) throw new ValidationError([MESSAGES.noData], payload);
      return send(http, newToken, payload);
    },

    /** DELETE /v1/campaign/newToken?token=: the share link stops working. */
    async revokeToken(token: string): Promise<void> {
      await sendOnly(http, revokeToken, { token });
    },

    async createScheduledReport(
      payload: z.input<typeof scheduledReportBodySchema> | null | undefined,
    ): Promise<ScheduledReport> {
      if (!payload) throw new ValidationError([MESSAGES.noData], payload);
      return send(http, createScheduledReport, payload);
    },

    async deleteScheduledReport(id: string): Promise<void> {
      await sendOnly(http, deleteScheduledReport, { id });
    },

    /** "Send now": the schedule's last complete period, mailed at once. */
    /** Who was mailed the last complete period, and who was not and why. */
    sendScheduledReport: (id: string): Promise<CallOutput<typeof sendScheduledReport>> =>
      send(http, sendScheduledReport, { id }),

    // GET /v1/dashboard, kept here for callers of reportCalls; its own feature is api/dashboard.
    ...dashboardCalls(http),
  };
}
