import {
  oneWeekReportNoConversionsYet,
  oneWeekReportWithConversions,
  oneWeekReportWithConversionsAndSpend,
  previousWeekReportWithConversionsAndSpend,
  siteBreakdownWithConversionsAndSpend,
} from '@adconsole/charts/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadAllReportCode } from './report-code';
import { ReportView } from './report-view';
import { ReportingBar } from './reporting-bar';
import { ReportingLayout } from './reporting-layout';
import { ReportingMenu } from './reporting-menu';

const week = oneWeekReportWithConversionsAndSpend;
const previous = previousWeekReportWithConversionsAndSpend;

const meta = {
  title: 'Console/Reporting/ReportView/Conversions',
  component: ReportView,
  args: {
    status: 'ready',
    report: week,
    previous: previous.totals,
    previousDays: { start: previous.start, end: previous.end },
    title: 'Campaign summary',
    zoneLabel: '(GMT+00:00) UTC',
    unit: 'day',
    onUnitChange: fn(),
    hourlyAllowed: true,
    scope: 'campaign',
    creativeHref: (creative) => `/campaigns/c1/reporting/creative/${creative.id}`,
    locale: 'en-US',
  },
  loaders: [
    async () => {
      await loadAllReportCode();
      return {};
    },
  ],
  parameters: {
    docs: {
      description: {
        component:
          'The report of a campaign with conversion actions: conversion tiles under the key figures, the days to conversion, conversions in the performance chart and the figures tables, and the conversions not counted in the invalid-traffic panel.',
      },
    },
  },
} satisfies Meta<typeof ReportView>;

export default meta;
type Story = StoryObj<typeof meta>;

const tile = (canvasElement: HTMLElement, metric: string) =>
  canvasElement.querySelector<HTMLElement>(`[data-slot="conversion-tile"][data-metric="${metric}"]`);

/**
 * A week at USD 2.50 CPM with conversions: five conversion tiles compared with the week before, the
 * days to conversion, and 101 conversions not counted, by reason.
 */
export const WithConversions: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByLabelText('Conversions, value in USD')).toBeVisible();
    await expect(tile(canvasElement, 'conversions')).toHaveTextContent('Conversions114Up+10.7%');
    await expect(tile(canvasElement, 'roas')).toHaveTextContent('ROAS3.56x');
    // Where the 114 came from, and how many were refused, under the tiles (the tables' menu has them).
    const sources = canvasElement.querySelector('[data-slot="conversion-sources"]')?.textContent ?? '';
    const [signed, unsigned, refused] = (
      /^Signed conversions: (\d+) · Unsigned conversions \(tag\): (\d+) · Refused conversions: (\d+)$/.exec(
        sources,
      ) ?? []
    )
      .slice(1)
      .map(Number);
    await expect((signed ?? 0) + (unsigned ?? 0)).toBe(114);
    await expect(refused).toBeGreaterThan(0);
    await expect(canvas.getByRole('heading', { name: 'Days to conversion' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: /^Conversions by days from click/ })).toBeVisible();
    // The performance chart offers conversions.
    const metric = canvas.getAllByRole('group', { name: 'Metric' })[0] as HTMLElement;
    await userEvent.click(within(metric).getByRole('button', { name: 'Conversions' }));
    await expect(canvas.getByRole('img', { name: /^Conversions by day, / })).toBeVisible();
    // The figures table: conversions, value and ROAS; the rate and (beside a video campaign's completion
    // rate) the cost per conversion in the column menu, as in their tiles.
    const figures = canvas.getByRole('table', { name: 'Figures by day' });
    for (const name of ['Conversions', 'Conversion value', 'ROAS'])
      await expect(within(figures).getByRole('columnheader', { name })).toBeVisible();
    await expect(within(figures).queryByRole('columnheader', { name: 'Conversion rate' })).toBeNull();
    await expect(within(figures).queryByRole('columnheader', { name: 'Cost per conversion' })).toBeNull();
    await expect(within(figures).queryByRole('columnheader', { name: 'Signed conversions' })).toBeNull();
    // The invalid-traffic panel lists the conversions not counted.
    await expect(canvas.getByRole('heading', { name: 'Invalid traffic (filtered)' })).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Invalid conversions by reason' })).toBeVisible();
    await expect(
      canvas.getByRole('rowheader', { name: 'Order already counted for this action' }),
    ).toBeVisible();
  },
};

/** No booked rate: no spend, so no cost per conversion or ROAS, in the tiles or the tables. */
export const WithoutRate: Story = {
  args: { report: oneWeekReportWithConversions, previous: undefined, previousDays: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expect(tile(canvasElement, 'conversionValue')).toHaveTextContent('Conversion value$6,840.16');
    await expect(tile(canvasElement, 'roas')).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'ROAS' })).toBeNull();
    await userEvent.click(canvas.getByRole('tab', { name: 'By creative' }));
    await expect(canvas.getByRole('columnheader', { name: 'Conversion value' })).toBeVisible();
    // Every conversion received was counted: no invalid-traffic panel at all.
    await expect(canvas.queryByRole('heading', { name: 'Invalid traffic (filtered)' })).toBeNull();
  },
};

