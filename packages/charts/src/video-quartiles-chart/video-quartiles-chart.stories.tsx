import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ninetyDayReport, oneWeekReport, yearReport } from '../fixtures';
import { pointAt } from '../lib/story-pointer';
import { VideoQuartilesChart } from './video-quartiles-chart';

const meta = {
  title: 'Charts/VideoQuartilesChart',
  component: VideoQuartilesChart,
  args: { totals: oneWeekReport.totals, width: 560, height: 260, locale: 'en-US' },
} satisfies Meta<typeof VideoQuartilesChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const rate = (part: number | undefined, whole: number | undefined) =>
  `${(((part ?? 0) / (whole ?? 1)) * 100).toFixed(2)}%`;

export const Week: Story = {
  play: async ({ canvas, canvasElement }) => {
    const { videoStarts, midpoint, videoCompletes } = oneWeekReport.totals;
    await expect(
      canvas.getByRole('img', {
        name: new RegExp(
          `^Video views by step: Starts [\\d,]+ \\(100.00%\\), 25 % .*Completes [\\d,]+ \\(${rate(videoCompletes, videoStarts).replace('.', '\\.')}\\)\\.$`,
        ),
      }),
    ).toBeVisible();
    const labels = [...canvasElement.querySelectorAll('[data-slot="video-quartiles-rates"] text')].map(
      (text) => text.textContent,
    );
    await expect(labels).toHaveLength(5);
    await expect(labels[0]).toBe('100.00%');
    await expect(labels[2]).toBe(rate(midpoint, videoStarts));
    await expect(canvas.getByRole('table', { name: 'Video views by step' })).toBeInTheDocument();
  },
};

export const Year: Story = {
  args: { totals: yearReport.totals },
  play: async ({ canvasElement }) => {
    await expect(
      canvasElement.querySelectorAll('[data-slot="chart-image"] svg rect[height]').length,
    ).toBeGreaterThan(4);
  },
};

export const Tooltip: Story = {
  play: async ({ canvas, canvasElement }) => {
    const bars = canvasElement.querySelectorAll(
      '[data-slot="chart-image"] svg g rect[fill]:not([fill="transparent"])',
    );
    const complete = bars[bars.length - 1] as SVGRectElement;
    await pointAt(complete);
    const tooltip = await canvas.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent(
      `CompletesViews${oneWeekReport.totals.videoCompletes?.toLocaleString('en-US')}Share of starts`,
    );
  },
};

export const NoVideoData: Story = {
  args: { totals: ninetyDayReport.totals },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No video data in this report')).toBeVisible();
  },
};

export const NoViews: Story = {
  args: { totals: { videoStarts: 0, firstQuartile: 0, midpoint: 0, thirdQuartile: 0, videoCompletes: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No video views in this period')).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WeekDark: Story = { ...Week, ...dark };
export const TooltipDark: Story = { ...Tooltip, ...dark };
export const NoVideoDataDark: Story = { ...NoVideoData, ...dark };
