import { oneWeekReport } from '@adconsole/charts/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { phoneViewport } from '../../../../.storybook/phone-viewport';
import type { CampaignReportView } from './campaign-report';
import { renderCampaignReport } from './shared-report';
import './static-charts.css';
import { drawnFrame, drawnWeek, ServerHtml } from './story-html';

/** The page as the server draws it. */
const Drawn = (view: CampaignReportView) => <ServerHtml html={renderCampaignReport(view)} />;

/**
 * A signed-in campaign report as the server sends it, with no script run (docs/console.md, "The
 * signed-in report drawn by the server"): the signed-in frame (side menu, trail, bell, the user's name)
 * around the report and the owner's menu (share links, schedules). The console's own page replaces it
 * where it stands when the reader touches it (e2e/signed-in-first-view.test.ts).
 */
const meta = {
  title: 'Console/Reporting/CampaignReportFirstView',
  component: Drawn,
  args: {
    ...drawnWeek,
    basePath: '/campaigns/c1/reporting',
    campaign: {
      id: 'c1',
      name: oneWeekReport.campaignName ?? 'Campaign',
      creatives: oneWeekReport.creatives.map(({ id, name }) => ({ id, name })),
      start: '2026-11-01',
      end: '2026-12-31',
    },
    ...drawnFrame,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Drawn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wide window: the side menu, the trail, the bell's count, the owner's menu beside the report. */
export const Wide: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Campaign summary', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: oneWeekReport.campaignName ?? 'Campaign' }),
    ).toHaveAttribute('href', '/campaigns/c1');
    await expect(canvas.getByRole('button', { name: 'Alerts, 1 open' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Demo User' })).toHaveAttribute('href', '/profile');
    // The owner's part of the menu, which a share page never has.
    await expect(canvas.getByRole('heading', { name: 'Share link' })).toBeVisible();
    const impressions = canvasElement.querySelector('[data-slot="kpi-tile"][data-metric="impressions"] dd');
    await expect(impressions).toHaveTextContent(oneWeekReport.totals.impressions.toLocaleString('en-US'));
    // Every chart drawn at the signed-in page's wide width; no placeholder is left.
    const charts = canvasElement.querySelectorAll('[data-static-chart] svg[data-scaled]');
    await expect(charts.length).toBeGreaterThanOrEqual(4);
    for (const chart of charts) await expect(chart).toHaveAttribute('width', '830');
    await expect(
      canvasElement.querySelectorAll('[data-chart-placeholder], [data-table-placeholder]'),
    ).toHaveLength(0);
  },
};

/** A phone: the compact frame (the menu behind the top bar's button), the bar that opens the menu. */
export const Phone: Story = {
  args: { phone: true },
  beforeEach: phoneViewport,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="app-shell"][data-compact]')).not.toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Dates, zone, export and sharing' })).toBeVisible();
    for (const chart of canvasElement.querySelectorAll('[data-static-chart] svg[data-scaled]'))
      await expect(chart).toHaveAttribute('width', '318');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};
