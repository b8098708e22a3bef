import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { alerts, openDrop } from './alert-fixtures';
import { AlertList } from './alert-list';

const meta = {
  title: 'Console/Alerts/AlertList',
  component: AlertList,
  args: { alerts, onAcknowledge: fn(), onMute: fn(), now: new Date('2026-03-31T13:00:00Z') },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof AlertList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open, acknowledged, muted and recovered, each saying so; only open, unacknowledged ones can be acknowledged. */
export const EveryState: Story = {
  play: async ({ canvas, args }) => {
    const rows = canvas.getAllByRole('listitem');
    await expect(rows).toHaveLength(4);
    await expect(canvas.getAllByRole('button', { name: /^Acknowledge/ })).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Acknowledge (Delivery drop)' }));
    await expect(args.onAcknowledge).toHaveBeenCalledWith(openDrop.id);
    await expect(canvas.getByText(/Muted until/)).toBeVisible();
    await expect(canvas.getByText(/^Recovered: Delivering/)).toBeVisible();
    await expect(canvas.getByText(/acknowledged by ada@adconsole.test/)).toBeVisible();
  },
};

/** Mute for a day from the menu; a muted alert offers Unmute instead. */
export const Mute: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Mute (Delivery drop)' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mute for a day' }));
    await expect(args.onMute).toHaveBeenCalledWith(openDrop.id, 24);
    await userEvent.click(canvas.getByRole('button', { name: 'Unmute (Delivery spike)' }));
    await expect(args.onMute).toHaveBeenCalledWith('a3', null);
  },
};

/** The account-wide list names and links each alert's campaign. */
export const WithCampaigns: Story = {
  args: { showCampaign: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link', { name: 'Spring sale 2026' })[0]).toHaveAttribute(
      'href',
      `/campaigns/${openDrop.campaignID}/alerts`,
    );
  },
};

export const Empty: Story = {
  args: { alerts: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No alerts yet/)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { alerts: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Loading alerts')).toHaveAttribute('aria-busy', 'true');
  },
};

export const LoadError: Story = {
  args: { loadError: 'The alerts could not be loaded.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The alerts could not be loaded.')).toBeVisible();
  },
};

export const ActionError: Story = {
  args: { actionError: 'This alert has recovered already: there is nothing to acknowledge.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/has recovered already/)).toBeVisible();
  },
};

export const Phone: Story = {
  ...EveryState,
  args: { showCampaign: true },
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('[data-slot="alert-list"]') as HTMLElement;
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const EveryStateDark: Story = { ...EveryState, ...dark };
export const EmptyDark: Story = { ...Empty, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };

/** A New York campaign's alerts: fired and recovered in New York time, as its rules are checked. */
export const InCampaignZone: Story = {
  args: { timeZone: 'America/New_York' },
  play: async ({ canvas }) => {
    // 31 Mar 12:05 UTC is 08:05 in New York (daylight saving time, UTC-4).
    await expect(canvas.getAllByText(/Fired 31 Mar, 08:05 GMT-4/)[0]).toBeVisible();
  },
};
