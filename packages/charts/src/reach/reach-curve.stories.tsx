import { NO_REACH } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { devicesOnlyReach, monthReach, noIdentityReach, oneDayReach } from '../fixtures';
import { ReachCurve } from './reach-curve';

const meta = {
  title: 'Charts/ReachCurve',
  component: ReachCurve,
  args: { reach: monthReach, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof ReachCurve>;

export default meta;
type Story = StoryObj<typeof meta>;

const slot = (canvasElement: HTMLElement, name: string) =>
  canvasElement.querySelector(`[data-slot="${name}"]`);

/** The chart is measured, then drawn: wait for its day bars. */
const drawn = (canvasElement: HTMLElement) =>
  waitFor(() => expect(slot(canvasElement, 'reach-day-bars')).toBeInTheDocument());

/** Thirty days: the cumulative curve flattening over each day's new and returning browsers and devices. */
export const Full: Story = {
  play: async ({ canvas, canvasElement }) => {
    await drawn(canvasElement);
    await expect(slot(canvasElement, 'reach-total')).toHaveTextContent('124,000');
    await expect(canvas.getByText(/browsers and devices reached \(±0\.8 %\)/)).toBeVisible();
    await expect(
      canvas.getByText(
        'About 124,000 browsers and devices (±0.8 %) saw 3.4 ads on average; 84 % of the ads had an identity.',
      ),
    ).toBeVisible();
    const figures = slot(canvasElement, 'reach-figures') as HTMLElement;
    await expect(within(figures).getByText('about 101,300')).toBeVisible();
    await expect(within(figures).getByText('about 22,700')).toBeVisible();
    await expect(within(figures).getByText('3.4 ads each')).toBeVisible();
    await expect(within(figures).getByText('84 %')).toBeVisible();
    // One bar per day (new and returning), every day in the table for screen readers.
    await expect(canvasElement.querySelectorAll('[data-slot="reach-day-bars"] > g')).toHaveLength(30);
    await expect(
      canvas.getByRole('img', { name: /^Reach by day, Oct 24, 2026 to Nov 22, 2026 \(estimates, ±0\.8 %\)/ }),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Reach by day (estimates, ±0.8 %)' });
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(30);
    await expect(canvas.getByRole('rowheader', { name: 'Nov 22, 2026' }).parentElement).toHaveTextContent(
      'Nov 22, 202612,89755212,345124,000',
    );
  },
};

/** One day: one bar, all of it new, the curve a single point. */
export const SingleDay: Story = {
  args: { reach: oneDayReach },
  play: async ({ canvas, canvasElement }) => {
    await drawn(canvasElement);
    await expect(slot(canvasElement, 'reach-total')).toHaveTextContent('9,680');
    await expect(canvasElement.querySelectorAll('[data-slot="reach-day-bars"] > g')).toHaveLength(1);
    await expect(canvas.getByRole('img', { name: /^Reach by day, Nov 18, 2026 \(estimates/ })).toBeVisible();
  },
};

/** A campaign in apps and on TV: advertising ids only, no browser counted. */
export const DevicesOnly: Story = {
  args: { reach: devicesOnlyReach },
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const figures = slot(canvasElement, 'reach-figures') as HTMLElement;
    await expect(within(figures).getByText('none')).toBeVisible();
    await expect(within(figures).getByText('about 3,460')).toBeVisible();
    await expect(within(figures).getByText('4.2 ads each')).toBeVisible();
  },
};

/** Ads served, none with an identity (no consent, no cookies, no device id): it says why, never 0. */
export const NoIdentity: Story = {
  args: { reach: noIdentityReach },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByText(
        'No ad in this range had an identity to count (no consent to keep one, no cookies, no device id): reach cannot be told.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('1,240 ads served in this range.')).toBeVisible();
    await expect(slot(canvasElement, 'reach-total')).toBeNull();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    await expect(canvasElement).not.toHaveTextContent(/\b0 browsers/);
  },
};

/** No ad in the range: the sentence alone. */
export const NoAds: Story = {
  args: { reach: NO_REACH },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No ads served in this range.')).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

/** A phone (390 px, the card's padding taken off): the figures in two columns, the chart within the width. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 294 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await drawn(canvasElement);
    const reach = slot(canvasElement, 'reach') as HTMLElement;
    await expect(reach.scrollWidth).toBeLessThanOrEqual(294);
    const labels = [...canvasElement.querySelectorAll('[data-slot="reach-curve"] svg text')]
      .filter((text) => /^[A-Z][a-z]{2} \d+$/.test(text.textContent ?? ''))
      .map((text) => text.getBoundingClientRect());
    await expect(labels.length).toBeGreaterThanOrEqual(2);
    for (let index = 1; index < labels.length; index += 1)
      await expect((labels[index]?.left ?? 0) - (labels[index - 1]?.right ?? 0)).toBeGreaterThan(4);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const FullDark: Story = { ...Full, ...dark };
export const NoIdentityDark: Story = { ...NoIdentity, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
