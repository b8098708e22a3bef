// Reporting calls of docs/product.md §7: reports, events, video data (with /share variants for share
// tokens), share links, scheduled reports and downloads.
import type { z } from 'zod';
import type { ReportFileFormat } from '../../constants';
import {
  type ReportToken,
  reportFileSchema,
  reportTokenSchema,
  type ScheduledReport,
  scheduledReportSchema,
} from '../../entities/report';
import type { ReportGranularity } from '../../entities/report-data';
import {
  type ReportData,
  type ReportEvents,
  type ReportVideoData,
  reportDataSchema,
} from '../../entities/report-data';
import type { BreakdownDimension } from '../../reports/breakdown';
import { toApiDateTime } from '../../rules/dates';
import { isSharedToken } from '../../rules/ids';
import type { ReportingDates } from '../../rules/reporting-dates';
import { defaultTimezone, type Timezone } from '../../timezones/timezones';
import { MESSAGES } from '../../validation/messages';
import { ValidationError, validate } from '../../validation/validation-error';
import { idQuerySchema } from '../common/requests';
import { dashboardCalls } from '../dashboard/client';
import type { Http, QueryValue } from '../http';
import { readData } from '../responses';
import { reportsContract as contract } from './contract';
import {
  newTokenRequestSchema,
  reportsQuerySchema,
  revokeTokenQuerySchema,
  scheduledReportBodySchema,
  sendScheduledReportSchema,
  shareReportsQuerySchema,
} from './requests';

export const REPORT_PATHS = {
  reports: contract.campaignReport.path,
  events: contract.campaignEvents.path,
  videoData: contract.campaignVideoData.path,
  shareReports: contract.shareReport.path,
  shareEvents: contract.shareEvents.path,
  shareVideoData: contract.shareVideoData.path,
  newToken: contract.newToken.path,
  scheduledReport: contract.createScheduledReport.path,
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

const sharePath: Record<Kind, string> = {
  reports: REPORT_PATHS.shareReports,
  events: REPORT_PATHS.shareEvents,
  videoData: REPORT_PATHS.shareVideoData,
};

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
    const query = validate(shareReportsQuerySchema, { sharedToken: request.campaignID, ...common });
    return { ...query };
  }
  // A creative report goes by its live ids; a campaign report by the campaign.
  const query = validate(
    reportsQuerySchema,
    request.liveIDs === undefined ? { campaignID: request.campaignID, ...common } : common,
  );
  return { ...query };
}

export function reportCalls(http: Http, fileUrl: (file: string) => string) {
  const get = (kind: Kind, request: ReportRequest, type: 'json' | ReportFileFormat = 'json') =>
    http({
      method: 'GET',
      path: isSharedToken(request.campaignID) ? sharePath[kind] : REPORT_PATHS[kind],
      query: reportQuery(request, type),
      signal: request.signal,
      cancelIsTimeout: true,
    });

  return {
    /** The report's figures (spec: reports), with its share links and schedules. */
    async getReport(request: ReportRequest): Promise<ReportData> {
      return readData(reportDataSchema, (await get('reports', request)).data);
    },
    async getEvents(request: ReportRequest): Promise<ReportEvents> {
      return readData(contract.campaignEvents.answer, (await get('events', request)).data);
    },
    async getVideoData(request: ReportRequest): Promise<ReportVideoData> {
      return readData(contract.campaignVideoData.answer, (await get('videoData', request)).data);
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
      const body = validate(newTokenRequestSchema, payload);
      return readData(
        reportTokenSchema,
        (await http({ method: 'POST', path: REPORT_PATHS.newToken, json: body })).data,
      );
    },

    /** DELETE /v1/campaign/newToken?token=: the share link stops working. */
    async revokeToken(token: string): Promise<void> {
      const query = validate(revokeTokenQuerySchema, { token });
      await http({ method: 'DELETE', path: REPORT_PATHS.newToken, query });
    },

    async createScheduledReport(
      payload: z.input<typeof scheduledReportBodySchema> | null | undefined,
    ): Promise<ScheduledReport> {
      if (!payload) throw new ValidationError([MESSAGES.noData], payload);
      const body = validate(scheduledReportBodySchema, payload);
      const answer = await http({ method: 'POST', path: REPORT_PATHS.scheduledReport, json: body });
      return readData(scheduledReportSchema, answer.data);
    },

    async deleteScheduledReport(id: string): Promise<void> {
      const query = validate(idQuerySchema, { id });
      await http({ method: 'DELETE', path: REPORT_PATHS.scheduledReport, query });
    },

    /** "Send now": the schedule's last complete period, mailed at once. */
    async sendScheduledReport(id: string): Promise<{ start: string; end: string; recipients: string[] }> {
      const body = validate(sendScheduledReportSchema, { id });
      const answer = await http({ method: 'POST', path: contract.sendScheduledReport.path, json: body });
      return readData(contract.sendScheduledReport.answer, answer.data);
    },

    // GET /v1/dashboard, kept here for callers of reportCalls; its own feature is api/dashboard.
    ...dashboardCalls(http),
  };
}
