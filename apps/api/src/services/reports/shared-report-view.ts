// The share page's first view (docs/console.md, "The share page drawn by the server"): the report a share
// link's page shows before the reader has chosen anything, read on the server so the page arrives with
// its heading, period and key figures drawn. The page's state comes from its address the way the console
// reads it (the domain's readReportingState, with no stored choice: a reader opening a link from a
// mail), so the report is the one the console would ask for, and the console takes it instead of asking.
import {
  breakdownIsEmptyFor,
  breakdownRequest,
  hourlyAllowed,
  isSharedToken,
  previousReportPeriod,
  previousRequest,
  type ReportData,
  type ReportRequest,
  readReportingState,
  reportDaysOf,
  reportingQueryOf,
  reportingSearch,
  reportQuery,
  type SharedReportAnswer,
  type SharedReportBlock,
  type ShareReportsQuery,
} from '@adconsole/domain';
import type { Context } from '../../context';
import { publicConfigOf } from '../system/public-config';
import { sharedReport } from './report';

/** What the console's server module draws (its SharedReportView), with the block the console reads. */
export interface SharedReportFirstView {
  view: {
    report: unknown;
    /** The creative whose page it is; none for the summary. */
    creative: { id: string; name: string } | undefined;
    /** The campaign's creatives, the menu's links. */
    menuCreatives: { id: string; name: string; type: string }[];
    /** The period before's report (the tiles' changes), when it was read. */
    previous: unknown;
    /** The breakdown tab's report, when it was read. */
    breakdownReport: unknown;
    /** The page's clock, ISO: the menu's presets come from it. */
    now: string;
    companyName: string;
    locale: string | undefined;
    basePath: string;
    search: string;
    zoneLabel: string;
    unit: 'day' | 'hour';
    hourlyAllowed: boolean;
    breakdown: string;
    previousDays: { start: string; end: string };
  };
  block: SharedReportBlock;
}

/** The reader's first language, when Intl knows it (numbers are written in it, as the browser would). */
function readerLocale(acceptLanguage: string | undefined): string | undefined {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || first === '*') return undefined;
  try {
    return Intl.NumberFormat.supportedLocalesOf([first])[0];
  } catch {
    return undefined;
  }
}

/** A report call of the page: its answer as it travels, and the report it read. */
type Read = { answer: SharedReportAnswer; report: ReportData };

/** How the page's report calls are answered: the share report call's, or the signed-in owner's. */
export type ReportReader = (query: ReturnType<typeof reportQuery>) => Promise<ReportData | { file: string }>;

/** One report call of the page, as the console would make it; undefined when it fails. */
async function readReport(read: ReportReader, request: ReportRequest): Promise<Read | undefined> {
  try {
    const query = reportQuery(request);
    const report = await read(query);
    if ('file' in report) return undefined;
    // As the call's answer travels: what the console reads is JSON.
    return { answer: { query, data: JSON.parse(JSON.stringify(report)) as unknown }, report };
  } catch {
    return undefined;
  }
}

/**
 * The first view of `/share/{token}?{query}`, or of a creative's page of it
 * (`/share/{token}/creative/{creativeID}`, read by the creative's live ids as the console reads it):
 * undefined for a token that is no share link's, a query the report call refuses, a creative the
 * campaign's report does not list or that has no live ids, or a link that no longer works (the console
 * then says so itself).
 */
export async function sharedReportFirstView(
  ctx: Context,
  page: {
    token: string;
    creativeID?: string | undefined;
    query: URLSearchParams;
    acceptLanguage?: string | undefined;
  },
  now: Date = new Date(),
): Promise<SharedReportFirstView | undefined> {
  if (!isSharedToken(page.token)) return undefined;
  return reportFirstView(
    ctx,
    (query) => sharedReport(ctx, query as ShareReportsQuery),
    { ...page, campaignID: page.token, basePath: `/share/${page.token}`, campaignTimezone: undefined },
    now,
  );
}

/**
 * A report page's first view: the report the page shows first (its state read from the address as the
 * console reads it, with no stored choice, in `campaignTimezone` when the address names no zone), the
 * period before and the breakdown's tab, each read by `read`; undefined when the first report is refused
 * or a creative's page names a creative the report does not list or one without live ids.
 */
export async function reportFirstView(
  ctx: Context,
  read: ReportReader,
  page: {
    campaignID: string;
    creativeID?: string | undefined;
    query: URLSearchParams;
    acceptLanguage?: string | undefined;
    basePath: string;
    campaignTimezone: string | undefined;
  },
  now: Date,
): Promise<SharedReportFirstView | undefined> {
  const state = readReportingState(reportingQueryOf(page.query), {}, now, page.campaignTimezone);
  const request: ReportRequest = {
    campaignID: page.campaignID,
    dates: state.dates,
    timezone: state.timezone,
    granularity: state.unit,
    withVideoData: true,
  };
  const summary = await readReport(read, request);
  if (!summary) return undefined;
  // A creative's page: its report by its live ids, as the console asks for it once the summary is in.
  const creative = page.creativeID
    ? summary.report.creatives.find((entry) => entry.id === page.creativeID)
    : undefined;
  if (page.creativeID && (!creative || creative.liveIDs.length === 0)) return undefined;
  const mainRequest: ReportRequest = creative ? { ...request, liveIDs: creative.liveIDs } : request;
  const main = creative ? await readReport(read, mainRequest) : summary;
  if (!main) return undefined;
  // The page's other calls, as the console makes them once the figures are in: the period before, and
  // the breakdown's tab when there is something to break down. A failure leaves that part to the console.
  const [previous, breakdownReport] = await Promise.all([
    readReport(read, previousRequest(mainRequest)),
    main.report.creatives.length > 0 && !breakdownIsEmptyFor(main.report.totals)
      ? readReport(read, breakdownRequest(mainRequest, state.breakdown))
      : undefined,
  ]);
  return {
    view: {
      report: main.answer.data,
      creative: creative ? { id: creative.id, name: creative.name } : undefined,
      menuCreatives: summary.report.creatives.map(({ id, name, type }) => ({ id, name, type })),
      previous: previous?.answer.data,
      breakdownReport: breakdownReport?.answer.data,
      now: now.toISOString(),
      companyName: publicConfigOf(ctx.config).companyName,
      locale: readerLocale(page.acceptLanguage),
      basePath: page.basePath,
      search: `?${new URLSearchParams(reportingSearch(state)).toString()}`,
      zoneLabel: state.timezone.label,
      unit: state.unit,
      hourlyAllowed: hourlyAllowed(state.dates),
      breakdown: state.breakdown,
      previousDays: previousReportPeriod(reportDaysOf(state.dates)),
    },
    block: {
      ...summary.answer,
      related: [creative ? main : undefined, previous, breakdownReport].flatMap((read) =>
        read ? [read.answer] : [],
      ),
    },
  };
}
