import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { oneWeekReport, yearReport, zeroReport } from '../fixtures';
import { expectLabelsApart } from '../lib/story-overlap';
import { pointAt } from '../lib/story-pointer';
import { HourHeatmap } from './hour-heatmap';

const meta = {
  title: 'Charts/HourHeatmap',
  component: HourHeatmap,
  args: {
    weekHours: oneWeekReport.weekHours,
    width: 760,
    height: 260,
    locale: 'en-GB',
    onMetricChange: fn(),
  },
} satisfies Meta<typeof HourHeatmap>;

export default meta;
type Story = StoryObj<typeof meta>;

const cells = (canvasElement: HTMLElement) =>
  canvasElement.querySelectorAll('[data-slot="chart-image"] svg [data-cell]');

export const Impressions: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('img', {
        name: /^Impressions by weekday and hour of day: highest \w+day \d\d:00 \([\d,]+\), lowest/,
      }),
    ).toBeVisible();
    await expect(cells(canvasElement)).toHaveLength(168);
    await expect(
      canvas.getByRole('table', { name: 'Impressions by weekday and hour of day' }),
    ).toBeInTheDocument();
    await expectLabelsApart(canvasElement);
  },
};

const hourLabels = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-slot="chart-image"] svg text')]
    .map((text) => text.textContent ?? '')
    .filter((label) => /\d/.test(label));

/** A phone (390 px, the card's padding taken off) in a 12-hour locale, whose labels are the longest. */
export const Phone: Story = {
  args: { width: undefined, locale: 'en-US' },
  decorators: [
    (Story) => (
      <div style={{ width: 294 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(cells(canvasElement)).toHaveLength(168));
    await expect(hourLabels(canvasElement)).toEqual(['12 AM', '6 AM', '12 PM', '6 PM']);
    await expectLabelsApart(canvasElement);
  },
};

/** The narrowest grid: a 24-hour locale, labels every twelve hours. */
export const Narrowest: Story = {
  args: { width: 200, locale: 'de-DE' },
  play: async ({ canvasElement }) => {
    await expect(hourLabels(canvasElement).length).toBeGreaterThanOrEqual(2);
    await expectLabelsApart(canvasElement);
  },
};

export const Ctr: Story = {
  args: { defaultMetric: 'ctr' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', { name: /^CTR by weekday and hour of day: highest .*\([\d.]+%\)/ }),
    ).toBeVisible();
  },
};

export const Year: Story = {
  args: { weekHours: yearReport.weekHours },
  play: async ({ canvasElement }) => {
    await expect(cells(canvasElement)).toHaveLength(168);
  },
};

export const SwitchToCtr: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'CTR' }));
    await expect(args.onMetricChange).toHaveBeenCalledWith('ctr');
    await expect(canvas.getByRole('img', { name: /^CTR by weekday/ })).toBeVisible();
  },
};

export const Tooltip: Story = {
  play: async ({ canvas, canvasElement }) => {
    // Saturday 18:00: row 6, column 19.
    const cell = canvasElement.querySelector('[data-cell="Sat.18:00"]') as Element;
    await pointAt(cell);
    const expected = oneWeekReport.weekHours.find((item) => item.weekday === 5 && item.hour === 18);
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent(
      `Saturday 18:00Impressions${expected?.impressions.toLocaleString('en-GB')}`,
    );
  },
};

export const AllZeros: Story = {
  args: { weekHours: zeroReport.weekHours },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No impressions in this period')).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const ImpressionsDark: Story = { ...Impressions, ...dark };
export const CtrDark: Story = { ...Ctr, ...dark };
export const TooltipDark: Story = { ...Tooltip, ...dark };
export const AllZerosDark: Story = { ...AllZeros, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
