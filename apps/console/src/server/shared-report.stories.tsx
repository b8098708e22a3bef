import { oneWeekReport, siteBreakdown } from '@adconsole/charts/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { renderSharedReport, type SharedReportView } from './shared-report';
import './static-charts.css';
import { drawnWeek, ServerHtml } from './story-html';

/** The page as the server draws it. */
const Drawn = (view: SharedReportView) => <ServerHtml html={renderSharedReport(view)} />;

/**
 * The share page as the server sends it, with no script run: the whole report as a reader reads it
 * (docs/console.md, "The share page read-only until touched"): the frame, the menu beside the report on a
 * wide screen, the heading, the key figures with their changes, every chart as static SVG, every table,
 * the breakdown's tab. The console's own page replaces it where it stands when the reader touches it
 * (e2e/share-first-view.test.ts).
 */
const meta = {
  title: 'Console/Reporting/SharedReportFirstView',
  component: Drawn,
  args: {
    ...drawnWeek,
    basePath: '/share/t',
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Drawn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wide window: the menu beside the report, the figures with their changes, every chart drawn. */
export const Wide: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Campaign summary', level: 1 })).toBeVisible();
    await expect(canvas.getByText(`${oneWeekReport.campaignName} · `, { exact: false })).toBeVisible();
    const impressions = canvasElement.querySelector('[data-slot="kpi-tile"][data-metric="impressions"] dd');
    await expect(impressions).toHaveTextContent(oneWeekReport.totals.impressions.toLocaleString('en-US'));
    await expect(canvas.getByRole('complementary', { name: 'Reporting menu' })).toBeVisible();
    // The tiles' changes against the period before, the menu's chosen format, the breakdown's sites.
    await expect(
      canvasElement.querySelectorAll('[data-slot="kpi-delta"]:not([data-loading])').length,
    ).toBeGreaterThan(0);
    await expect(canvas.getByRole('combobox', { name: 'Download format' })).toHaveTextContent('CSV');
    await expect(canvas.getByRole('cell', { name: siteBreakdown.rows[0]?.value ?? '' })).toBeVisible();
    // Every chart drawn, at the wide width, fitted to its card; no placeholder is left.
    const charts = canvasElement.querySelectorAll('[data-static-chart] svg[data-scaled]');
    await expect(charts.length).toBeGreaterThanOrEqual(4);
    const report = canvasElement.querySelector('[data-slot="report-view"]') as HTMLElement;
    for (const chart of charts) {
      await expect(chart).toHaveAttribute('width', '1046');
      await expect(chart.getBoundingClientRect().right).toBeLessThanOrEqual(
        report.getBoundingClientRect().right,
      );
    }
    await expect(
      canvasElement.querySelectorAll('[data-chart-placeholder], [data-table-placeholder]'),
    ).toHaveLength(0);
    // The phone's bar is drawn for narrow windows only.
    await expect(canvas.queryByRole('button', { name: /^Dates, zone/ })).toBeNull();
  },
};

/** The period before could not be read: the tiles keep the room of their changes, the rest is drawn. */
export const WithoutThePeriodBefore: Story = {
  args: { previous: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="kpi-delta"]:not([data-loading])')).toHaveLength(
      0,
    );
    await expect(canvasElement.querySelectorAll('[data-static-chart]').length).toBeGreaterThan(0);
  },
};

/** A report that does not read as the contract says is not drawn: the browser then draws the page. */
export const NotAReport: Story = {
  args: { report: { totals: 'none' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('not drawn')).toBeVisible();
  },
};
