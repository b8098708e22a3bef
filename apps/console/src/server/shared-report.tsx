// The console's module for the server (docs/console.md, "The share page drawn by the server", "The share
// page read-only until touched" and "Signed-in pages drawn by the server"): a share link's page drawn
// whole as a reader reads it, in the share frame, and a signed-in campaign report, campaign list and
// campaign page in the signed-in frame (server/campaign-report.tsx, campaign-list.tsx,
// campaign-page.tsx), with the components the browser draws (server/drawn-report.tsx).
// The page runs no console code until the reader touches it; the console's drawing, which then replaces
// this one, stands where it stood. Built apart (vite.server.config.ts) into dist-server/shared-report.js,
// which the API loads.
import { renderToString } from 'react-dom/server';
import { ShareFrame } from '../routes/share-frame';
import { STATIC_CHART_WIDTH } from './chart-widths';
import {
  DrawnReport,
  type DrawnReportProps,
  nothing,
  readReport,
  type SharedReportView,
  scalableCharts,
} from './drawn-report';

export { renderCampaignList } from './campaign-list';
export { renderCampaignPage } from './campaign-page';
export { renderCampaignReport } from './campaign-report';
export { renderDashboard } from './dashboard-page';
export type { SharedReportView } from './drawn-report';

/** The first view itself, from a report read as the contract says. */
function SharedReportFirstView(props: DrawnReportProps) {
  return (
    <ShareFrame companyName={props.view.companyName} theme="light" onThemeChange={nothing}>
      <DrawnReport {...props} />
    </ShareFrame>
  );
}

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
      view={{
        ...view,
        chartWidth: view.phone ? STATIC_CHART_WIDTH.share.phone : STATIC_CHART_WIDTH.share.wide,
      }}
    />,
  );
  return scalableCharts(html);
}
