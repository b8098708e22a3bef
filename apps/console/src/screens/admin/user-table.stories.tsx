import type { Invitation, UserListEntry } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { InvitationList, UserTable } from './user-table';

const users: UserListEntry[] = [
  {
    id: 'u1',
    first_name: 'Ada',
    last_name: 'Admin',
    email: 'ada@adconsole.test',
    role: 'admin',
    verified: true,
    lastLogin: '2026-11-24T09:12:00.000Z',
  },
  {
    id: 'u2',
    first_name: 'Ben',
    last_name: 'Buyer',
    email: 'ben@agency.example',
    role: 'user',
    verified: true,
    lastLogin: '2026-11-20T15:40:00.000Z',
  },
  {
    id: 'u3',
    first_name: 'Cleo',
    last_name: 'Client',
    email: 'cleo@client.example',
    role: 'user',
    verified: true,
    lastLogin: '2026-10-02T08:00:00.000Z',
    disabled: true,
  },
  {
    id: 'u4',
    first_name: 'Dan',
    last_name: 'New',
    email: 'dan@adconsole.test',
    role: 'admin',
    verified: false,
    lastLogin: null,
  },
];

const invitations: Invitation[] = [
  {
    email: 'eve@client.example',
    role: 'user',
    invitedAt: '2026-11-21T10:00:00.000Z',
    expiresAt: '2026-12-05T10:00:00.000Z',
  },
  {
    email: 'finance@adconsole.test',
    role: 'admin',
    invitedAt: '2026-11-24T16:30:00.000Z',
    expiresAt: '2026-12-08T16:30:00.000Z',
  },
];

const meta = {
  title: 'Console/Admin/UserTable',
  component: UserTable,
  args: {
    users,
    selfId: 'u1',
    actions: { setRole: fn(), setDisabled: fn(), remove: fn(), showWebhooks: fn(), editAdvertisers: fn() },
  },
} satisfies Meta<typeof UserTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Roles and states; one's own row offers nothing to change. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const own = canvas.getByRole('row', { name: /Ada Admin/ });
    await expect(within(own).queryByRole('button')).toBeNull();
    await expect(canvas.getByRole('row', { name: /Cleo Client/ })).toHaveTextContent('Disabled');
    await expect(canvas.getByRole('row', { name: /Dan New/ })).toHaveTextContent('Not verified');
  },
};

export const ChangesARoleAndDisables: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Make admin (Ben Buyer)' }));
    await expect(args.actions.setRole).toHaveBeenCalledWith(expect.objectContaining({ id: 'u2' }), 'admin');
    await userEvent.click(canvas.getByRole('button', { name: 'Enable Cleo Client' }));
    await expect(args.actions.setDisabled).toHaveBeenCalledWith(expect.objectContaining({ id: 'u3' }), false);
    await userEvent.click(canvas.getByRole('button', { name: 'Webhooks (Cleo Client)' }));
    await expect(args.actions.showWebhooks).toHaveBeenCalledWith(expect.objectContaining({ id: 'u3' }));
  },
};

/** Deleting asks first, and says what a user who owns campaigns gets instead. */
export const ConfirmDelete: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Ben Buyer' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('disable the user instead');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await expect(args.actions.remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'u2' }));
  },
};

export const Pending: Story = { args: { pendingId: 'u2' } };

export const Dark: Story = { globals: { theme: 'dark' } };

/** On a phone the table scrolls inside its width, its right side fading while there is more. */
export const Phone: Story = {
  decorators: [(Story) => <div className="w-[358px]">{Story()}</div>],
};

export const Invitations: Story = {
  render: () => <InvitationList invitations={invitations} onResend={fn()} onRevoke={fn()} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Open invitations' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send again (eve@client.example)' })).toBeEnabled();
  },
};

export const NoInvitations: Story = {
  render: () => <InvitationList invitations={[]} onResend={fn()} onRevoke={fn()} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No invitation is waiting to be used.')).toBeVisible();
  },
};

/** A client (docs/security.md, "Client access"): its advertisers under its role, changed from its row; no role to change. */
export const Clients: Story = {
  args: {
    users: [
      ...users.slice(0, 2),
      {
        id: 'u5',
        first_name: 'Cleo',
        last_name: 'Client',
        email: 'cleo@client.example',
        role: 'client',
        verified: true,
        lastLogin: '2026-11-25T11:00:00.000Z',
        advertiserIds: ['adv-1', 'adv-3'],
      },
    ],
    advertiserNames: new Map([
      ['adv-1', 'Acme Shoes'],
      ['adv-3', 'Cosmo Drinks'],
    ]),
  },
  play: async ({ canvas, args }) => {
    const row = canvas.getByRole('row', { name: /Cleo Client/ });
    await expect(row).toHaveTextContent('Acme Shoes, Cosmo Drinks');
    await expect(within(row).queryByRole('button', { name: /Make admin/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Advertisers (Cleo Client)' }));
    await expect(args.actions.editAdvertisers).toHaveBeenCalledWith(expect.objectContaining({ id: 'u5' }));
  },
};
