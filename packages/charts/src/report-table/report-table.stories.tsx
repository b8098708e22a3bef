import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  oneDayReport,
  oneWeekReport,
  oneWeekReportWithConversions,
  oneWeekReportWithConversionsAndSpend,
  oneWeekReportWithSpend,
  yearReport,
  zeroReport,
  zeroReportWithConversions,
} from '../fixtures';
import { ReportTable, type ReportTableProps } from './report-table';

type PeriodProps = Extract<ReportTableProps, { by: 'period' }>;
type CreativeProps = Extract<ReportTableProps, { by: 'creative' }>;
type CampaignProps = Extract<ReportTableProps, { by: 'campaign' }>;
/** The props are a union (by period, creative or campaign); Storybook's args need one flat shape. */
type StoryArgs = Omit<PeriodProps, 'by' | 'series'> & {
  by: 'period' | 'creative' | 'campaign';
  series?: PeriodProps['series'];
  creatives?: CreativeProps['creatives'];
  campaigns?: CampaignProps['campaigns'];
  /** A row's link: a creative's or a campaign's. */
  rowHref?: (row: { id: string }) => string | undefined;
};

function ReportTableStory({ series = [], creatives = [], campaigns = [], rowHref, ...args }: StoryArgs) {
  if (args.by === 'campaign')
    return <ReportTable {...args} by="campaign" campaigns={campaigns} rowHref={rowHref} />;
  return args.by === 'creative' ? (
    <ReportTable {...args} by="creative" creatives={creatives} rowHref={rowHref} />
  ) : (
    <ReportTable {...args} by="period" series={series} />
  );
}

const meta = {
  title: 'Charts/ReportTable',
  component: ReportTableStory,
  args: { by: 'period', series: oneWeekReport.series, totals: oneWeekReport.totals, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof ReportTableStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('rowgroup')[1] as HTMLElement;
const columnTexts = (table: HTMLElement, index: number) =>
  within(bodyRows(table))
    .getAllByRole('row')
    .map((row) => row.querySelectorAll('td')[index]?.textContent ?? '');
const parse = (text: string) => Number(text.replace(/[^\d.]/g, ''));

export const ByDay: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Report by day' });
    await expect(columnTexts(table, 0)).toEqual([
      'Nov 16, 2026',
      'Nov 17, 2026',
      'Nov 18, 2026',
      'Nov 19, 2026',
      'Nov 20, 2026',
      'Nov 21, 2026',
      'Nov 22, 2026',
    ]);
    await expect(canvas.getByRole('columnheader', { name: 'Day' })).toHaveAttribute('aria-sort', 'ascending');
    // The totals row: the report's totals, right-aligned tabular numbers.
    const totals = canvas.getByRole('row', { name: /^Total/ });
    await expect(totals).toHaveTextContent(
      `Total${oneWeekReport.totals.impressions.toLocaleString('en-US')}`,
    );
    const cell = within(totals).getByText(oneWeekReport.totals.impressions.toLocaleString('en-US'));
    await expect(getComputedStyle(cell).textAlign).toBe('right');
    await expect(getComputedStyle(cell).fontVariantNumeric).toBe('tabular-nums');
    await expect(canvas.getByText('1–7 of 7 rows')).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Completion rate' })).toBeVisible();
  },
};

export const ByHour: Story = {
  args: { series: oneDayReport.series, totals: oneDayReport.totals },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Report by hour' });
    await expect(columnTexts(table, 0)[0]).toBe('Nov 16, 2026, 00:00');
    // No video data: no video columns.
    await expect(canvas.queryByRole('columnheader', { name: 'Video starts' })).not.toBeInTheDocument();
    await expect(canvas.getByText('1–24 of 24 rows')).toBeVisible();
  },
};

export const YearByDay: Story = {
  args: { series: yearReport.series, totals: yearReport.totals },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1–25 of 365 rows')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 15' })).toBeVisible();
  },
};

