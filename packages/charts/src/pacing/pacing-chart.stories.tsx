import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import {
  atRiskPacing,
  awaitingFirstImpressionPacing,
  deliveredPacing,
  notStartedPacing,
  onTrackPacing,
} from '../fixtures';
import { PacingChart } from './pacing-chart';

const meta = {
  title: 'Charts/PacingChart',
  component: PacingChart,
  args: { pacing: atRiskPacing, width: 720, height: 260, locale: 'en-US' },
} satisfies Meta<typeof PacingChart>;

export default meta;
type Story = StoryObj<typeof meta>;

const slot = (canvasElement: HTMLElement, name: string) =>
  canvasElement.querySelector(`[data-slot="${name}"]`);

/** The example: day 10 of 30, 80,000 of a plan of 100,000 delivered, 240,000 projected. */
export const AtRisk: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('img', {
        name: "Pacing of 300,000 impressions, Nov 1, 2026 to Nov 30, 2026: At risk. 80,000 delivered against a plan of 100,000 (20% under plan); 240,000 projected by the flight's end.",
      }),
    ).toBeVisible();
    await expect(slot(canvasElement, 'pacing-delivered')).toBeInTheDocument();
    await expect(slot(canvasElement, 'pacing-projected')).toHaveAttribute('stroke-dasharray', '5 4');
    await expect(slot(canvasElement, 'pacing-goal')).toBeInTheDocument();
    await expect(canvas.getByText('Goal 300K')).toBeVisible();
    // Every day of the flight, for screen readers.
    const table = canvas.getByRole('table', { name: /Impressions delivered against the plan/ });
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(30);
    await expect(canvas.getByRole('rowheader', { name: 'Nov 10, 2026' }).parentElement).toHaveTextContent(
      'Nov 10, 202680,000100,000—',
    );
  },
};

export const OnTrack: Story = {
  args: { pacing: onTrackPacing },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', { name: /On track\. 100,000 delivered .*\(on plan\)/ }),
    ).toBeVisible();
  },
};

/** The goal reached before the flight's end: the delivered line crosses the goal. */
export const Delivered: Story = {
  args: { pacing: deliveredPacing },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: /: Delivered\. 300,000 delivered/ })).toBeVisible();
  },
};

/** Before the flight: only the plan and the goal. */
export const NotStarted: Story = {
  args: { pacing: notStartedPacing },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: /Not started\. Nothing is planned/ })).toBeVisible();
    await expect(slot(canvasElement, 'pacing-delivered')).toBeNull();
    await expect(slot(canvasElement, 'pacing-projected')).toBeNull();
  },
};

/** The flight began six hours ago and no tag has served yet: not started, not at risk. */
export const AwaitingFirstImpression: Story = {
  args: { pacing: awaitingFirstImpressionPacing },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', {
        name: /Not started\. Nothing delivered yet: pacing counts from the first impression/,
      }),
    ).toBeVisible();
  },
};

/** A phone (390 px, the card's padding taken off): the chart fills the width, labels apart, no overflow. */
export const Phone: Story = {
  args: { width: undefined },
  decorators: [
    (Story) => (
      <div style={{ width: 326 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(slot(canvasElement, 'pacing-svg')).toBeInTheDocument());
    const chart = slot(canvasElement, 'pacing-chart') as HTMLElement;
    await expect(chart.scrollWidth).toBeLessThanOrEqual(326);
    const labels = [...canvasElement.querySelectorAll('[data-slot="pacing-svg"] text[data-axis="x"]')].map(
      (text) => text.getBoundingClientRect(),
    );
    await expect(labels.length).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < labels.length; index += 1)
      await expect((labels[index]?.left ?? 0) - (labels[index - 1]?.right ?? 0)).toBeGreaterThan(4);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const AtRiskDark: Story = { ...AtRisk, ...dark };
export const OnTrackDark: Story = { ...OnTrack, ...dark };
export const DeliveredDark: Story = { ...Delivered, ...dark };
export const NotStartedDark: Story = { ...NotStarted, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
