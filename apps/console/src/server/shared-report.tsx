// The share page's first view, drawn by the server (docs/console.md, "The share page drawn by the
// server"): the frame, the report's heading, period and key figures, with the placeholders the console
// draws beneath them while the charts' code arrives. Built apart (vite.server.config.ts) into
// dist-server/shared-report.js, which the API loads; the components are the ones the browser draws, with
// the props the reporting page gives them once the figures are in, so the console's own drawing, which
// replaces this one, stands where this one stood.
import {
  type BreakdownDimension,
  breakdownIsEmptyFor,
  breakdownOf,
  type ReportData,
  type ReportUnit,
  reportDataSchema,
  reportHasVideo,
} from '@adconsole/domain';
import { renderAnchor, Skeleton } from '@adconsole/ui';
import { renderToString } from 'react-dom/server';
import { ShareFrame } from '../routes/share-frame';
import { ReportView } from '../screens/reporting/report-view';
import { ReportingBar } from '../screens/reporting/reporting-bar';
import { ReportingLayout } from '../screens/reporting/reporting-layout';

export interface SharedReportView {
  /** The share report call's answer data, as it goes over the wire. */
  report: unknown;
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

const nothing = () => {};

/** The first view itself, from a report read as the contract says. */
function SharedReportFirstView({
  report,
  view,
}: {
  report: ReportData;
  view: Omit<SharedReportView, 'report'>;
}) {
  const nothingToBreakDown = breakdownIsEmptyFor(report.totals);
  return (
    <ShareFrame companyName={view.companyName} theme="light" onThemeChange={nothing}>
      <ReportingLayout rail={<Skeleton className="h-96" />} railOnWideScreensOnly>
        <ReportView
          status="ready"
          report={report}
          previousLoading
          previousDays={view.previousDays}
          expectVideo={reportHasVideo(report)}
          title="Campaign summary"
          zoneLabel={view.zoneLabel}
          controls={
            <div className="lg:hidden">
              <ReportingBar menu={null} />
            </div>
          }
          unit={view.unit}
          onUnitChange={nothing}
          hourlyAllowed={view.hourlyAllowed}
          scope="campaign"
          creativeHref={(creative) => `${view.basePath}/creative/${creative.id}${view.search}`}
          renderLink={renderAnchor}
          breakdown={{
            dimension: view.breakdown,
            onDimensionChange: nothing,
            status: nothingToBreakDown ? 'ready' : 'loading',
            breakdown: nothingToBreakDown ? breakdownOf(view.breakdown, []) : undefined,
            onRetry: nothing,
          }}
          deferOffscreen
          locale={view.locale}
        />
      </ReportingLayout>
    </ShareFrame>
  );
}

/** The page's first view as HTML, or undefined when the report does not read as the contract says. */
export function renderSharedReport({ report, ...view }: SharedReportView): string | undefined {
  const parsed = reportDataSchema.safeParse(report);
  return parsed.success
    ? renderToString(<SharedReportFirstView report={parsed.data} view={view} />)
    : undefined;
}
