import {
  deviceBreakdownWithConversions,
  emptyBreakdown,
  oneWeekBreakdowns,
  oneWeekReportWithConversions,
  oneWeekReportWithConversionsAndSpend,
  pacingRate,
  siteBreakdownWithConversions,
  siteBreakdownWithConversionsAndSpend,
} from '@adconsole/charts/fixtures';
import type { BreakdownDimension } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PRINT_CHART_WIDTH } from './print-width';
import { ReportBreakdown, type ReportBreakdownProps } from './report-breakdown';
import { loadAllReportCode } from './report-code';

type Charts = ReportBreakdownProps['charts'];

/** The section as the page drives it: the tab in its state, each tab's breakdown from the fixtures. */
function ChoosingTabs({ charts, ...props }: ReportBreakdownProps) {
  const [dimension, setDimension] = useState(props.dimension);
  return (
    <ReportBreakdown
      {...props}
      charts={charts}
      dimension={dimension}
      breakdown={oneWeekBreakdowns[dimension]}
      onDimensionChange={(next) => {
        props.onDimensionChange(next);
        setDimension(next);
      }}
    />
  );
}

/** The section loading, then its breakdown arriving (the button stands for the answer). */
function Arriving({ charts, ...props }: ReportBreakdownProps) {
  const [arrived, setArrived] = useState(false);
  return (
    <div className="grid gap-3">
      <button type="button" className="justify-self-start text-sm underline" onClick={() => setArrived(true)}>
        Answer the request
      </button>
      <ReportBreakdown
        {...props}
        charts={charts}
        status={arrived ? 'ready' : 'loading'}
        breakdown={arrived ? oneWeekBreakdowns[props.dimension] : undefined}
      />
      <p data-testid="below">The next section</p>
    </div>
  );
}

const meta = {
  title: 'Console/Reporting/ReportBreakdown',
  component: ReportBreakdown,
  args: {
    dimension: 'site',
    onDimensionChange: fn(),
    status: 'ready',
    breakdown: oneWeekBreakdowns.site,
    locale: 'en-US',
  },
  // The charts' chunk is in place before each story renders, as the page starts it beside the report.
  loaders: [async () => ({ charts: await loadAllReportCode() })],
  render: (args, { loaded }) => <ReportBreakdown {...args} charts={loaded.charts as Charts} />,
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          "The report's Breakdown section: tabs Site, Device, OS, Browser and Country (the chosen one in the page's URL), the top values as bars and the breakdown as a table. Only the chosen tab's breakdown is asked for.",
      },
    },
  },
} satisfies Meta<typeof ReportBreakdown>;

export default meta;
type Story = StoryObj<typeof meta>;

const tabs = (canvas: ReturnType<typeof within>) => canvas.getByRole('tablist', { name: 'Breakdown by' });
const firstCells = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-slot="data-table-row"]')].map(
    (row) => row.querySelector('td')?.textContent ?? '',
  );

