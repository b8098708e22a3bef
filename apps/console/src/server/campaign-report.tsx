// A signed-in campaign report drawn by the server (docs/console.md, "The signed-in report drawn by the
// server"): `/campaigns/{id}/reporting` opened by its address arrives drawn in the signed-in frame (the
// side menu by role, the trail, the bell with the open alerts, the user's name) around the report and the
// owner's menu (share links and schedules), so a phone reads it before any console code has run. The
// console, started by the reader's first touch, replaces it where it stood.
import { type Alert, flightReportingDates, type UserRole } from '@adconsole/domain';
import { Breadcrumbs, Button, renderAnchor } from '@adconsole/ui';
import { renderToString } from 'react-dom/server';
import { AppFrame } from '../routes/app-frame';
import { pageCrumbs } from '../routes/breadcrumbs';
import { AlertBell } from '../screens/alerts/alert-bell';
import { STATIC_CHART_WIDTH } from './chart-widths';
import { DrawnReport, nothing, readReport, type SharedReportView, scalableCharts } from './drawn-report';

export interface CampaignReportView extends SharedReportView {
  campaign: {
    id: string;
    name: string;
    creatives: { id: string; name: string }[];
    /** The flight's first and last days (YYYY-MM-DD), the menu's preset. */
    start?: string | undefined;
    end?: string | undefined;
  };
  /** The bell's open alerts, as the alerts call answers them. */
  alerts: readonly unknown[];
  user: { role: UserRole; name: string };
}

const asyncNothing = async () => {};

/** The page's view as HTML, or undefined when the report does not read as the contract says. */
export function renderCampaignReport({
  report,
  previous,
  breakdownReport,
  campaign,
  alerts,
  user,
  ...view
}: CampaignReportView): string | undefined {
  const parsed = readReport(report);
  if (!parsed) return undefined;
  const now = view.now ? new Date(view.now) : new Date();
  const pathname = `${view.basePath}${view.creative ? `/creative/${view.creative.id}` : ''}`;
  const html = renderToString(
    <AppFrame
      role={user.role}
      pathname={pathname}
      compact={view.phone === true}
      companyName={view.companyName}
      breadcrumbs={<Breadcrumbs oneLine items={pageCrumbs(pathname, campaign)} renderLink={renderAnchor} />}
      bell={<AlertBell alerts={alerts as Alert[]} renderLink={renderAnchor} />}
      theme="light"
      onThemeChange={nothing}
      user={{ name: user.name, href: '/profile' }}
      renderLink={renderAnchor}
      now={now}
    >
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
    </AppFrame>,
  );
  return scalableCharts(html);
}
