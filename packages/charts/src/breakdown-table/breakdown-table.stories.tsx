import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  countryBreakdown,
  deviceBreakdown,
  emptyBreakdown,
  fewSitesBreakdown,
  oneWeekReport,
  oneWeekReportWithConversions,
  oneWeekReportWithConversionsAndSpend,
  pacingRate,
  siteBreakdown,
  siteBreakdownWithConversions,
  siteBreakdownWithConversionsAndSpend,
} from '../fixtures';
import { BreakdownTable } from './breakdown-table';

const meta = {
  title: 'Charts/BreakdownTable',
  component: BreakdownTable,
  args: { breakdown: siteBreakdown, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof BreakdownTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-slot="data-table-row"]')] as HTMLElement[];
const firstCells = (canvasElement: HTMLElement) =>
  bodyRows(canvasElement).map((row) => row.querySelector('td')?.textContent ?? '');
const count = (value: number) => value.toLocaleString('en-US');

/** The top 50 sites by impressions, then Other and Unknown; the totals row is the report's. */
export const Full: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Report by site' })).toBeInTheDocument();
    await expect(canvas.getByRole('columnheader', { name: 'Impressions' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const labels = firstCells(canvasElement);
    await expect(labels).toHaveLength(52);
    await expect(labels.slice(0, 2)).toEqual(['news.example.com', 'weather.example.org']);
    await expect(labels.slice(-2)).toEqual(['Other', 'Unknown']);
    await expect(canvas.getByRole('row', { name: /^Total/ })).toHaveTextContent(
      `Total${count(oneWeekReport.totals.impressions)}`,
    );
    await expect(canvas.getByRole('columnheader', { name: 'Completion rate' })).toBeInTheDocument();
  },
};

/** Three sites, nothing unknown: no Other or Unknown row. */
export const FewRows: Story = {
  args: { breakdown: fewSitesBreakdown },
  play: async ({ canvasElement }) => {
    await expect(firstCells(canvasElement)).toEqual([
      'news.example.com',
      'weather.example.org',
      'sports.example.net',
    ]);
  },
};

/** Sorted by device name, then by CTR: Other and Unknown stay below the values either way. */
export const OtherAndUnknownStayLast: Story = {
  args: { breakdown: deviceBreakdown },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(within(canvas.getByRole('columnheader', { name: 'Device' })).getByRole('button'));
    await expect(firstCells(canvasElement)).toEqual([
      'Connected TV',
      'Desktop',
      'Mobile',
      'Other devices',
      'Tablet',
      'Unknown',
    ]);
    const ctr = canvas.getByRole('columnheader', { name: 'CTR' });
    await userEvent.click(within(ctr).getByRole('button'));
    await expect(ctr).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCells(canvasElement).at(-1)).toBe('Unknown');
    await expect(firstCells(canvasElement)[0]).toBe('Mobile');
    await userEvent.click(within(ctr).getByRole('button'));
    await expect(ctr).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstCells(canvasElement)[0]).toBe('Connected TV');
    await expect(firstCells(canvasElement).at(-1)).toBe('Unknown');
    within(ctr).getByRole('button').blur();
  },
};

/** Countries by name (Intl.DisplayNames), and the database that placed the addresses. */
export const Countries: Story = {
  args: { breakdown: countryBreakdown },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Report by country' })).toBeInTheDocument();
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

/** No video start anywhere: no video columns. */
export const WithoutVideo: Story = {
  args: { breakdown: fewSitesBreakdown, withVideo: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('columnheader', { name: 'Video starts' })).not.toBeInTheDocument();
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(7);
  },
};

/** Nothing served: no rows, zero counters, and rates over nothing read "—". */
export const Empty: Story = {
  args: { breakdown: emptyBreakdown },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No figures for this period.')).toBeVisible();
    await expect(canvas.getByRole('row', { name: /^Total/ })).toHaveTextContent('Total00—00—');
  },
};

/** The figures tables' conversion formatting (formatConversionFigure), as the console's tables do. */
const conversionCells = (row: HTMLElement | undefined) =>
  [...(row?.querySelectorAll('td') ?? [])].slice(-5).map((cell) => cell.textContent);

/**
 * A campaign with conversion actions and a booked rate: Conversions, Conversion rate (per click),
 * Conversion value, Cost per conversion and ROAS by site; the totals row is the report's.
 */
export const WithConversions: Story = {
  args: {
    breakdown: siteBreakdownWithConversionsAndSpend,
    conversionCurrency: 'USD',
    rate: pacingRate,
    hiddenColumns: ['viewable', 'engagement', 'videoStarts', 'videoCompletes'],
  },
  play: async ({ canvas }) => {
    const totals = oneWeekReportWithConversionsAndSpend.totals;
    const headers = canvas.getAllByRole('columnheader').map((header) => header.textContent);
    await expect(headers.slice(-5)).toEqual([
      'Conversions',
      'Conversion rate',
      'Conversion value',
      'Cost per conversion',
      'ROAS',
    ]);
    const total = canvas.getByRole('row', { name: /^Total/ });
    await expect(conversionCells(total)).toEqual([
      count(totals.conversions ?? 0),
      `${(totals.conversionRate ?? 0).toFixed(2)}%`,
      (totals.conversionValue ?? 0).toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
      (totals.costPerConversion ?? 0).toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
      // $6,840.16 / $1,920.39 = 3.56: below 10, two decimals.
      `${(totals.roas ?? 0).toFixed(2)}x`,
    ]);
    const unknown = canvas.getByRole('row', { name: /^Unknown/ });
    await expect(conversionCells(unknown)[0]).toBe(
      count(siteBreakdownWithConversionsAndSpend.unknown?.conversions ?? 0),
    );
  },
};

/** Conversions without a booked rate: no spend, so neither cost per conversion nor ROAS. */
export const WithConversionsNoRate: Story = {
  args: {
    breakdown: siteBreakdownWithConversions,
    conversionCurrency: 'USD',
    hiddenColumns: ['viewable', 'videoStarts'],
  },
  play: async ({ canvas, canvasElement }) => {
    const totals = oneWeekReportWithConversions.totals;
    await expect(canvas.queryByRole('columnheader', { name: 'ROAS' })).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'Cost per conversion' })).toBeNull();
    const total = canvas.getByRole('row', { name: /^Total/ });
    await expect(conversionCells(total).slice(-3)).toEqual([
      count(totals.conversions ?? 0),
      `${(totals.conversionRate ?? 0).toFixed(2)}%`,
      (totals.conversionValue ?? 0).toLocaleString('en-US', { style: 'currency', currency: 'USD' }),
    ]);
    // Sorted by conversions, most first: Other and Unknown stay last.
    const header = canvas.getByRole('columnheader', { name: 'Conversions' });
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCells(canvasElement).slice(-2)).toEqual(['Other', 'Unknown']);
    within(header).getByRole('button').blur();
  },
};

export const Loading: Story = {
  args: { breakdown: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the breakdown…');
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const FullDark: Story = { ...Full, ...dark };
export const CountriesDark: Story = { ...Countries, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
export const WithConversionsDark: Story = { ...WithConversions, ...dark };
