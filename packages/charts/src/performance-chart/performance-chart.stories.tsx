import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import {
  ninetyDayReport,
  oneDayReport,
  oneWeekReport,
  oneWeekReportWithConversions,
  outlierReport,
  yearReport,
  zeroReport,
} from '../fixtures';
import { chartPalette } from '../lib/palette';
import { pointAt } from '../lib/story-pointer';
import { CONVERSION_PERFORMANCE_METRICS, PERFORMANCE_METRICS, PerformanceChart } from './performance-chart';

const meta = {
  title: 'Charts/PerformanceChart',
  component: PerformanceChart,
  args: { series: oneWeekReport.series, width: 720, height: 300, locale: 'en-US', onMetricChange: fn() },
  argTypes: { defaultMetric: { control: 'select', options: PERFORMANCE_METRICS } },
} satisfies Meta<typeof PerformanceChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const svgOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<SVGSVGElement>('[data-slot="chart-image"] svg');
const axisLabels = (canvasElement: HTMLElement) =>
  [...(svgOf(canvasElement)?.querySelectorAll('text') ?? [])].map((text) => text.textContent);

export const Week: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('img', { name: /^Impressions by day, Nov 16, 2026 to Nov 22, 2026: [\d,]+ in total/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Impressions' })).toHaveAttribute('aria-pressed', 'true');
    await expect(axisLabels(canvasElement)).toEqual(expect.arrayContaining(['Nov 16', 'Nov 22']));
    // The figures are there for screen readers too.
    await expect(canvas.getByRole('table', { name: 'Impressions by day' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(8);
  },
};

export const DayByHour: Story = {
  args: { series: oneDayReport.series },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('img', { name: /^Impressions by hour, Nov 16, 2026, 00:00 to/ }),
    ).toBeVisible();
    await expect(axisLabels(canvasElement)).toEqual(expect.arrayContaining(['00:00', '12:00']));
  },
};

export const NinetyDays: Story = {
  args: { series: ninetyDayReport.series },
  play: async ({ canvasElement }) => {
    const days = axisLabels(canvasElement).filter((label) => /^[A-Z][a-z]{2} \d+$/.test(label ?? ''));
    await expect(days.length).toBeGreaterThan(4);
    await expect(days.length).toBeLessThanOrEqual(10);
  },
};

export const Year: Story = {
  args: { series: yearReport.series },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: /Nov 23, 2025 to Nov 22, 2026/ })).toBeVisible();
    const days = axisLabels(canvasElement).filter((label) => /^[A-Z][a-z]{2} \d+$/.test(label ?? ''));
    // 365 days, a readable handful of labels.
    await expect(days.length).toBeGreaterThan(4);
    await expect(days.length).toBeLessThanOrEqual(10);
  },
};

export const Outlier: Story = {
  args: { series: outlierReport.series },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: /highest [\d,]+ on Nov 10, 2026/ })).toBeVisible();
  },
};

export const Ctr: Story = {
  args: { defaultMetric: 'ctr' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: /^CTR by day, .*: [\d.]+% overall/ })).toBeVisible();
    await expect(axisLabels(canvasElement).some((label) => label?.endsWith('%'))).toBe(true);
  },
};

export const SwitchMetric: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Clicks' }));
    await expect(args.onMetricChange).toHaveBeenCalledWith('clicks');
    await expect(canvas.getByRole('button', { name: 'Clicks' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Impressions' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(canvas.getByRole('img', { name: /^Clicks by day/ })).toBeVisible();
  },
};

export const SwitchMetricByKeyboard: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Impressions' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('img', { name: /^Engagements by day/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Engagements' })).toHaveFocus();
  },
};

export const Tooltip: Story = {
  play: async ({ canvas, canvasElement }) => {
    const svg = svgOf(canvasElement);
    // The pointer over the middle of the plot: the nearest point is the fourth day.
    await pointAt(svg?.querySelector('g[transform] > rect[fill="red"]') as SVGRectElement);
    const tooltip = await canvas.findByRole('tooltip');
    const day = oneWeekReport.series[3];
    await expect(tooltip).toHaveTextContent(
      `Nov 19, 2026Impressions${day?.impressions.toLocaleString('en-US')}`,
    );
  },
};

export const AllZeros: Story = {
  args: { series: zeroReport.series },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No impressions in this period')).toBeVisible();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    // The switch stays: another figure may have data.
    await expect(canvas.getByRole('group', { name: 'Metric' })).toBeVisible();
  },
};

export const NoData: Story = {
  args: { series: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No data for this period')).toBeVisible();
  },
};

export const Responsive: Story = {
  args: { width: undefined },
  decorators: [(Story) => <div style={{ width: 560 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(svgOf(canvasElement)).toHaveAttribute('width', '560'));
  },
};

export const WithoutSwitch: Story = {
  args: { metrics: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('group', { name: 'Metric' })).not.toBeInTheDocument();
  },
};

/** Literal colours, as a server renders the chart for a PDF: the picture matches the theme's. */
export const StaticPalette: Story = {
  args: { palette: chartPalette.light, metrics: [], interactive: false },
  play: async ({ canvasElement }) => {
    const svg = svgOf(canvasElement);
    await expect(svg?.outerHTML).not.toContain('var(--');
    await expect(svg?.querySelector('path[fill="none"]')).toHaveAttribute(
      'stroke',
      chartPalette.light.series[0],
    );
  },
};

export const StaticDarkPalette: Story = {
  args: { palette: chartPalette.dark, metrics: [], interactive: false },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(svgOf(canvasElement)?.querySelector('path[fill="none"]')).toHaveAttribute(
      'stroke',
      chartPalette.dark.series[0],
    );
  },
};

const dark = { globals: { theme: 'dark' } } as const;
/** A report with conversions: the switch offers them, and the chart draws them by day. */
export const Conversions: Story = {
  args: {
    series: oneWeekReportWithConversions.series,
    metrics: CONVERSION_PERFORMANCE_METRICS,
    defaultMetric: 'conversions',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Conversions' })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      canvas.getByRole('img', {
        name: /^Conversions by day, Nov 16, 2026 to Nov 22, 2026: 114 in total; highest/,
      }),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Conversions by day' });
    await expect(table.querySelectorAll('thead th')).toHaveLength(6);
    await userEvent.click(canvas.getByRole('button', { name: 'Clicks' }));
    await expect(canvas.getByRole('img', { name: /^Clicks by day/ })).toBeVisible();
    // And back: the picture is of conversions.
    await userEvent.click(canvas.getByRole('button', { name: 'Conversions' }));
    await expect(canvas.getByRole('img', { name: /^Conversions by day/ })).toBeVisible();
  },
};

export const WeekDark: Story = { ...Week, ...dark };
export const ConversionsDark: Story = { ...Conversions, ...dark };
export const DayByHourDark: Story = { ...DayByHour, ...dark };
export const YearDark: Story = { ...Year, ...dark };
export const OutlierDark: Story = { ...Outlier, ...dark };
export const CtrDark: Story = { ...Ctr, ...dark };
export const TooltipDark: Story = { ...Tooltip, ...dark };
export const AllZerosDark: Story = { ...AllZeros, ...dark };
