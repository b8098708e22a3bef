import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { AlertBell } from './alert-bell';
import { acknowledgedVast, alerts, mutedSpike, openDrop } from './alert-fixtures';

const meta = {
  title: 'Console/Alerts/AlertBell',
  component: AlertBell,
  args: { alerts: [openDrop, acknowledgedVast, mutedSpike] },
  decorators: [(Story) => <div className="flex h-[28rem] justify-end p-2">{Story()}</div>],
} satisfies Meta<typeof AlertBell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three open alerts: one nobody acknowledged or muted is counted; the acknowledged and the muted one are listed. */
export const WithOpenAlerts: Story = {
  play: async ({ canvas }) => {
    const bell = canvas.getByRole('button', { name: 'Alerts, 1 open' });
    await expect(bell).toHaveTextContent('1');
    await userEvent.click(bell);
    const panel = within(await screen.findByRole('list', { name: 'Open alerts list' }));
    await expect(panel.getAllByRole('link')).toHaveLength(3);
    await expect(panel.getByRole('link', { name: /Delivery drop · Spring sale 2026/ })).toHaveAttribute(
      'href',
      `/campaigns/${openDrop.campaignID}/alerts`,
    );
    await expect(screen.getByRole('link', { name: 'All alerts and settings' })).toHaveAttribute(
      'href',
      '/alerts',
    );
    await expect(panel.getByText('Acknowledged')).toBeVisible();
    await expect(panel.getByText('Muted')).toBeVisible();
  },
};

export const NoneOpen: Story = {
  args: { alerts: [alerts[3] as (typeof alerts)[number]] },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Alerts, none open' }));
    await expect(await screen.findByText('Nothing is wrong: no alert is open.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { alerts: undefined },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Alerts, none open' }));
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading alerts');
  },
};

/** More than the panel lists: the count says them all, the panel the newest eight. */
export const Many: Story = {
  args: {
    alerts: Array.from({ length: 12 }, (_, index) => ({ ...openDrop, id: `many-${index}` })),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Alerts, 12 open' }));
    await expect(await screen.findByText('4 more open: see all alerts.')).toBeVisible();
  },
};

export const Phone: Story = {
  ...WithOpenAlerts,
  decorators: [(Story) => <div className="flex h-[28rem] w-[358px] justify-end p-2">{Story()}</div>],
};

const dark = { globals: { theme: 'dark' } } as const;
export const WithOpenAlertsDark: Story = { ...WithOpenAlerts, ...dark };
export const NoneOpenDark: Story = { ...NoneOpen, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
