import { oneWeekReport } from '@adconsole/charts/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { DashboardTrend } from './dashboard-trend';

const meta = {
  title: 'Console/Dashboard/DashboardTrend',
  component: DashboardTrend,
  args: { series: oneWeekReport.series, defer: false },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof DashboardTrend>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The figures on their way: the card is busy and holds a skeleton of the chart's size. */
export const Loading: Story = {
  args: { series: undefined },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="dashboard-trend"]')?.parentElement;
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(
      canvasElement.querySelector('[data-slot="dashboard-trend"] [data-slot="skeleton"]'),
    ).not.toBeNull();
  },
};

/** The week drawn: the metric switch and the line. */
export const Drawn: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="chart-responsive"] svg')).not.toBeNull(),
    );
    await expect(canvasElement.querySelector('[data-slot="dashboard-trend"]')?.parentElement).toHaveAttribute(
      'aria-busy',
      'false',
    );
  },
};

/**
 * Between the chart's code arriving and the chart being drawn (measured, then drawn in a transition: 1
 * to 3 s on a loaded phone) its area is empty: it pulses as a skeleton, never an empty box. The story
 * puts such an area (the chart's own, as it stands before it is measured) in the card beside a drawn one.
 */
export const ChartAreaBeforeDrawing: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const content = canvasElement.querySelector('[data-slot="dashboard-trend"]') as HTMLElement;
    await waitFor(() => expect(content.querySelector('[data-slot="chart-responsive"] svg')).not.toBeNull());
    const drawn = content.querySelector('[data-slot="chart-responsive"]') as HTMLElement;
    const undrawn = document.createElement('div');
    undrawn.dataset.slot = 'chart-responsive';
    undrawn.style.height = '260px';
    content.append(undrawn);
    // A skeleton's colour to compare with.
    const skeleton = document.createElement('div');
    skeleton.className = 'animate-pulse bg-muted';
    content.append(skeleton);
    try {
      await expect(getComputedStyle(undrawn).animationName).toBe('pulse');
      await expect(getComputedStyle(undrawn).backgroundColor).toBe(
        getComputedStyle(skeleton).backgroundColor,
      );
      await expect(getComputedStyle(drawn).animationName).toBe('none');
    } finally {
      undrawn.remove();
      skeleton.remove();
    }
  },
};
