// A signed-in campaign report drawn by the server (docs/console.md, "Signed-in pages drawn by the
// server"): `/campaigns/{id}/reporting` opened by its address arrives drawn in the signed-in frame (the
// side menu by role, the trail, the bell with the open alerts, the user's name) around the report and the
// owner's menu (share links and schedules), so a phone reads it before any console code has run. The
// console, started by the reader's first touch, replaces it where it stood.
import { flightReportingDates } from '@adconsole/domain';
import { Button } from '@adconsole/ui';
import { renderToString } from 'react-dom/server';
import { STATIC_CHART_WIDTH } from './chart-widths';
import { DrawnFrame, type DrawnFrameView } from './drawn-frame';
import { DrawnReport, nothing, readReport, type SharedReportView, scalableCharts } from './drawn-report';

export interface CampaignReportView extends SharedReportView, DrawnFrameView {
  campaign: {
    id: string;
    name: string;
    creatives: { id: string; name: string }[];
    /** The flight's first and last days (YYYY-MM-DD), the menu's preset. */
    start?: string | undefined;
    end?: string | undefined;
  };
}

const asyncNothing = async () => {};

/** The page's view as HTML, or undefined when the report does not read as the contract says. */
export function renderCampaignReport({
  report,
  previous,
  breakdownReport,
  campaign,
  ...view
}: CampaignReportView): string | undefined {
  const parsed = readReport(report);
  if (!parsed) return undefined;
  const now = view.now ? new Date(view.now) : new Date();
  const pathname = `${view.basePath}${view.creative ? `/creative/${view.creative.id}` : ''}`;
  const html = renderToString(
    <DrawnFrame view={view} pathname={pathname} campaign={campaign}>
      <DrawnReport
        report={parsed}
        previous={readReport(previous)}
        breakdown={readReport(breakdownReport)?.breakdown ?? undefined}
        view={{
          ...view,
          chartWidth: view.phone ? STATIC_CHART_WIDTH.signedIn.phone : STATIC_CHART_WIDTH.signedIn.wide,
        }}
        flight={flightReportingDates({ start: campaign.start, end: campaign.end }, now) ?? undefined}
        owner={{
          campaignID: campaign.id,
          shareLinks: { tokens: parsed.reportToken ?? [], onCreate: nothing, onRevoke: nothing },
          schedules: parsed.scheduledReports ?? [],
          onSchedule: asyncNothing,
          onDeleteSchedule: asyncNothing,
          onSendNow: asyncNothing,
        }}
        emptyAction={
          <Button asChild variant="secondary">
            <a href={`/campaigns/${campaign.id}`}>Open the campaign</a>
          </Button>
        }
      />
    </DrawnFrame>,
  );
  return scalableCharts(html);
}
