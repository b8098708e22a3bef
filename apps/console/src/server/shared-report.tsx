// The share page drawn by the server (docs/console.md, "The share page drawn by the server" and "The
// share page read-only until touched"): the whole report as a reader reads it, with the components the
// browser draws (the frame, the reporting menu beside it on a wide screen, the bar that opens it on a
// phone, the tiles with their changes, every chart as static SVG, every table, the breakdown's tab). The
// page runs no console code until the reader touches it; the console's drawing, which then replaces
// this one, stands where it stood. Built apart (vite.server.config.ts) into dist-server/shared-report.js,
// which the API loads.
import { breakdownNoun } from '@adconsole/charts';
import {
  type Breakdown,
  type BreakdownDimension,
  breakdownIsEmptyFor,
  breakdownOf,
  type ReportData,
  type ReportUnit,
  readReportingState,
  reportDataSchema,
  reportHasVideo,
  reportingQueryOf,
} from '@adconsole/domain';
import { renderAnchor } from '@adconsole/ui';
import { renderToString } from 'react-dom/server';
import { ShareFrame } from '../routes/share-frame';
import { loadAllReportCode } from '../screens/reporting/report-code';
import { ReportView } from '../screens/reporting/report-view';
import { ReportingBar } from '../screens/reporting/reporting-bar';
import { ReportingLayout } from '../screens/reporting/reporting-layout';
import { ReportingMenu } from '../screens/reporting/reporting-menu';

export interface SharedReportView {
  /** The share report call's answer data, as it goes over the wire: the summary's, or the creative's. */
  report: unknown;
  /** The creative whose page it is (`/share/{token}/creative/{id}`); none for the summary. */
  creative?: { id: string; name: string } | undefined;
  /** The campaign's creatives, the menu's links (the summary's own when not given). */
  menuCreatives?: readonly { id: string; name: string; type: string }[] | undefined;
  /** The period before's report (the tiles' changes), when the server read it. */
  previous?: unknown;
  /** The breakdown tab's report, when the server read it. */
  breakdownReport?: unknown;
  /** The page's clock, ISO (the menu's presets). */
  now?: string | undefined;
  /** The reader's device as its user agent says: a phone's charts are drawn at a phone's width. */
  phone?: boolean | undefined;
  companyName: string;
  /** The reader's language (Accept-Language), for numbers. */
  locale?: string | undefined;
  /** The page's path (`/share/{token}`) and the query that names its state. */
  basePath: string;
  search: string;
  zoneLabel: string;
  unit: ReportUnit;
  hourlyAllowed: boolean;
  breakdown: BreakdownDimension;
  /** The days the previous period covers, named under the tiles. */
  previousDays: { start: string; end: string };
}

/**
 * The charts' widths in the server's drawing, the widths of a chart's card inside on a 390 px phone and
 * beside the menu in a 1440 px window; the stylesheet fits either to the card it is in.
 */
const STATIC_CHART_WIDTH = { phone: 318, wide: 1046 } as const;

const nothing = () => {};

// The charts' and the tables' code, there before the first page is drawn (the browser fetches each when
// the reader comes near it; the server draws every section).
await loadAllReportCode();

/** The first view itself, from a report read as the contract says. */
function SharedReportFirstView({
  report,
  previous,
  breakdown,
  view,
}: {
  report: ReportData;
  previous: ReportData | undefined;
  breakdown: Breakdown | undefined;
  view: Omit<SharedReportView, 'report' | 'previous' | 'breakdownReport'>;
}) {
  const nothingToBreakDown = breakdownIsEmptyFor(report.totals);
  const now = view.now ? new Date(view.now) : new Date();
  const state = readReportingState(reportingQueryOf(new URLSearchParams(view.search)), {}, now);
  const creativeHref = (creative: { id: string }) => `${view.basePath}/creative/${creative.id}${view.search}`;
  return (
    <ShareFrame companyName={view.companyName} theme="light" onThemeChange={nothing}>
      <ReportingLayout
        rail={
          <ReportingMenu
            state={state}
            onChange={nothing}
            now={now}
            summaryHref={`${view.basePath}${view.search}`}
            creatives={(view.menuCreatives ?? report.creatives).map((creative) => ({
              id: creative.id,
              name: creative.name,
              type: creative.type,
              href: creativeHref(creative),
            }))}
            activeCreativeID={view.creative?.id}
            onExport={nothing}
            breakdownLabel={breakdownNoun(view.breakdown)}
            renderLink={renderAnchor}
            locale={view.locale}
          />
        }
        railOnWideScreensOnly
      >
        <ReportView
          status="ready"
          report={report}
          previous={previous?.totals}
          previousLoading={previous === undefined}
          previousDays={view.previousDays}
          expectVideo={reportHasVideo(report)}
          title={view.creative?.name ?? 'Campaign summary'}
          zoneLabel={view.zoneLabel}
          controls={
            <div className="lg:hidden">
              <ReportingBar menu={null} />
            </div>
          }
          unit={view.unit}
          onUnitChange={nothing}
          hourlyAllowed={view.hourlyAllowed}
          scope={view.creative ? 'creative' : 'campaign'}
          creativeHref={creativeHref}
          renderLink={renderAnchor}
          breakdown={{
            dimension: view.breakdown,
            onDimensionChange: nothing,
            status: nothingToBreakDown || breakdown ? 'ready' : 'loading',
            breakdown: nothingToBreakDown ? breakdownOf(view.breakdown, []) : breakdown,
            onRetry: nothing,
          }}
          staticChartWidth={view.phone ? STATIC_CHART_WIDTH.phone : STATIC_CHART_WIDTH.wide}
          locale={view.locale}
        />
      </ReportingLayout>
    </ShareFrame>
  );
}

/** A report read as the contract says, or undefined. */
const readReport = (data: unknown): ReportData | undefined => {
  if (data === undefined) return undefined;
  const parsed = reportDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};

/**
 * A chart's SVG scales with the box the stylesheet gives it: it gets `data-scaled`, which the stylesheet
 * reads, and the viewBox that makes the drawing follow the box when it has none (nivo writes only its
 * width and height). An icon or a legend's swatch (under 100 px wide) is left alone.
 */
const scalableCharts = (html: string): string =>
  html.replace(/<svg\b[^>]*>/g, (tag) => {
    const width = /\swidth="(\d+(?:\.\d+)?)"/.exec(tag)?.[1];
    const height = /\sheight="(\d+(?:\.\d+)?)"/.exec(tag)?.[1];
    if (!width || !height || Number(width) < 100) return tag;
    const viewBox = /\sviewBox=/.test(tag) ? '' : ` viewBox="0 0 ${width} ${height}"`;
    return `<svg${viewBox} data-scaled=""${tag.slice('<svg'.length)}`;
  });

/** The page's view as HTML, or undefined when the report does not read as the contract says. */
export function renderSharedReport({
  report,
  previous,
  breakdownReport,
  ...view
}: SharedReportView): string | undefined {
  const parsed = readReport(report);
  if (!parsed) return undefined;
  const html = renderToString(
    <SharedReportFirstView
      report={parsed}
      previous={readReport(previous)}
      breakdown={readReport(breakdownReport)?.breakdown ?? undefined}
      view={view}
    />,
  );
  return scalableCharts(html);
}