export const SortByClicks: Story = {
  args: { series: yearReport.series, totals: yearReport.totals },
  play: async ({ canvas }) => {
    const header = canvas.getByRole('columnheader', { name: 'Clicks' });
    await userEvent.click(within(header).getByRole('button', { name: 'Clicks' }));
    // Figures sort biggest first on the first click, over all 365 days.
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getByRole('columnheader', { name: 'Day' })).toHaveAttribute('aria-sort', 'none');
    const table = canvas.getByRole('table');
    const clicks = columnTexts(table, 6).map(parse);
    const most = Math.max(...yearReport.series.map((point) => point.clicks));
    await expect(clicks[0]).toBe(most);
    await expect([...clicks].sort((a, b) => b - a)).toEqual(clicks);
    await userEvent.click(within(header).getByRole('button', { name: 'Clicks' }));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  },
};

export const SortByKeyboard: Story = {
  // A frame narrower than the table (the table fits 830 px; a phone is narrower still).
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    await userEvent.tab(); // Columns menu
    // The table is wider than the story's frame, so its scrolling container is a tab stop of its own
    // (a keyboard can scroll it sideways) before the first header.
    await userEvent.tab();
    await expect(canvasElement.querySelector('[data-slot="table-container"]')).toHaveFocus();
    await userEvent.tab(); // Day
    await expect(canvas.getByRole('button', { name: 'Day' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Impressions' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('columnheader', { name: 'Impressions' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  },
};

export const Paginated: Story = {
  args: { series: yearReport.series, totals: yearReport.totals },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('26–50 of 365 rows')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Rows per page' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: '100' }));
    await waitFor(() => expect(canvas.getByText(/^1–100 of 365 rows$/)).toBeVisible());
    // The totals row stays the report's totals whatever the page.
    await expect(canvas.getByRole('row', { name: /^Total/ })).toHaveTextContent(
      yearReport.totals.impressions.toLocaleString('en-US'),
    );
  },
};

export const StickyHeaderAndTotals: Story = {
  args: { series: yearReport.series, totals: yearReport.totals, pageSize: 100 },
  play: async ({ canvas, canvasElement }) => {
    const scroller = canvasElement.querySelector('[data-slot="table-container"]') as HTMLElement;
    scroller.scrollTop = scroller.scrollHeight;
    await waitFor(() => expect(scroller.scrollTop).toBeGreaterThan(1000));
    // Scrolled to the last of 100 rows: the header and the totals row stay in view.
    const box = scroller.getBoundingClientRect();
    const header = canvas.getByRole('columnheader', { name: 'Day' }).getBoundingClientRect();
    const totals = canvas.getByRole('row', { name: /^Total/ }).getBoundingClientRect();
    await expect(Math.round(header.top)).toBe(Math.round(box.top));
    await expect(Math.round(totals.bottom)).toBeLessThanOrEqual(Math.round(box.bottom));
    await expect(canvas.getByRole('cell', { name: 'Mar 2, 2026' })).toBeVisible();
  },
};

export const HideColumns: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    const menu = await within(document.body).findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Viewable impressions' }));
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Viewability' }));
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'Viewability' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(
      canvas.queryByRole('columnheader', { name: 'Viewable impressions' }),
    ).not.toBeInTheDocument();
    await expect(canvas.queryByRole('columnheader', { name: 'Viewability' })).not.toBeInTheDocument();
  },
};

export const StartingWithHiddenColumns: Story = {
  args: { hiddenColumns: ['viewable', 'viewabilityRate', 'videoStarts'] },
  play: async ({ canvas }) => {
    // Day and ten figures, less the three hidden.
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(8);
  },
};

const creativeArgs = {
  by: 'creative',
  creatives: oneWeekReport.creatives,
  totals: oneWeekReport.totals,
  rowHref: (creative: { id: string }) => `/creative/${creative.id}/report`,
} as const;