/** By site: the top sites as bars and in the table, then Other and Unknown. */
export const Site: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { name: 'Breakdown', level: 2 })).toBeVisible();
    await expect(within(tabs(canvas)).getByRole('tab', { name: 'Site' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      within(tabs(canvas))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Site', 'Device', 'OS', 'Browser', 'Country']);
    await expect(canvas.getByRole('img', { name: /^Impressions by site: news\.example\.com/ })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Report by site' });
    await expect(within(table).getByRole('columnheader', { name: 'Site' })).toBeVisible();
    await expect(firstCells(canvasElement).slice(-2)).toEqual(['Other', 'Unknown']);
  },
};

/** By device type: every type, Connected TV among them. */
export const Device: Story = {
  args: { dimension: 'device', breakdown: oneWeekBreakdowns.device },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('tab', { name: 'Device' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('table', { name: 'Report by device' })).toBeVisible();
    await expect(firstCells(canvasElement)).toEqual([
      'Mobile',
      'Desktop',
      'Tablet',
      'Connected TV',
      'Other devices',
      'Unknown',
    ]);
  },
};

/** By operating system, family and major version. */
export const OS: Story = {
  args: { dimension: 'os', breakdown: oneWeekBreakdowns.os },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('tab', { name: 'OS' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('table', { name: 'Report by OS' })).toBeVisible();
    await expect(firstCells(canvasElement).slice(0, 2)).toEqual(['Android 15', 'iOS 18']);
  },
};

/** By browser, family and major version. */
export const Browser: Story = {
  args: { dimension: 'browser', breakdown: oneWeekBreakdowns.browser },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('tab', { name: 'Browser' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('table', { name: 'Report by browser' })).toBeVisible();
    await expect(firstCells(canvasElement)[0]).toBe('Chrome 126');
  },
};

/** By country: names from their codes, and the country database named under the table. */
export const Country: Story = {
  args: { dimension: 'country', breakdown: oneWeekBreakdowns.country },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('tab', { name: 'Country' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('table', { name: 'Report by country' })).toBeVisible();
    await expect(firstCells(canvasElement).slice(0, 3)).toEqual([
      'Germany',
      'United States',
      'United Kingdom',
    ]);
    await expect(
      canvas.getByText(
        'Countries from ip-location-db geo-whois-asn-country-mmdb 2.3.2026061719 (CC BY 4.0, data by the NRO).',
      ),
    ).toBeVisible();
  },
};

/** Clicking a tab asks for its breakdown (the URL changes) and shows it; the others are not drawn. */
export const ChooseATab: Story = {
  render: (args, { loaded }) => <ChoosingTabs {...args} charts={loaded.charts as Charts} />,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Country' }));
    await expect(args.onDimensionChange).toHaveBeenCalledWith('country' satisfies BreakdownDimension);
    await expect(canvas.getByRole('tab', { name: 'Country' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('table', { name: 'Report by country' })).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Report by site' })).toBeNull();
    await userEvent.click(canvas.getByRole('tab', { name: 'Device' }));
    await expect(canvas.getByRole('table', { name: 'Report by device' })).toBeVisible();
    await expect(args.onDimensionChange).toHaveBeenCalledTimes(2);
  },
};

/** From the keyboard: arrows move between the tabs, Enter chooses one (each choice is a request). */
export const KeyboardOnly: Story = {
  render: (args, { loaded }) => <ChoosingTabs {...args} charts={loaded.charts as Charts} />,
  play: async ({ canvas, args }) => {
    const site = canvas.getByRole('tab', { name: 'Site' });
    site.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'OS' })).toHaveFocus();
    // Moving does not choose: no request for the tabs passed over.
    await expect(args.onDimensionChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDimensionChange).toHaveBeenCalledWith('os');
    await expect(canvas.getByRole('table', { name: 'Report by OS' })).toBeVisible();
    await userEvent.keyboard('{End} ');
    await expect(canvas.getByRole('tab', { name: 'Country' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** While the chosen tab's breakdown loads: placeholders of the drawn size. */
export const Loading: Story = {
  args: { status: 'loading', breakdown: undefined },
  play: async ({ canvas }) => {
    for (const status of canvas.getAllByRole('status'))
      await expect(status).toHaveTextContent('Loading the breakdown…');
    await expect(canvas.getByRole('tab', { name: 'Site' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** The breakdown arrives where its placeholders stood: nothing below the section moves (CLS). */
export const ArrivesWithoutMoving: Story = {
  render: (args, { loaded }) => <Arriving {...args} charts={loaded.charts as Charts} />,
  play: async ({ canvas }) => {
    const below = canvas.getByTestId('below');
    const before = below.getBoundingClientRect().top;
    await userEvent.click(canvas.getByRole('button', { name: 'Answer the request' }));
    await canvas.findByRole('table', { name: 'Report by site' });
    await expect(below.getBoundingClientRect().top).toBe(before);
  },
};

/** A period without valid traffic: one empty state, no empty chart or table. */
export const Empty: Story = {
  args: { breakdown: emptyBreakdown },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No figures for this period')).toBeVisible();
    await expect(canvas.getByText('The site breakdown fills in as the campaign serves.')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The breakdown could not be read: the message and a way to try again; the tabs still work. */
export const Failed: Story = {
  args: { status: 'error', breakdown: undefined, error: 'Request timed out', onRetry: fn() },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The site breakdown could not be read');
    await expect(alert).toHaveTextContent('Request timed out');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('tab', { name: 'Device' }));
    await expect(args.onDimensionChange).toHaveBeenCalledWith('device');
  },
};

/**
 * Printed on an A4 page (703 px): the chosen breakdown at the card's inner width, every row, no tabs;
 * the bars end inside the card.
 */
export const Printed: Story = {
  args: {
    dimension: 'country',
    breakdown: oneWeekBreakdowns.country,
    printing: true,
    printWidth: PRINT_CHART_WIDTH,
  },
  decorators: [(Story) => <div className="w-[703px]">{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/by country: the top values/)).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="breakdown-bars"] svg')).toHaveAttribute(
        'width',
        String(PRINT_CHART_WIDTH),
      ),
    );
    const content = canvasElement.querySelector('[data-slot="card-content"]') as HTMLElement;
    const svg = canvasElement.querySelector('[data-slot="breakdown-bars"] svg') as SVGElement;
    await expect(svg.getBoundingClientRect().right).toBeLessThanOrEqual(
      content.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(content).paddingRight) + 0.5,
    );
    // Paper keeps the viewable impressions and video completes (the domain's printRank), not the video
    // starts they are a share of.
    await expect(canvas.getByRole('columnheader', { name: 'Viewable impressions' })).toBeVisible();
    await expect(canvas.queryByRole('columnheader', { name: 'Video starts' })).toBeNull();
  },
};

/** On a 390 px wide phone (the page's padding taken off): the tabs, bars and table fit the width. */
export const Phone: Story = {
  args: { dimension: 'country', breakdown: oneWeekBreakdowns.country },
  decorators: [(Story) => <div className="w-[358px]">{Story()}</div>],
  render: (args, { loaded }) => <ChoosingTabs {...args} charts={loaded.charts as Charts} />,
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('tab', { name: 'Browser' }));
    await expect(canvas.getByRole('table', { name: 'Report by browser' })).toBeVisible();
    const section = canvasElement.querySelector('[data-slot="report-breakdown"]') as HTMLElement;
    await expect(section.scrollWidth).toBeLessThanOrEqual(section.clientWidth);
  },
};

const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
const money = (amount: number | null | undefined) =>
  (amount ?? 0).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/**
 * A campaign with conversion actions and a booked rate: the bars offer Conversions, the table shows
 * conversions, value, cost per conversion and ROAS by site, its totals row the report's; their rate
 * per click (with engagements, video completes and viewability) waits in the column menu.
 */
export const WithConversions: Story = {
  args: { breakdown: siteBreakdownWithConversionsAndSpend, conversionCurrency: 'USD', rate: pacingRate },
  play: async ({ canvas }) => {
    const totals = oneWeekReportWithConversionsAndSpend.totals;
    await expect(canvas.getByText(/^Valid impressions, clicks and conversions by site/)).toBeVisible();
    const metric = canvas.getByRole('group', { name: 'Metric' });
    await userEvent.click(within(metric).getByRole('button', { name: 'Conversions' }));
    await expect(canvas.getByRole('img', { name: /^Conversions by site: / })).toBeVisible();
    within(metric).getByRole('button', { name: 'Conversions' }).blur();
    const table = canvas.getByRole('table', { name: 'Report by site' });
    await expect(columnHeaders(table)).toEqual([
      'Site',
      'Impressions',
      'Clicks',
      'CTR',
      'Completion rate',
      'Conversions',
      'Conversion value',
      'Cost per conversion',
      'ROAS',
    ]);
    const total = within(table).getByRole('row', { name: /^Total/ });
    await expect(total).toHaveTextContent(
      `${totals.conversions}${money(totals.conversionValue)}${money(totals.costPerConversion)}${(totals.roas ?? 0).toFixed(2)}x`,
    );
    // The conversion rate waits in the column menu.
    await expect(within(table).queryByRole('columnheader', { name: 'Conversion rate' })).toBeNull();
  },
};

/** Conversions without a booked rate, by device: conversions and value, no cost per conversion or ROAS. */
export const WithConversionsNoRate: Story = {
  args: {
    dimension: 'device',
    breakdown: deviceBreakdownWithConversions,
    conversionCurrency: 'USD',
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Report by device' });
    await expect(columnHeaders(table).slice(-2)).toEqual(['Conversions', 'Conversion value']);
    await expect(within(table).queryByRole('columnheader', { name: 'ROAS' })).toBeNull();
  },
};

/**
 * Printed with conversions: the columns that fit the page by the figures tables' rule (the domain's
 * printedFigures: seven with the site), viewable impressions, video completes and conversions among
 * them, their value and rate not; the note under the table names what was left out.
 */
export const PrintedWithConversions: Story = {
  args: {
    dimension: 'site',
    breakdown: siteBreakdownWithConversions,
    conversionCurrency: 'USD',
    rate: null,
    printing: true,
    printWidth: PRINT_CHART_WIDTH,
  },
  decorators: [(Story) => <div className="w-[742px]">{Story()}</div>],
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Report by site' });
    await expect(columnHeaders(table)).toEqual([
      'Site',
      'Impressions',
      'Viewable impressions',
      'Clicks',
      'CTR',
      'Video completes',
      'Conversions',
    ]);
    await expect(canvas.getByText(/^Left out on paper: /)).toHaveTextContent(
      'Left out on paper: Viewability, Engagements, Video starts, Completion rate, Conversion rate, Conversion value — the CSV/XLSX have every column.',
    );
    const container = table.closest('[data-slot="table-container"]') as HTMLElement;
    await expect(container.scrollWidth).toBeLessThanOrEqual(container.clientWidth);
    await expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent(
      (oneWeekReportWithConversions.totals.videoCompletes ?? 0).toLocaleString('en-US'),
    );
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const SiteDark: Story = { ...Site, ...dark };
export const CountryDark: Story = { ...Country, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const FailedDark: Story = { ...Failed, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
export const WithConversionsDark: Story = { ...WithConversions, ...dark };