/** Conversion actions, no conversion yet: zeros in the tiles, the lag chart's empty state. */
export const NoConversionsYet: Story = {
  args: { report: oneWeekReportNoConversionsYet, previous: undefined, previousDays: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expect(tile(canvasElement, 'conversions')).toHaveTextContent('Conversions0');
    await expect(tile(canvasElement, 'conversionRate')).toHaveTextContent('Conversion rate0.00%');
    await expect(canvas.getByText('No conversions in this period')).toBeVisible();
  },
};

/** The share page's menu, as on the report-view stories. */
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

const breakdown = {
  dimension: 'site',
  onDimensionChange: fn(),
  status: 'ready',
  breakdown: siteBreakdownWithConversionsAndSpend,
} as const;

/** Whether the table named `name` shows every column without sideways scrolling. */
const expectFits = async (canvasElement: HTMLElement, name: string) => {
  const table = within(canvasElement).getByRole('table', { name });
  const container = table.closest('[data-slot="table-container"]') as HTMLElement;
  await expect({ name, scrollWidth: container.scrollWidth }).toEqual({
    name,
    scrollWidth: container.clientWidth,
  });
};

/**
 * A share page in a 1440 px window (1168 px for the rail and the report, as Desktop1440 of the report
 * view): the tiles, the lag chart, and the breakdown and figures tables with their conversion columns,
 * none scrolling sideways.
 */
export const SharePageDesktop1440: Story = {
  args: { breakdown, emptyAction: undefined },
  render: (args) => (
    <ReportingLayout rail={shareMenu}>
      <ReportView {...args} />
    </ReportingLayout>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('button', { name: 'Create share link' })).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Days to conversion' })).toBeVisible();
    await expectFits(canvasElement, 'Report by site');
    await expectFits(canvasElement, 'Figures by day');
    await userEvent.click(canvas.getByRole('tab', { name: 'By creative' }));
    await expectFits(canvasElement, 'Figures by creative');
  },
};

/** A 390 px phone: two conversion tiles to a row, the lag chart's labels turned, nothing wider than the page. */
export const Phone: Story = {
  args: { breakdown, controls: <ReportingBar menu={null} /> },
  decorators: [
    (Story) => (
      <div className="w-[358px]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const view = canvasElement.querySelector('[data-slot="report-view"]') as HTMLElement;
    await expect(view.scrollWidth).toBeLessThanOrEqual(view.clientWidth);
    const tiles = canvasElement.querySelector('[data-slot="conversion-tiles"]') as HTMLElement;
    await expect(tiles.getBoundingClientRect().right).toBeLessThanOrEqual(view.getBoundingClientRect().right);
    const lag = canvasElement.querySelector('[data-slot="conversion-lag-chart"] svg') as SVGElement;
    await expect(lag.getBoundingClientRect().width).toBeLessThanOrEqual(358);
  },
};

const headers = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('table', { name }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
/** The note under the table named `name`. */
const leftOutNote = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement)
    .getByRole('table', { name })
    .closest('[data-slot="report-table"]')
    ?.querySelector('[data-slot="printed-columns-note"]')?.textContent;

/**
 * Printed (an A4 page's 703 px) with conversions and spend: the figures tables keep the columns that
 * fit the page (the domain's printedFigures: seven in all, the day or the creative and its type
 * among them; a video campaign's viewable impressions and video completes before spend and
 * conversions) and name the others under them; both tables print, without tabs. (A story has no print
 * media: e2e/reporting.test.ts checks on the printed page that no table is wider than it.)
 */
export const Printed: Story = {
  args: { printing: true, breakdown },
  decorators: [
    (Story) => (
      <div style={{ width: 703 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('table', { name: 'Figures by creative' });
    // A video campaign: its viewable impressions and video completes stay on paper (the domain's
    // printRank), spend after them by day; conversions give way.
    await expect(headers(canvasElement, 'Figures by day')).toEqual([
      'Day',
      'Impressions',
      'Viewable impressions',
      'Clicks',
      'CTR',
      'Video completes',
      'Spend',
    ]);
    await expect(headers(canvasElement, 'Figures by creative')).toEqual([
      'Creative',
      'Type',
      'Impressions',
      'Viewable impressions',
      'Clicks',
      'CTR',
      'Video completes',
    ]);
    const byDay = leftOutNote(canvasElement, 'Figures by day') ?? '';
    await expect(byDay).toMatch(/^Left out on paper: .* — the CSV\/XLSX have every column\.$/);
    for (const name of ['Video starts', 'Conversions', 'Conversion rate', 'Cost per conversion', 'ROAS'])
      await expect(byDay).toContain(name);
    await expect(byDay).not.toContain('Viewable impressions');
    await expect(leftOutNote(canvasElement, 'Figures by creative')).toContain('Spend, ');
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WithConversionsDark: Story = { ...WithConversions, ...dark };
