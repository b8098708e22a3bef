import type { WebhookEndpoint } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { UserWebhooks } from './user-webhooks';

const endpoints: WebhookEndpoint[] = [
  {
    id: 'wh1',
    url: 'https://hooks.client.example/adconsole/alerts',
    description: 'On-call pager',
    enabled: true,
    createdAt: '2026-11-02T09:30:00.000Z',
    secretRotatedAt: null,
  },
  {
    id: 'wh2',
    url: 'https://automation.agency.example/incoming/4f1c9a27b3e84d02a6c1e5f0d9b8a7c6',
    description: '',
    enabled: false,
    createdAt: '2026-11-20T16:05:00.000Z',
    secretRotatedAt: '2026-11-21T08:00:00.000Z',
  },
];

const meta = {
  title: 'Console/Admin/UserWebhooks',
  component: UserWebhooks,
  parameters: { overlay: true },
  args: { name: 'Cleo Client', endpoints, onClose: fn(), onToggle: fn(), onDelete: fn() },
} satisfies Meta<typeof UserWebhooks>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An account's endpoints, one of them off: an administrator switches them, never sees a secret. */
export const Endpoints: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Webhooks of Cleo Client' });
    const list = within(dialog);
    await expect(list.getByRole('switch', { name: 'Receives alerts (On-call pager)' })).toBeChecked();
    await expect(
      list.getByRole('switch', { name: `Receives alerts (${endpoints[1]?.url})` }),
    ).not.toBeChecked();
    await userEvent.click(list.getByRole('switch', { name: 'Receives alerts (On-call pager)' }));
    await expect(args.onToggle).toHaveBeenCalledWith(endpoints[0], false);
    await expect(dialog).not.toHaveTextContent('whsec_');
  },
};

/** Deleting asks first, and says how to silence the whole account instead. */
export const ConfirmDelete: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Webhooks of Cleo Client' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete (On-call pager)' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete On-call pager?' });
    await expect(question).toHaveTextContent('disable the user');
    await userEvent.click(within(question).getByRole('button', { name: 'Delete webhook' }));
    await expect(args.onDelete).toHaveBeenCalledWith(endpoints[0]);
  },
};

/** A change under way: that endpoint's controls wait. */
export const Pending: Story = {
  args: { pendingId: 'wh1' },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getByRole('switch', { name: 'Receives alerts (On-call pager)' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Delete (On-call pager)' })).toBeDisabled();
  },
};

export const NoWebhooks: Story = {
  args: { endpoints: [] },
  play: async () => {
    await expect(await screen.findByText('This account has no webhooks.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { endpoints: undefined },
  play: async () => {
    await expect(await screen.findByLabelText('Loading webhooks')).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { endpoints: undefined, loadError: new TypeError('Failed to fetch') },
  play: async () => {
    await expect(await screen.findByText('Failed to fetch')).toBeVisible();
  },
};

export const Dark: Story = { ...Endpoints, globals: { theme: 'dark' } };
