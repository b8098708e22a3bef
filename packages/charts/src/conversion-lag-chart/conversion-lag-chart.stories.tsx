import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { conversionLagOf, oneWeekReportWithConversionsAndSpend } from '../fixtures';
import { pointAt } from '../lib/story-pointer';
import { ConversionLagChart } from './conversion-lag-chart';

const meta = {
  title: 'Charts/ConversionLagChart',
  component: ConversionLagChart,
  args: { lag: oneWeekReportWithConversionsAndSpend.conversionLag, width: 560, height: 260, locale: 'en-US' },
} satisfies Meta<typeof ConversionLagChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const shareLabels = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-slot="conversion-lag-shares"] text')].map(
    (text) => text.textContent,
  );

/**
 * A week's 114 conversions: 56 within a day of their click (49 %), half within two days, a tail to 18
 * days; each of the first
 * week's days a bar of its own, then 7-13 and 14-29 days.
 */
export const Week: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('img', {
        name: /^Conversions by days from click to conversion: 114 in all, 49\.12% within a day; half came within 2 days\. Within a day: 56, 1 day: 16, .*14–29 days: 5\.$/,
      }),
    ).toBeVisible();
    // 56/114, 16/114, 9/114 ... in whole percent; 7-13 days sums days 7 to 13 (2+2+2+1+1+1+1 = 10).
    await expect(shareLabels(canvasElement)).toEqual([
      '49%',
      '14%',
      '8%',
      '5%',
      '4%',
      '4%',
      '3%',
      '9%',
      '4%',
    ]);
    const table = canvas.getByRole('table', { name: 'Conversions by days from click' });
    await expect(table).toBeInTheDocument();
    await expect(table).toHaveTextContent('7–13 days108.77%95.61%');
  },
};

/** Most conversions come days after the click (a considered purchase): the wide bars reach 60-90 days. */
export const LongLag: Story = {
  args: {
    lag: [
      { days: 0, conversions: 4 },
      { days: 3, conversions: 9 },
      { days: 10, conversions: 31 },
      { days: 24, conversions: 22 },
      { days: 45, conversions: 12 },
      { days: 71, conversions: 3 },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    // 81 conversions: the 41st came 10 whole days after its click, so within 11 days.
    await expect(canvas.getByRole('img', { name: /half came within 11 days\./ })).toBeVisible();
    const ticks = [...canvasElement.querySelectorAll('[data-slot="chart-image"] svg text')].map(
      (text) => text.textContent,
    );
    await expect(ticks).toContain('60–90');
    await expect(ticks).toContain('Days from click');
  },
};

export const Tooltip: Story = {
  play: async ({ canvas, canvasElement }) => {
    const bars = canvasElement.querySelectorAll(
      '[data-slot="chart-image"] svg g rect[fill]:not([fill="transparent"])',
    );
    await pointAt(bars[0] as SVGRectElement);
    const tooltip = await canvas.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Within a dayConversions56Share49.12%Share so far49.12%');
  },
};

/** A phone's width: every bar and its share label stay inside the picture. */
export const Phone: Story = {
  args: { width: 326 },
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('[data-slot="chart-image"] svg') as SVGSVGElement;
    const right = svg.getBoundingClientRect().right;
    for (const text of canvasElement.querySelectorAll('[data-slot="conversion-lag-shares"] text'))
      await expect(text.getBoundingClientRect().right).toBeLessThanOrEqual(right);
  },
};

/** Conversion actions but no conversion counted in the range. */
export const Empty: Story = {
  args: { lag: conversionLagOf(0) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No conversions in this period')).toBeVisible();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WeekDark: Story = { ...Week, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
