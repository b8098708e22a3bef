import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { oneWeekReport, yearReport, zeroReport } from '../fixtures';
import { expectLabelsApart } from '../lib/story-overlap';
import { pointAt } from '../lib/story-pointer';
import { CreativeBreakdown } from './creative-breakdown';

const meta = {
  title: 'Charts/CreativeBreakdown',
  component: CreativeBreakdown,
  args: { creatives: oneWeekReport.creatives, width: 720, locale: 'en-US' },
} satisfies Meta<typeof CreativeBreakdown>;

export default meta;
type Story = StoryObj<typeof meta>;

const yLabels = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-slot="chart-image"] svg text')]
    .map((text) => text.textContent ?? '')
    .filter((label) => !label.endsWith('%'));

export const FourCreatives: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('img', {
        name: /^Share of impressions and clicks by creative: Winter sale leaderboard [\d.]+% of impressions/,
      }),
    ).toBeVisible();
    await expect(yLabels(canvasElement)).toHaveLength(4);
    const legend = canvas.getByRole('list');
    await expect(within(legend).getByText('Share of impressions')).toBeVisible();
    await expect(within(legend).getByText('Share of clicks')).toBeVisible();
    await expect(
      canvas.getByRole('table', { name: 'Share of impressions and clicks by creative' }),
    ).toBeInTheDocument();
    await expectLabelsApart(canvasElement, 8);
  },
};

const ticks = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-slot="chart-image"] svg text')]
    .map((text) => text.textContent ?? '')
    .filter((label) => label.endsWith('%'));

/** A phone (390 px, the card's padding taken off): a narrower names column, three ticks well apart. */
export const Phone: Story = {
  args: { width: undefined, creatives: yearReport.creatives },
  decorators: [
    (Story) => (
      <div style={{ width: 294 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(yLabels(canvasElement)).toHaveLength(8));
    await expect(ticks(canvasElement).length).toBeGreaterThanOrEqual(2);
    await expect(ticks(canvasElement).length).toBeLessThanOrEqual(3);
    await expectLabelsApart(canvasElement, 8);
  },
};

export const TwentyCreatives: Story = {
  args: { creatives: yearReport.creatives },
  play: async ({ canvasElement }) => {
    const labels = yLabels(canvasElement);
    await expect(labels).toHaveLength(8);
    await expect(labels).toContain('Other (13 creatives)');
  },
};

export const Tooltip: Story = {
  play: async ({ canvas, canvasElement }) => {
    const bars = [...canvasElement.querySelectorAll('[data-slot="chart-image"] svg rect')].filter(
      (rect) => Number(rect.getAttribute('width')) > 0 && rect.getAttribute('fill') !== 'transparent',
    );
    // The last bars drawn are the top row: the creative with most impressions.
    await pointAt(bars[bars.length - 1] as Element);
    const top = [...oneWeekReport.creatives].sort((a, b) => b.totals.impressions - a.totals.impressions)[0];
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent(
      `${top?.name}Impressions${top?.totals.impressions.toLocaleString('en-US')} (`,
    );
  },
};

export const NothingServed: Story = {
  args: { creatives: zeroReport.creatives },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No creative served in this period')).toBeVisible();
  },
};

export const NoCreatives: Story = {
  args: { creatives: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No creatives in this report')).toBeVisible();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const FourCreativesDark: Story = { ...FourCreatives, ...dark };
export const TwentyCreativesDark: Story = { ...TwentyCreatives, ...dark };
export const TooltipDark: Story = { ...Tooltip, ...dark };
export const NothingServedDark: Story = { ...NothingServed, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
