import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import {
  countryBreakdown,
  deviceBreakdown,
  deviceBreakdownWithConversionsAndSpend,
  emptyBreakdown,
  fewSitesBreakdown,
  siteBreakdown,
} from '../fixtures';
import { pointAt } from '../lib/story-pointer';
import { BREAKDOWN_BAR_METRICS, BreakdownBars } from './breakdown-bars';

const meta = {
  title: 'Charts/BreakdownBars',
  component: BreakdownBars,
  args: { breakdown: siteBreakdown, width: 720, locale: 'en-US', onMetricChange: fn() },
  argTypes: { defaultMetric: { control: 'select', options: BREAKDOWN_BAR_METRICS } },
} satisfies Meta<typeof BreakdownBars>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The value labels on the left axis, top to bottom. */
const yLabels = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-slot="chart-image"] svg text')]
    .filter((text) => text.getAttribute('text-anchor') === 'end')
    .map((text) => text.textContent ?? '')
    .reverse();

/** The ten sites with most impressions, then Other (the other 40 and the capped ones) and Unknown. */
export const Full: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('img', { name: /^Impressions by site: news\.example\.com [\d,]+; weather/ }),
    ).toBeVisible();
    const labels = yLabels(canvasElement);
    await expect(labels).toHaveLength(12);
    await expect(labels[0]).toBe('news.example.com');
    await expect(labels.slice(-2)).toEqual(['Other', 'Unknown']);
    await expect(canvas.getByRole('table', { name: 'Top values by site' })).toBeInTheDocument();
  },
};

export const FewRows: Story = {
  args: { breakdown: fewSitesBreakdown },
  play: async ({ canvasElement }) => {
    await expect(yLabels(canvasElement)).toEqual([
      'news.example.com',
      'weather.example.org',
      'sports.example.net',
    ]);
  },
};

/** Devices by CTR: phones click more, connected TVs hardly at all; Unknown is its own bar. */
export const DevicesByCtr: Story = {
  args: { breakdown: deviceBreakdown },
  play: async ({ canvas, args, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'CTR' }));
    await expect(args.onMetricChange).toHaveBeenCalledWith('ctr');
    await expect(canvas.getByRole('img', { name: /^CTR by device: Mobile [\d.]+%/ })).toBeVisible();
    await expect(yLabels(canvasElement)).toEqual([
      'Mobile',
      'Desktop',
      'Tablet',
      'Connected TV',
      'Other devices',
      'Unknown',
    ]);
    canvas.getByRole('button', { name: 'CTR' }).blur();
  },
};

/** Hovering a bar names its value with its impressions, clicks and CTR. */
export const Tooltip: Story = {
  args: { breakdown: countryBreakdown },
  play: async ({ canvas, canvasElement }) => {
    const bars = [...canvasElement.querySelectorAll('[data-slot="chart-image"] svg rect')].filter(
      (rect) => Number(rect.getAttribute('width')) > 0 && rect.getAttribute('fill') !== 'transparent',
    );
    // Bars are drawn bottom up: the fourth from the end is the fourth country (the tooltip stays in view).
    await pointAt(bars[bars.length - 4] as Element);
    const france = countryBreakdown.rows[3];
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent(
      `FranceImpressions${france?.impressions.toLocaleString('en-US')}Clicks`,
    );
  },
};

/** With the report's conversion currency the switch offers Conversions: devices by their conversions. */
export const DevicesByConversions: Story = {
  args: { breakdown: deviceBreakdownWithConversionsAndSpend, conversionCurrency: 'USD' },
  play: async ({ canvas, args }) => {
    const mobile = deviceBreakdownWithConversionsAndSpend.rows[0];
    await userEvent.click(canvas.getByRole('button', { name: 'Conversions' }));
    await expect(args.onMetricChange).toHaveBeenCalledWith('conversions');
    await expect(
      canvas.getByRole('img', {
        name: new RegExp(`^Conversions by device: Mobile ${mobile?.conversions?.toLocaleString('en-US')};`),
      }),
    ).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Top values by device' })).toHaveTextContent(
      'DeviceImpressionsClicksCTRConversions',
    );
    canvas.getByRole('button', { name: 'Conversions' }).blur();
  },
};

export const Empty: Story = {
  args: { breakdown: emptyBreakdown },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No figures for this period')).toBeVisible();
    await expect(canvas.getByText('The site breakdown fills in as the campaign serves.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { breakdown: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the breakdown…');
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const FullDark: Story = { ...Full, ...dark };
export const DevicesByCtrDark: Story = { ...DevicesByCtr, ...dark };
export const DevicesByConversionsDark: Story = { ...DevicesByConversions, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const LoadingDark: Story = { ...Loading, ...dark };
