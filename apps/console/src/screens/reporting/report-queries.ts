// Server state of the reporting screens (TanStack Query), all through the domain's API client. A
// report is cached per campaign (or share link), range, zone, unit, live ids and breakdown, and reused
// for under 3600 s (docs/product.md §4); the Breakdown section asks only its chosen dimension, each
// cached apart under the same rule; share links and schedules are campaign-wide, so a change to them is written
// into every cached report of the campaign instead of fetching the figures again.
import {
  type Breakdown,
  type BreakdownDimension,
  breakdownRequest,
  type NewTokenRequest,
  REPORT_CACHE_SECONDS,
  type ReportData,
  type ReportFileFormat,
  type ReportingState,
  type ReportRequest,
  type ReportToken,
  reportCacheKey,
  reportCalls,
  reportDataSchema,
  reportErrorNotification,
  reportQuery,
  type ScheduledReport,
  type ScheduledReportBodyInput,
} from '@adconsole/domain';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiFileUrl, areaCalls } from '../../lib/api';
import { showNotification } from '../../lib/notify';
import { takeServerAnswer } from '../../lib/server-view';

const reportsApi = areaCalls((http) => reportCalls(http, apiFileUrl));

/** Whose report: a campaign (signed in) or a share link's campaign (anyone with the link). */
export type ReportSource = { kind: 'campaign'; campaignID: string } | { kind: 'share'; token: string };

/** The campaign id or the share token: what the domain's report calls take as `campaignID`. */
const sourceId = (source: ReportSource) => (source.kind === 'campaign' ? source.campaignID : source.token);

/** Reports are reused for under this long (the domain's rule, docs/product.md §4). */
const REPORT_CACHE_MS = REPORT_CACHE_SECONDS * 1000;

export const reportKeys = {
  /** Every cached report of a campaign or share link. */
  of: (id: string) => ['reports', id] as const,
  report: (request: ReportRequest) =>
    [
      'reports',
      request.campaignID,
      reportCacheKey({
        campaignID: request.campaignID,
        start: request.dates.start,
        end: request.dates.end,
        // New York and Bogota share an offset in winter, not their days in summer: the zone is the key.
        zone: `${request.timezone?.offset ?? '+00:00'} ${request.timezone?.tzCode ?? ''}`,
        liveIDs: request.liveIDs,
        breakdown: request.breakdown,
      }),
      request.granularity ?? 'full',
      request.withVideoData ?? false,
    ] as const,
};

/** What the page asks for: every figure of the state's range, video included, by its unit. */
export function reportRequest(
  source: ReportSource,
  state: ReportingState,
  liveIDs?: readonly string[],
): ReportRequest {
  return {
    campaignID: sourceId(source),
    liveIDs,
    dates: state.dates,
    timezone: state.timezone,
    granularity: state.unit,
    withVideoData: true,
  };
}

/**
 * A report's query. `cancel` (from useReport) aborts the request on the user's behalf; the domain's
 * client then fails it with 'Request timed out' (docs/product.md §8), which the page shows.
 */
export const reportQueryOptions = (
  client: Pick<ReturnType<typeof reportCalls>, 'getReport'>,
  request: ReportRequest,
  cancels?: Map<string, AbortController>,
) =>
  queryOptions({
    queryKey: reportKeys.report(request),
    queryFn: async ({ signal, queryKey }) => {
      const controller = new AbortController();
      const key = JSON.stringify(queryKey);
      cancels?.set(key, controller);
      signal.addEventListener('abort', () => controller.abort(signal.reason));
      try {
        return await client.getReport({ ...request, signal: controller.signal });
      } finally {
        if (cancels?.get(key) === controller) cancels.delete(key);
      }
    },
    staleTime: REPORT_CACHE_MS,
    gcTime: REPORT_CACHE_MS,
    // A refused report (no live ids, a revoked link) will not change by asking again.
    retry: false,
  });

/**
 * The report the server drew on a share page or a signed-in report (lib/server-view.ts), when it is this
 * request's, read as an answer is: the page draws it at once instead of asking for it again.
 */