export const ByCreative: Story = {
  args: creativeArgs,
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Report by creative' });
    await expect(canvas.getByRole('columnheader', { name: 'Impressions' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const impressions = columnTexts(table, 2).map(parse);
    await expect([...impressions].sort((a, b) => b - a)).toEqual(impressions);
    // Each creative links to its own report.
    const top = [...oneWeekReport.creatives].sort((a, b) => b.totals.impressions - a.totals.impressions)[0];
    await expect(canvas.getByRole('link', { name: top?.name })).toHaveAttribute(
      'href',
      `/creative/${top?.id}/report`,
    );
  },
};

/**
 * An advertiser's report, one row per campaign (its name linking to its page, no type column), its spend
 * in the advertiser's currency and the totals of every campaign.
 */
export const ByCampaign: Story = {
  args: {
    by: 'campaign',
    campaigns: oneWeekReportWithSpend.creatives.map((creative, index) => ({
      id: `cmp${index + 1}`,
      name: ['Autumn trail', 'Winter sale', 'Always on', 'Spring teaser'][index] ?? creative.name,
      totals: creative.totals,
    })),
    totals: oneWeekReportWithSpend.totals,
    currency: oneWeekReportWithSpend.rate?.currency,
    rowHref: (campaign: { id: string }) => `/campaigns/${campaign.id}`,
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Report by campaign' });
    await expect(within(table).getByRole('columnheader', { name: 'Campaign' })).toBeVisible();
    await expect(within(table).queryByRole('columnheader', { name: 'Type' })).toBeNull();
    await expect(within(table).getByRole('columnheader', { name: 'Spend' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Autumn trail' })).toHaveAttribute(
      'href',
      '/campaigns/cmp1',
    );
  },
};

export const TwentyCreativesByName: Story = {
  args: { ...creativeArgs, creatives: yearReport.creatives, totals: yearReport.totals, pageSize: 10 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Creative' }));
    await expect(canvas.getByRole('columnheader', { name: 'Creative' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const names = within(canvas.getByRole('table'))
      .getAllByRole('link')
      .map((link) => link.textContent);
    await expect(names[0]).toBe('App install');
    await expect(canvas.getByText('1–10 of 20 rows')).toBeVisible();
  },
};

/** No impressions at all: counters read 0, and rates have nothing to be taken over, so they read '—'. */
export const AllZeros: Story = {
  args: { series: zeroReport.series, totals: zeroReport.totals },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { name: /^Total/ })).toHaveTextContent('Total00—0—0—');
    await expect(canvas.queryByText('0.00%')).toBeNull();
  },
};

export const NoRows: Story = {
  args: { series: [], totals: zeroReport.totals },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No figures for this period.')).toBeVisible();
    await expect(canvas.getByText('0–0 of 0 rows')).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
/** A campaign that books USD 2.50 CPM: Spend, eCPM, eCPC and CPCV in dollars, the totals row too. */
export const WithSpend: Story = {
  args: {
    series: oneWeekReportWithSpend.series,
    totals: oneWeekReportWithSpend.totals,
    currency: 'USD',
    // Fourteen columns outgrow the frame: these stay in the column menu, so the spend shows.
    hiddenColumns: ['viewable', 'engagement', 'engagementRate', 'videoStarts', 'videoCompletes'],
  },
  play: async ({ canvas }) => {
    for (const name of ['Spend', 'eCPM', 'eCPC', 'CPCV'])
      await expect(canvas.getByRole('columnheader', { name })).toBeInTheDocument();
    const totals = canvas.getByRole('row', { name: /^Total/ });
    await expect(totals).toHaveTextContent(/\$[\d,]+\.\d{2}\$2\.50\$\d+\.\d{2}/);
  },
};

/** Conversion columns show when the campaign has conversion actions. */
const CONVERSION_FRAME_HIDDEN = [
  'viewable',
  'viewabilityRate',
  'engagement',
  'engagementRate',
  'videoStarts',
  'videoCompletes',
  'completionRate',
  'ecpm',
  'ecpc',
  'cpcv',
  // Where the conversions came from waits in the column menu, as on the console's screens.
  'conversionsSigned',
  'conversionsUnsigned',
  'conversionsRefused',
] as const;

/**
 * A week at USD 2.50 CPM with conversions: Conversions, Conversion rate, Conversion value, Cost per
 * conversion and ROAS in dollars; the totals row 114, 3.40 %, USD 6,840.16, USD 16.85, 3.56x (6,840.16 / 1,920.39).
 */
export const WithConversions: Story = {
  args: {
    series: oneWeekReportWithConversionsAndSpend.series,
    totals: oneWeekReportWithConversionsAndSpend.totals,
    currency: 'USD',
    conversionCurrency: 'USD',
    hiddenColumns: CONVERSION_FRAME_HIDDEN,
  },
  play: async ({ canvas }) => {
    const headers = canvas.getAllByRole('columnheader').map((header) => header.textContent);
    await expect(headers.slice(-5)).toEqual([
      'Conversions',
      'Conversion rate',
      'Conversion value',
      'Cost per conversion',
      'ROAS',
    ]);
    await expect(canvas.getByRole('row', { name: /^Total/ })).toHaveTextContent(
      /1143\.40%\$6,840\.16\$16\.853\.56x$/,
    );
  },
};

/**
 * Where the conversions came from, shown: signed (the shop's server, with the action's key), unsigned
 * (the site's tag) and refused, each a count whose totals add up (signed + unsigned = conversions).
 */
export const ConversionSources: Story = {
  args: {
    series: oneWeekReportWithConversionsAndSpend.series,
    totals: oneWeekReportWithConversionsAndSpend.totals,
    currency: 'USD',
    conversionCurrency: 'USD',
    hiddenColumns: [...CONVERSION_FRAME_HIDDEN.slice(0, -3), 'conversionRate', 'costPerConversion', 'roas'],
  },
  play: async ({ canvas }) => {
    const headers = canvas.getAllByRole('columnheader').map((header) => header.textContent);
    await expect(headers.slice(-5)).toEqual([
      'Conversions',
      'Signed conversions',
      'Unsigned conversions (tag)',
      'Refused conversions',
      'Conversion value',
    ]);
    const { conversions, conversionsSigned, conversionsUnsigned } =
      oneWeekReportWithConversionsAndSpend.totals;
    await expect((conversionsSigned ?? 0) + (conversionsUnsigned ?? 0)).toBe(conversions);
    await expect(canvas.getByRole('row', { name: /^Total/ })).toHaveTextContent(
      new RegExp(`114${conversionsSigned}${conversionsUnsigned}\\d+\\$6,840\\.16$`),
    );
  },
};

/** By creative, without a booked rate: no spend, so no cost per conversion and no ROAS columns. */
export const ByCreativeWithConversions: Story = {
  args: {
    ...creativeArgs,
    creatives: oneWeekReportWithConversions.creatives,
    totals: oneWeekReportWithConversions.totals,
    conversionCurrency: 'USD',
    hiddenColumns: CONVERSION_FRAME_HIDDEN,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Conversion value' })).toBeVisible();
    await expect(canvas.queryByRole('columnheader', { name: 'Cost per conversion' })).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'ROAS' })).toBeNull();
    // Sorted by conversions, most first.
    const header = canvas.getByRole('columnheader', { name: 'Conversions' });
    await userEvent.click(within(header).getByRole('button', { name: 'Conversions' }));
    const conversions = columnTexts(canvas.getByRole('table'), 5).map(parse);
    await expect([...conversions].sort((a, b) => b - a)).toEqual(conversions);
  },
};

/** Nothing served: 0 conversions, and the rate, cost per conversion and ROAS have nothing to divide by. */
export const ConversionsAllZeros: Story = {
  args: {
    series: zeroReportWithConversions.series,
    totals: zeroReportWithConversions.totals,
    currency: 'USD',
    conversionCurrency: 'USD',
    hiddenColumns: CONVERSION_FRAME_HIDDEN,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { name: /^Total/ })).toHaveTextContent(/0—\$0\.00——$/);
  },
};

export const ByDayDark: Story = { ...ByDay, ...dark };
export const WithConversionsDark: Story = { ...WithConversions, ...dark };
export const ByCreativeDark: Story = { ...ByCreative, ...dark };
export const SortByClicksDark: Story = { ...SortByClicks, ...dark };
export const HideColumnsDark: Story = { ...HideColumns, ...dark };
export const NoRowsDark: Story = { ...NoRows, ...dark };
export const WithSpendDark: Story = { ...WithSpend, ...dark };
