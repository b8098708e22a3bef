import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ninetyDayReport, oneWeekReport, previousWeekReport, zeroReport } from '../fixtures';
import { KpiTiles } from './kpi-tiles';

const meta = {
  title: 'Charts/KpiTiles',
  component: KpiTiles,
  args: { totals: oneWeekReport.totals, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof KpiTiles>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A previous week that beat this one on clicks and CTR and matched its engagement rate. */
const mixedPrevious = {
  ...previousWeekReport.totals,
  clicks: Math.round(oneWeekReport.totals.clicks * 1.25),
  ctr: oneWeekReport.totals.ctr + 0.1,
  engagementRate: oneWeekReport.totals.engagementRate,
};

const tile = (canvasElement: HTMLElement, metric: string) =>
  canvasElement.querySelector<HTMLElement>(`[data-slot="kpi-tile"][data-metric="${metric}"]`);

export const WithVideo: Story = {
  play: async ({ canvas, canvasElement }) => {
    const labels = canvas.getAllByRole('term').map((term) => term.textContent);
    await expect(labels).toEqual([
      'Impressions',
      'Viewable impressions',
      'Engagements',
      'Clicks',
      'CTR',
      'Engagement rate',
      'Video completes',
      'Completion rate',
    ]);
    await expect(tile(canvasElement, 'impressions')).toHaveTextContent(
      oneWeekReport.totals.impressions.toLocaleString('en-US'),
    );
    await expect(tile(canvasElement, 'ctr')?.textContent).toMatch(/^CTR\d+\.\d{2}%$/);
  },
};

export const WithoutVideo: Story = {
  args: { totals: ninetyDayReport.totals },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('term')).toHaveLength(6);
    await expect(canvas.queryByText('Video completes')).not.toBeInTheDocument();
  },
};

export const ComparedWithPreviousPeriod: Story = {
  args: { previous: mixedPrevious },
  play: async ({ canvasElement }) => {
    const impressions = tile(canvasElement, 'impressions');
    const delta = impressions?.querySelector('[data-slot="kpi-delta"]');
    const change =
      ((oneWeekReport.totals.impressions - previousWeekReport.totals.impressions) /
        previousWeekReport.totals.impressions) *
      100;
    await expect(delta).toHaveAttribute('data-direction', change > 0 ? 'up' : 'down');
    await expect(delta).toHaveTextContent(
      `${change > 0 ? 'Up+' : 'Down-'}${Math.abs(change).toFixed(1)}% from ${previousWeekReport.totals.impressions.toLocaleString('en-US')} in the previous period`,
    );
    // Rates move in percentage points.
    await expect(tile(canvasElement, 'ctr')?.querySelector('[data-slot="kpi-delta"]')?.textContent).toMatch(
      / pp /,
    );
    await expect(tile(canvasElement, 'clicks')?.querySelector('[data-slot="kpi-delta"]')).toHaveTextContent(
      'Down-20.0%',
    );
    await expect(
      tile(canvasElement, 'engagementRate')?.querySelector('[data-slot="kpi-delta"]'),
    ).toHaveAttribute('data-verdict', 'same');
    // Every tile is coloured by whether its move is good news.
    for (const element of canvasElement.querySelectorAll('[data-slot="kpi-delta"]')) {
      const verdict = element.getAttribute('data-verdict');
      const direction = element.getAttribute('data-direction');
      await expect(verdict).toBe(direction === 'up' ? 'better' : direction === 'down' ? 'worse' : 'same');
    }
  },
};

/**
 * The previous period's totals are still loading: every tile keeps the room of its change, as tall as
 * the tiles that show one, so they do not grow when the comparison arrives.
 */
export const ComparisonLoading: Story = {
  args: { comparing: true },
  play: async ({ canvasElement }) => {
    const waiting = canvasElement.querySelectorAll('[data-slot="kpi-delta"][data-loading]');
    await expect(waiting).toHaveLength(8);
    await expect(waiting[0]).toHaveAttribute('aria-hidden', 'true');
    await expect(tile(canvasElement, 'impressions')?.getBoundingClientRect().height).toBe(114);
  },
};

export const GermanLocale: Story = {
  args: { locale: 'de-DE', previous: previousWeekReport.totals },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'impressions')).toHaveTextContent(
      oneWeekReport.totals.impressions.toLocaleString('de-DE'),
    );
    await expect(tile(canvasElement, 'ctr')?.textContent).toMatch(/\d,\d{2}\u00a0%/);
  },
};

export const AllZeros: Story = {
  args: { totals: zeroReport.totals, previous: zeroReport.totals },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'impressions')).toHaveTextContent('Impressions0No change');
    // No impressions in either period: the CTR has no value (not 0.00 %) and is not compared.
    await expect(tile(canvasElement, 'ctr')).toHaveTextContent(/^CTR—$/);
  },
};

export const FromZero: Story = {
  args: { previous: zeroReport.totals },
  play: async ({ canvasElement }) => {
    // No percentage from zero: the tile shows the absolute rise.
    await expect(tile(canvasElement, 'clicks')?.querySelector('[data-slot="kpi-delta"]')).toHaveTextContent(
      `Up+${oneWeekReport.totals.clicks.toLocaleString('en-US')}`,
    );
    // The previous period had no impressions, so its CTR had no value: no "+0.52 pp from 0.00 %".
    await expect(tile(canvasElement, 'ctr')?.querySelector('[data-slot="kpi-delta"]')).toBeNull();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WithVideoDark: Story = { ...WithVideo, ...dark };
export const ComparedWithPreviousPeriodDark: Story = { ...ComparedWithPreviousPeriod, ...dark };
export const AllZerosDark: Story = { ...AllZeros, ...dark };