function serverReport(request: ReportRequest | undefined): ReportData | undefined {
  if (!request) return undefined;
  const data = takeServerAnswer(reportQuery(request));
  if (data === undefined) return undefined;
  const parsed = reportDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** A report, cancellable while it loads. */
export function useReport(request: ReportRequest | undefined) {
  const cancels = useRef(new Map<string, AbortController>()).current;
  const query = useQuery({
    ...reportQueryOptions(
      reportsApi(),
      request ?? { campaignID: '', dates: { start: new Date(0), end: new Date(0) } },
      cancels,
    ),
    initialData: () => serverReport(request),
    enabled: request !== undefined,
  });
  const cancel = () => {
    for (const controller of cancels.values()) controller.abort();
  };
  return { ...query, cancel };
}

/**
 * The chosen tab's breakdown, asked once its report is in (`request` undefined until then), so the
 * figures never wait for it; every other dimension is asked only when its tab is chosen.
 */
export function useBreakdown(request: ReportRequest | undefined, dimension: BreakdownDimension) {
  const asked = request ? breakdownRequest(request, dimension) : undefined;
  return useQuery({
    ...reportQueryOptions(
      reportsApi(),
      asked ?? { campaignID: '', dates: { start: new Date(0), end: new Date(0) } },
    ),
    initialData: () => serverReport(asked),
    enabled: asked !== undefined,
    select: (report: ReportData): Breakdown | null => report.breakdown ?? null,
  });
}

/** Writes a change of the campaign's share links or schedules into every cached report of it. */
function patchReports(queryClient: QueryClient, id: string, change: (report: ReportData) => ReportData) {
  queryClient.setQueriesData<ReportData>({ queryKey: reportKeys.of(id) }, (report) =>
    report ? change(report) : report,
  );
}

/** Reports that failed to download or share: the 'Error!' notification for 10000 ms of docs/product.md §8. */
const notifyReportError = () => showNotification(reportErrorNotification());

export function useShareLinks(campaignID: string) {
  const queryClient = useQueryClient();
  return {
    create: useMutation({
      mutationFn: (link: Omit<NewTokenRequest, 'campaignID'>) =>
        reportsApi().newToken({ campaignID, ...link }),
      onSuccess: (token: ReportToken) =>
        patchReports(queryClient, campaignID, (report) => ({
          ...report,
          reportToken: [token, ...report.reportToken.filter((known) => known.token !== token.token)],
        })),
      onError: notifyReportError,
    }),
    revoke: useMutation({
      mutationFn: (token: string) => reportsApi().revokeToken(token),
      onSuccess: (_nothing, token) =>
        patchReports(queryClient, campaignID, (report) => ({
          ...report,
          reportToken: report.reportToken.filter((known) => known.token !== token),
        })),
      onError: notifyReportError,
    }),
  };
}

export function useSchedules(campaignID: string) {
  const queryClient = useQueryClient();
  const patch = (change: (schedules: ScheduledReport[]) => ScheduledReport[]) =>
    patchReports(queryClient, campaignID, (report) => ({
      ...report,
      scheduledReports: change(report.scheduledReports),
    }));
  return {
    create: useMutation({
      mutationFn: (body: ScheduledReportBodyInput) => reportsApi().createScheduledReport(body),
      onSuccess: (schedule) => patch((schedules) => [...schedules, schedule]),
    }),
    remove: useMutation({
      mutationFn: (id: string) => reportsApi().deleteScheduledReport(id),
      onSuccess: (_nothing, id) => patch((schedules) => schedules.filter((schedule) => schedule.id !== id)),
    }),
    sendNow: useMutation({ mutationFn: (id: string) => reportsApi().sendScheduledReport(id) }),
  };
}

/**
 * Downloads a csv / xlsx / xlsx-pivot file of the report: the browser saves it from /uploads/. With a
 * breakdown the file carries it (the CSV's last table, the XLSX's sheet, the pivot's row field).
 */
export async function downloadReport(
  request: ReportRequest,
  format: ReportFileFormat,
  withVideo: boolean,
  breakdown?: BreakdownDimension,
) {
  try {
    const url = await reportsApi().downloadReport({
      ...request,
      format,
      withVideoData: withVideo,
      breakdown,
    });
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } catch {
    // The notification is the answer (docs/product.md §8); the form's button leaves its loading state.
    notifyReportError();
  }
}
