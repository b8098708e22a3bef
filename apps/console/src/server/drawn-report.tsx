// The report as the server draws it (docs/console.md, "The share page drawn by the server" and "The
// signed-in report drawn by the server"): the reporting menu beside the report on a wide screen, the bar
// that opens it on a phone, the tiles with their changes, every chart as static SVG at a width given,
// every table, the breakdown's tab; for the campaign's owner the menu's share links and schedules too.
// The share page's frame (server/shared-report.tsx) and the signed-in frame (server/campaign-report.tsx)
// stand around it.
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
import type { ReactNode } from 'react';
import { loadAllReportCode } from '../screens/reporting/report-code';
import { ReportView } from '../screens/reporting/report-view';
import { ReportingBar } from '../screens/reporting/reporting-bar';
import { ReportingLayout } from '../screens/reporting/reporting-layout';
import { ReportingMenu, type ReportingMenuProps } from '../screens/reporting/reporting-menu';

export interface SharedReportView {
  /** The report call's answer data, as it goes over the wire: the summary's, or the creative's. */
  report: unknown;
  /** The creative whose page it is (`…/creative/{id}`); none for the summary. */
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
  /** The page's path (`/share/{token}`, `/campaigns/{id}/reporting`) and the query naming its state. */
  basePath: string;
  search: string;
  zoneLabel: string;
  unit: ReportUnit;
  hourlyAllowed: boolean;
  breakdown: BreakdownDimension;
  /** The days the previous period covers, named under the tiles. */
  previousDays: { start: string; end: string };
}

export const nothing = () => {};

// The charts' and the tables' code, there before the first page is drawn (the browser fetches each when
// the reader comes near it; the server draws every section).
await loadAllReportCode();

export type DrawnReportProps = {
  report: ReportData;
  previous: ReportData | undefined;
  breakdown: Breakdown | undefined;
  view: Omit<SharedReportView, 'report' | 'previous' | 'breakdownReport'> & { chartWidth: number };
  /** The owner's part of the menu (share links, schedules); none on a share page. */
  owner?: ReportingMenuProps['owner'];
  /** The campaign's flight, the menu's preset; none on a share page. */
  flight?: ReportingMenuProps['flight'];
  /** What an empty report offers (the owner's: open the campaign). */
  emptyAction?: ReactNode;
};

/** The report and its menu, from a report read as the contract says. */
export function DrawnReport({
  report,
  previous,
  breakdown,
  view,
  owner,
  flight,
  emptyAction,
}: DrawnReportProps) {
  const nothingToBreakDown = breakdownIsEmptyFor(report.totals);
  const now = view.now ? new Date(view.now) : new Date();
  const state = readReportingState(reportingQueryOf(new URLSearchParams(view.search)), {}, now);
  const creativeHref = (creative: { id: string }) => `${view.basePath}/creative/${creative.id}${view.search}`;
  return (
    <ReportingLayout
      rail={
        <ReportingMenu
          state={state}
          onChange={nothing}
          now={now}
          flight={flight}
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
          owner={owner}
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
            <ReportingBar menu={null} sharing={owner !== undefined} />
          </div>
        }
        unit={view.unit}
        onUnitChange={nothing}
        hourlyAllowed={view.hourlyAllowed}
        scope={view.creative ? 'creative' : 'campaign'}
        creativeHref={creativeHref}
        renderLink={renderAnchor}
        emptyAction={emptyAction}
        breakdown={{
          dimension: view.breakdown,
          onDimensionChange: nothing,
          status: nothingToBreakDown || breakdown ? 'ready' : 'loading',
          breakdown: nothingToBreakDown ? breakdownOf(view.breakdown, []) : breakdown,
          onRetry: nothing,
        }}
        staticChartWidth={view.chartWidth}
        locale={view.locale}
      />
    </ReportingLayout>
  );
}

/** A report read as the contract says, or undefined. */
export const readReport = (data: unknown): ReportData | undefined => {
  if (data === undefined) return undefined;
  const parsed = reportDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};

/**
 * A chart's SVG scales with the box the stylesheet gives it: it gets `data-scaled`, which the stylesheet
 * reads, and the viewBox that makes the drawing follow the box when it has none (nivo writes only its
 * width and height). An icon or a legend's swatch (under 100 px wide) is left alone.
 */
export const scalableCharts = (html: string): string =>
  html.replace(/<svg\b[^>]*>/g, (tag) => {
    const width = /\swidth="(\d+(?:\.\d+)?)"/.exec(tag)?.[1];
    const height = /\sheight="(\d+(?:\.\d+)?)"/.exec(tag)?.[1];
    if (!width || !height || Number(width) < 100) return tag;
    const viewBox = /\sviewBox=/.test(tag) ? '' : ` viewBox="0 0 ${width} ${height}"`;
    return `<svg${viewBox} data-scaled=""${tag.slice('<svg'.length)}`;
  });
