import {
  deliveredPacing,
  oneWeekBreakdowns,
  oneWeekReport,
  previousWeekReport,
  withPricing,
} from '@adconsole/charts/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PRINT_CHART_WIDTH } from './print-width';
import { loadAllReportCode } from './report-code';
import { ReportView } from './report-view';
import { ReportingBar } from './reporting-bar';
import { ReportingLayout } from './reporting-layout';
import { ReportingMenu } from './reporting-menu';

/** The week's report of a campaign booked at USD 2.50 CPM for 300,000 impressions: at risk. */
const priced = withPricing({ ...oneWeekReport, campaignName: 'Winter sale' });

const meta = {
  title: 'Console/Reporting/ReportView/Goal and spend',
  component: ReportView,
  args: {
    status: 'ready',
    report: priced,
    previous: previousWeekReport.totals,
    previousDays: { start: previousWeekReport.start, end: previousWeekReport.end },
    title: 'Campaign summary',
    zoneLabel: '(GMT+00:00) UTC',
    unit: 'day',
    onUnitChange: fn(),
    hourlyAllowed: true,
    scope: 'campaign',
    breakdown: {
      dimension: 'site',
      onDimensionChange: fn(),
      status: 'ready',
      breakdown: oneWeekBreakdowns.site,
    },
    locale: 'en-US',
  },
  loaders: [
    async () => {
      await loadAllReportCode();
      return {};
    },
  ],
} satisfies Meta<typeof ReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The share page's menu for the week of the stories. */
const shareMenu = (
  <ReportingMenu
    state={{
      dates: { start: new Date('2026-11-16T00:01:00Z'), end: new Date('2026-11-22T23:59:59Z') },
      timezone: { label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' },
      unit: 'day',
      breakdown: 'site',
    }}
    onChange={fn()}
    now={new Date('2026-11-22T10:00:00Z')}
    summaryHref="/share/t"
    creatives={[]}
    onExport={fn()}
    breakdownLabel="site"
    renderLink={({ children, ...props }) => <a {...props}>{children}</a>}
  />
);

const figuresFit = async (canvasElement: HTMLElement, name: string) => {
  const table = within(canvasElement).getByRole('table', { name });
  const container = table.closest('[data-slot="table-container"]') as HTMLElement;
  await expect({ name, scrollWidth: container.scrollWidth }).toEqual({
    name,
    scrollWidth: container.clientWidth,
  });
};

/**
 * A 1440 px window (the share page's rail beside the report): spend tiles under the key figures, the
 * Pacing card with its status, the campaign page's figures and the chart, and Spend in the Figures
 * tables without scrolling.
 */
export const AtRisk1440: Story = {
  render: (args) => (
    <ReportingLayout rail={shareMenu}>
      <ReportView {...args} />
    </ReportingLayout>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="spend-tiles"]')).toHaveTextContent(
      /Spend\$1,920\.39/,
    );
    const pacing = canvas
      .getByRole('heading', { name: 'Pacing' })
      .closest('[data-slot="card"]') as HTMLElement;
    await expect(pacing).toHaveTextContent('300,000 impressions · USD 2.50 CPM');
    await expect(within(pacing).getByText('At risk · 20% under plan')).toBeVisible();
    // The campaign page's figures: day 10 of 30 at 8,000 a day for 300,000: 80,000 delivered against
    // 100,000 planned, 8,000 × 30 = 240,000 projected, (300,000 − 80,000) / 20 days = 11,000 needed a day.
    await expect(pacing.querySelector('[data-slot="pacing-figures"]')).toHaveTextContent(
      'Delivered80,000Plan to date100,000Projected240,000Needed a day11,000',
    );
    await waitFor(() =>
      expect(within(pacing).getByRole('img', { name: /^Pacing of 300,000 impressions/ })).toBeVisible(),
    );
    await expect(canvas.getByRole('columnheader', { name: 'Spend' })).toBeVisible();
    // The effective costs are in the tiles; in the table they wait in the column menu.
    await expect(canvas.queryByRole('columnheader', { name: 'eCPM' })).toBeNull();
    await figuresFit(canvasElement, 'Figures by day');
    await userEvent.click(canvas.getByRole('tab', { name: 'By creative' }));
    await figuresFit(canvasElement, 'Figures by creative');
  },
};

/** The goal already reached: the status says so, no deviation. */
export const Delivered: Story = {
  args: { report: withPricing(oneWeekReport, undefined, deliveredPacing) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Delivered', { selector: '[data-slot="pacing-status"]' })).toBeVisible();
  },
};

/** A rate but no goal: spend tiles and columns, no Pacing card. */
export const SpendWithoutGoal: Story = {
  args: { report: withPricing(oneWeekReport, { model: 'CPC', amount: 0.35, currency: 'EUR' }, null) },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('heading', { name: 'Pacing' })).toBeNull();
    await expect(canvasElement.querySelector('[data-slot="spend-tiles"]')).toHaveTextContent(/Spend€/);
    await expect(canvas.getByRole('columnheader', { name: 'Spend' })).toBeVisible();
  },
};

/** On a 390 px phone: tiles two to a row, the chart and its legend fit, nothing scrolls sideways. */
export const Phone: Story = {
  args: { controls: <ReportingBar menu={null} /> },
  decorators: [
    (Story) => (
      <div className="w-[358px]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('img', { name: /^Pacing of/ })).toBeVisible());
    const view = canvasElement.querySelector('[data-slot="report-view"]') as HTMLElement;
    await expect(view.scrollWidth).toBeLessThanOrEqual(view.clientWidth);
    for (const card of canvasElement.querySelectorAll('[data-slot="card"]'))
      await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(
        view.getBoundingClientRect().right + 0.5,
      );
  },
};

/**
 * Printed (an A4 page's 703 px): the Pacing card and the spend tiles on paper; every chart ends inside
 * its card's padding (PRINT_CHART_WIDTH); the Figures table by day still fits.
 */
export const Printed: Story = {
  args: { printing: true },
  decorators: [
    (Story) => (
      <div style={{ width: 703 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('img', { name: /^Pacing of/ })).toBeVisible());
    await expect(canvasElement.querySelector('[data-slot="spend-tiles"]')).not.toBeNull();
    // The charts, not the 24 px icons (a story has no print media: a table's header icons may overflow).
    const charts = [...canvasElement.querySelectorAll('[data-slot="card-content"] svg[width]')].filter(
      (svg) => Number(svg.getAttribute('width')) >= 100,
    );
    await expect(charts.map((svg) => svg.getAttribute('width'))).toContain(String(PRINT_CHART_WIDTH));
    const past = charts.filter((svg) => {
      const content = svg.closest('[data-slot="card-content"]') as HTMLElement;
      const inner =
        content.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(content).paddingRight);
      return svg.getBoundingClientRect().right > inner + 0.5;
    });
    await expect(past.map((svg) => svg.getAttribute('aria-label') ?? svg.outerHTML.slice(0, 80))).toEqual([]);
    // By creative the table fits on paper once the print stylesheet wraps its cells and names (8.5 pt):
    // a story has no print media, so e2e/reporting.test.ts checks that on the printed page.
    await figuresFit(canvasElement, 'Figures by day');
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const AtRisk1440Dark: Story = { ...AtRisk1440, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
