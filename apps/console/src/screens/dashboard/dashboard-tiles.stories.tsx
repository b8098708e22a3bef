import {
  oneWeekReport,
  oneWeekReportWithConversions,
  previousWeekReport,
  previousWeekReportWithConversionsAndSpend,
} from '@adconsole/charts/fixtures';
import type { DashboardCampaign, ReportTotals } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DashboardTiles } from './dashboard-tiles';

/** Figures as the dashboard answers them: summed over campaigns, conversions counted, no value or spend. */
const asDashboard = ({
  conversionValue: _value,
  conversionValueMinor: _minor,
  spend: _spend,
  ecpm: _ecpm,
  ecpc: _ecpc,
  cpcv: _cpcv,
  costPerConversion: _cost,
  roas: _roas,
  videoStarts: _starts,
  videoCompletes: _completes,
  completionRate: _completion,
  ...totals
}: ReportTotals): ReportTotals => totals;

const campaign = (conversionCurrency: string | null): DashboardCampaign => ({
  id: 'c1',
  name: 'Winter sale',
  updatedAt: '2026-11-24T10:00:00Z',
  totals: oneWeekReport.totals,
  conversionCurrency,
});

const converting = {
  totals: asDashboard(oneWeekReportWithConversions.totals),
  previousTotals: asDashboard(previousWeekReportWithConversionsAndSpend.totals),
  topCampaigns: [campaign('USD')],
  recentCampaigns: [campaign('USD')],
};

const meta = {
  title: 'Console/Dashboard/Tiles',
  component: DashboardTiles,
  args: { board: converting, locale: 'en-US' },
  decorators: [(Story) => <div className="w-[1168px]">{Story()}</div>],
} satisfies Meta<typeof DashboardTiles>;

export default meta;
type Story = StoryObj<typeof meta>;

const tile = (canvasElement: HTMLElement, metric: string) =>
  canvasElement.querySelector<HTMLElement>(`[data-slot="kpi-tile"][data-metric="${metric}"]`);
const count = (value: number | undefined) => (value ?? 0).toLocaleString('en-US');

/**
 * Campaigns that count conversions: a Conversions tile after the others, compared with the period
 * before; no value tile (campaigns may count in different currencies).
 */
export const WithConversions: Story = {
  play: async ({ canvas, canvasElement }) => {
    const labels = canvas.getAllByRole('term').map((term) => term.textContent);
    await expect(labels).toEqual([
      'Impressions',
      'Viewable impressions',
      'Engagements',
      'Clicks',
      'CTR',
      'Engagement rate',
      'Conversions',
    ]);
    const now = converting.totals.conversions ?? 0;
    const before = converting.previousTotals.conversions ?? 0;
    await expect(tile(canvasElement, 'conversions')).toHaveTextContent(
      `Conversions${count(now)}${now > before ? 'Up' : 'Down'}`,
    );
    await expect(tile(canvasElement, 'conversions')).toHaveTextContent(
      `from ${count(before)} in the previous period`,
    );
    await expect(canvas.queryByText(/Conversion value/)).toBeNull();
  },
};

/** Conversion actions set up, nothing converted yet in either period: the tile reads 0. */
export const NoConversionsYet: Story = {
  args: {
    board: {
      ...converting,
      totals: { ...converting.totals, conversions: 0, conversionRate: 0 },
      previousTotals: { ...converting.previousTotals, conversions: 0, conversionRate: 0 },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'conversions')).toHaveTextContent('Conversions0No change');
  },
};

/** No campaign counts conversions: the six tiles as before, no Conversions tile. */
export const WithoutConversions: Story = {
  args: {
    board: {
      totals: { ...asDashboard(oneWeekReport.totals), conversions: 0, conversionRate: 0 },
      previousTotals: { ...asDashboard(previousWeekReport.totals), conversions: 0, conversionRate: 0 },
      topCampaigns: [campaign(null)],
      recentCampaigns: [campaign(null)],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('term')).toHaveLength(6);
    await expect(tile(canvasElement, 'conversions')).toBeNull();
  },
};

/** A 390 px phone (the page's padding taken off): two tiles to a row, Conversions on the fourth. */
export const WithConversionsPhone: Story = {
  decorators: [(Story) => <div className="w-[358px]">{Story()}</div>],
  play: async ({ canvasElement }) => {
    const tiles = canvasElement.querySelector('[data-slot="kpi-tiles"]') as HTMLElement;
    await expect(tiles.scrollWidth).toBeLessThanOrEqual(tiles.clientWidth);
    await expect(tile(canvasElement, 'conversions')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { board: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(6);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WithConversionsDark: Story = { ...WithConversions, ...dark };
