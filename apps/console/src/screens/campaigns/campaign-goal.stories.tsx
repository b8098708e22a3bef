import { atRiskPacing, deliveredPacing, notStartedPacing, onTrackPacing } from '@adconsole/charts/fixtures';
import type { Campaign } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { CampaignGoal } from './campaign-goal';

const data = {
  impressions: 80_000,
  clicks: 320,
  engagement: 1_200,
  start: { date: '2026-11-01' },
  end: { date: '2026-11-30' },
  timezone: 'UTC',
  goal: { metric: 'impressions', amount: 300_000 },
  rate: { model: 'CPM', amount: 2.5, currency: 'USD' },
} as Campaign['data'];

const meta = {
  title: 'Console/Campaigns/CampaignGoal',
  component: CampaignGoal,
  args: { campaign: { data, pacing: atRiskPacing }, onEdit: fn(), locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof CampaignGoal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The example: day 10 of 30, 80,000 of 300,000 impressions, at risk. */
export const AtRisk: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Goal 300,000 impressions, booked at USD 2.50 CPM.')).toBeVisible();
    await expect(canvas.getByText('At risk · 20% under plan')).toBeVisible();
    await expect(canvas.getByText('11,000')).toBeVisible();
    await expect(canvas.getByRole('img', { name: /^Pacing of 300,000 impressions/ })).toBeVisible();
  },
};

export const OnTrack: Story = {
  args: { campaign: { data, pacing: onTrackPacing } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('On track · on plan')).toBeVisible();
  },
};

export const Delivered: Story = {
  args: { campaign: { data, pacing: deliveredPacing } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Delivered', { selector: '[data-slot="pacing-status"]' })).toBeVisible();
  },
};

/**
 * A week before an evenly delivered flight: when it starts and what it will serve a day (300,000 over 30
 * days), no rate of "0 % of requests" and no projection.
 */
export const NotStarted: Story = {
  args: {
    campaign: {
      data: { ...data, deliveryMode: 'even' },
      pacing: { ...notStartedPacing, deliveryMode: 'even', throttleRate: 0 },
    },
    now: new Date('2026-10-25T00:00:00Z'),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Not started')).toBeVisible();
    await expect(
      canvas.getByText(
        'Starts 1 Nov 00:00 UTC; needs about 10,000 a day (the inventory forecast says what is available)',
      ),
    ).toBeVisible();
    await expect(canvas.queryByText(/% of requests/)).not.toBeInTheDocument();
    const projected = canvas.getByText('Projected', { selector: 'dt' }).nextElementSibling;
    await expect(projected).toHaveTextContent('—');
  },
};

/** Delivered evenly: the throttle serves 34 % of the requests now (docs/serving.md, "Even delivery"). */
export const DeliveringEvenly: Story = {
  args: {
    campaign: {
      data: { ...data, deliveryMode: 'even' },
      pacing: { ...onTrackPacing, deliveryMode: 'even', throttleRate: 0.34 },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Delivering evenly · serving 34 % of requests')).toBeVisible();
    await expect(canvas.getByText('On track · on plan')).toBeVisible();
  },
};

/** A goal without both flight dates: no pacing, and why. */
export const GoalWithoutFlight: Story = {
  args: { campaign: { data: { ...data, end: null, rate: null }, pacing: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Goal 300,000 impressions, no rate.')).toBeVisible();
    await expect(canvas.getByText(/Pacing shows once the flight has a start and an end date/)).toBeVisible();
  },
};

/** Nothing booked: a link to the campaign form. */
export const NothingBooked: Story = {
  args: { campaign: { data: { ...data, goal: null, rate: null }, pacing: null } },
  play: async ({ args, canvas }) => {
    canvas.getByRole('button', { name: 'Set them in the campaign' }).click();
    await waitFor(() => expect(args.onEdit).toHaveBeenCalled());
  },
};

/** A 390 px phone (the page's padding taken off): figures two to a row, the chart fits. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByRole('img', { name: /^Pacing of/ })).toBeVisible());
    const card = canvasElement.querySelector('[data-slot="card"]') as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const AtRiskDark: Story = { ...AtRisk, ...dark };
export const NothingBookedDark: Story = { ...NothingBooked, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
export const DeliveringEvenlyDark: Story = { ...DeliveringEvenly, ...dark };
