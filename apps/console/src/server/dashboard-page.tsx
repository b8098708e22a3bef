// The dashboard drawn by the server (docs/console.md, "Signed-in pages drawn by the server"):
// `/dashboard` opened by its address arrives drawn in the signed-in frame with its figures (the tiles
// against the period before, the trend as static SVG, the two campaign tables) from the dashboard call's
// answer, in the zone the console reads it in when the browser chose none (UTC). No console code runs
// until the reader touches the page; the console then replaces the drawing where it stood. A browser that
// chose another zone starts the console at once (public/assets/on-touch-v4.js).
import { PerformanceChart } from '@adconsole/charts';
import { type DashboardRangeDays, dashboardSchema, type Timezone } from '@adconsole/domain';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { DashboardContent } from '../screens/dashboard/dashboard-content';
import { TREND_HEIGHT } from '../screens/dashboard/dashboard-trend';
import { STATIC_CHART_WIDTH } from './chart-widths';
import { DrawnFrame, type DrawnFrameView } from './drawn-frame';
import { nothing, scalableCharts } from './drawn-report';

export interface DashboardPageView extends DrawnFrameView {
  /** The dashboard call's answer, as it travels (a Dashboard). */
  dashboard: unknown;
  days: DashboardRangeDays;
  timezone: Timezone;
  /** The user's first name, in the greeting. */
  firstName: string;
  /** The page's address (path and query): the router's location for the tables' links. */
  location: string;
}

/** The page's view as HTML, or undefined when the dashboard does not read as the contract says. */
export function renderDashboard({
  dashboard,
  days,
  timezone,
  firstName,
  location,
  ...frame
}: DashboardPageView): string | undefined {
  const parsed = dashboardSchema.safeParse(dashboard);
  if (!parsed.success) return undefined;
  const data = parsed.data;
  const width = frame.phone
    ? STATIC_CHART_WIDTH.dashboardTrend.phone
    : STATIC_CHART_WIDTH.dashboardTrend.wide;
  const html = renderToString(
    <StaticRouter location={location}>
      <DrawnFrame view={frame} pathname="/dashboard">
        <DashboardContent
          firstName={firstName}
          days={days}
          onRange={nothing}
          timezone={timezone}
          data={data}
          drawnTrend={<PerformanceChart series={data.series} width={width} height={TREND_HEIGHT} />}
        />
      </DrawnFrame>
    </StaticRouter>,
  );
  return scalableCharts(html);
}
