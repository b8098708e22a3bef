import { oneWeekReport, previousWeekReport } from '@adconsole/charts/fixtures';
import { type Dashboard, defaultTimezone } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { phoneViewport } from '../../../../.storybook/phone-viewport';
import { dashboardCampaigns } from '../screens/dashboard/dashboard-fixtures';
import type { DashboardPageView } from './dashboard-page';
import { renderDashboard } from './shared-report';
import './static-charts.css';
import { STATIC_CHART_WIDTH } from './chart-widths';
import { drawnFrame, expectPhoneDrawing, ServerHtml } from './story-html';

/** The page as the server draws it. */
const Drawn = (view: DashboardPageView) => <ServerHtml html={renderDashboard(view)} />;

/** A week of two campaigns as the dashboard call answers it (JSON: no spend in the totals). */
const week: Dashboard = {
  start: oneWeekReport.start,
  end: oneWeekReport.end,
  timezone: defaultTimezone,
  campaignCount: 2,
  totals: oneWeekReport.totals,
  previousTotals: previousWeekReport.totals,
  series: oneWeekReport.series,
  topCampaigns: dashboardCampaigns.slice(0, 2),
  recentCampaigns: dashboardCampaigns.slice(0, 1),
  dataPulledAt: '2026-11-28T12:00:00.000Z',
};

/**
 * The dashboard as the server sends it, with no script run (docs/console.md, "Signed-in pages drawn by
 * the server"): the signed-in frame, the range, the tiles against the week before, the trend as static
 * SVG, the two campaign tables. The console's own page replaces it where it stands when the reader
 * touches it (e2e/signed-in-first-view.test.ts).
 */
const meta = {
  title: 'Console/Dashboard/DashboardFirstView',
  component: Drawn,
  args: {
    ...drawnFrame,
    dashboard: JSON.parse(JSON.stringify(week)),
    days: 7,
    timezone: defaultTimezone,
    firstName: 'Demo',
    location: '/dashboard?days=7',
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Drawn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wide window: the range pressed, the tiles with their changes, the trend at the wide width, the tables. */
export const Wide: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(canvas.getByText('Hello Demo, here is how your campaigns are doing.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('region', { name: 'Totals' })).toHaveAttribute('aria-busy', 'false');
    const chart = canvasElement.querySelector('[data-static-chart] svg[data-scaled]');
    await expect(chart).toHaveAttribute('width', '1126');
    await expect(canvas.getByRole('link', { name: 'Spring launch' })).toHaveAttribute(
      'href',
      '/campaigns/c2/reporting',
    );
    // The zone the figures are read in, which the touch script compares with the browser's choice.
    await expect(canvasElement.querySelector('[data-reporting-zone="UTC"]')).not.toBeNull();
  },
};

/** A phone: the compact frame, the trend at the phone's width, nothing wider than the phone. */
export const Phone: Story = {
  args: { phone: true },
  beforeEach: phoneViewport,
  play: async ({ canvasElement }) => {
    await expectPhoneDrawing(canvasElement, STATIC_CHART_WIDTH.dashboardTrend.phone);
  },
};

/** A user without campaigns: the empty state that leads to the campaigns. */
export const NoCampaigns: Story = {
  args: {
    dashboard: JSON.parse(
      JSON.stringify({ ...week, campaignCount: 0, topCampaigns: [], recentCampaigns: [] }),
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No campaigns yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to campaigns' })).toHaveAttribute('href', '/campaigns');
  },
};

/** A dashboard that does not read as the contract says is not drawn: the browser then draws the page. */
export const NotADashboard: Story = {
  args: { dashboard: { totals: 'none' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('not drawn')).toBeVisible();
  },
};
