import type { UserShareLink, WebhookEndpoint } from '@adconsole/domain';
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

const links: UserShareLink[] = [
  {
    url: 'https://console.example/share/kQ3v8Yb1tWm4Zr7pXc2Ld9Ns6Hf0Ga5JeUoRi8Tq4',
    token: 'kQ3v8Yb1tWm4Zr7pXc2Ld9Ns6Hf0Ga5JeUoRi8Tq4',
    campaignID: 'c1',
    campaignName: 'Winter sale 2026',
    createdAt: '2026-11-12T10:00:00.000Z',
    expiresAt: null,
    includeCosts: true,
  },
  {
    url: 'https://console.example/share/Zp1Xq7Wc3Vb9Nm5Lk2Jh8Gf4Ds6Aa0Qe1Rt7Yu3Io9',
    token: 'Zp1Xq7Wc3Vb9Nm5Lk2Jh8Gf4Ds6Aa0Qe1Rt7Yu3Io9',
    campaignID: 'c2',
    campaignName: 'Brand awareness Q4',
    createdAt: '2026-11-20T15:30:00.000Z',
    expiresAt: '2026-12-31T23:00:00.000Z',
    includeCosts: false,
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

/**
 * The account's share links beside its webhooks (docs/security.md, "Off-boarding"): each campaign, when
 * made, until when and whether it shows costs; revoking asks first.
 */
export const WithShareLinks: Story = {
  args: { shareLinks: { links, onRevoke: fn() } },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Webhooks of Cleo Client' }));
    const list = within(dialog.getByRole('list', { name: 'Share links of the account' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(2);
    await expect(list.getByText(/shows costs/)).toBeVisible();
    await expect(list.getByText(/until revoked/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke (Winter sale 2026 (…Ri8Tq4))' }));
    const question = await screen.findByRole('alertdialog', { name: 'Revoke Winter sale 2026 (…Ri8Tq4)?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Revoke share link' }));
    await expect(args.shareLinks?.onRevoke).toHaveBeenCalledWith(links[0]);
  },
};

export const NoShareLinks: Story = {
  args: { endpoints: [], shareLinks: { links: [], onRevoke: fn() } },
  play: async () => {
    await expect(await screen.findByText('This account has no share links.')).toBeVisible();
  },
};

export const Dark: Story = { ...Endpoints, globals: { theme: 'dark' } };
