import { oneWeekReport, previousWeekReport } from '@adconsole/charts/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { renderSharedReport, type SharedReportView } from './shared-report';

/** The HTML the server sends, as it is: no effect of the page's own script has run on it. */
function ServerHtml(view: SharedReportView) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the story shows the server's HTML itself
  return <div dangerouslySetInnerHTML={{ __html: renderSharedReport(view) ?? 'not drawn' }} />;
}

/**
 * The share page as the server sends it, before any script has run: the frame, the heading, the period
 * and the key figures (their changes still to come), the menu's place and the charts' placeholders. The
 * console's own page replaces it where it stands (e2e/share-first-view.test.ts).
 */
const meta = {
  title: 'Console/Reporting/SharedReportFirstView',
  component: ServerHtml,
  args: {
    // As the answer travels: JSON.
    report: JSON.parse(JSON.stringify(oneWeekReport)),
    companyName: 'Adconsole',
    locale: 'en-US',
    basePath: '/share/t',
    search: '',
    zoneLabel: '(GMT+00:00) UTC',
    unit: 'day',
    hourlyAllowed: true,
    breakdown: 'site',
    previousDays: { start: previousWeekReport.start, end: previousWeekReport.end },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServerHtml>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wide window: the menu's place beside the report, the figures drawn, the charts' places held. */
export const Wide: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Campaign summary', level: 1 })).toBeVisible();
    await expect(canvas.getByText(`${oneWeekReport.campaignName} · `, { exact: false })).toBeVisible();
    const impressions = canvasElement.querySelector('[data-slot="kpi-tile"][data-metric="impressions"] dd');
    await expect(impressions).toHaveTextContent(oneWeekReport.totals.impressions.toLocaleString('en-US'));
    await expect(canvas.getByRole('complementary', { name: 'Reporting menu' })).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-chart-placeholder]').length).toBeGreaterThan(0);
    // The phone's bar is drawn for narrow windows only.
    await expect(canvas.queryByRole('button', { name: /^Dates, zone/ })).toBeNull();
  },
};

/** A report that does not read as the contract says is not drawn: the browser then draws the page. */
export const NotAReport: Story = {
  args: { report: { totals: 'none' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('not drawn')).toBeVisible();
  },
};
