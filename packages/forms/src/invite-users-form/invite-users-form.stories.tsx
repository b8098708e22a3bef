import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { InviteUsersForm } from './invite-users-form';

const meta = {
  title: 'Forms/InviteUsersForm',
  component: InviteUsersForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof InviteUsersForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const invitees = [
  { email: 'grace@example.com', firstName: 'Grace' },
  { email: 'alan@example.com', firstName: '' },
];

export const Empty: Story = {};

export const Filled: Story = { args: { defaultValues: { invitees, role: 'admin' } } };

export const Pending: Story = {
  args: { defaultValues: { invitees }, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Send invitations' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      emails: ['grace@example.com', 'alan@example.com'],
      role: 'user',
      invitees: [{ email: 'grace@example.com', firstName: 'Grace' }, { email: 'alan@example.com' }],
    });
  },
};

export const ServerError: Story = {
  args: { defaultValues: { invitees }, serverError: 'grace@example.com already has an account' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('grace@example.com already has an account');
  },
};

export const Success: Story = {
  args: { successMessage: 'Invitations sent to 2 people.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Invitations sent to 2 people.');
  },
};

export const InviteeEmailInvalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Invitee 1 e-mail'), 'grace@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Add another person' }));
    await userEvent.type(canvas.getByLabelText('Invitee 2 e-mail'), 'alan at example');
    await userEvent.click(canvas.getByRole('button', { name: 'Send invitations' }));
    await expect(await canvas.findByText('Each invitee must be an e-mail address')).toBeVisible();
    await expect(canvas.getByLabelText('Invitee 2 e-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NobodyToInvite: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove invitee 1' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send invitations' }));
    await expect(await canvas.findByText('Add at least one e-mail address')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Invitee 1 e-mail')).toHaveFocus();
    await userEvent.keyboard('grace@example.com');
    await userEvent.tab();
    await userEvent.keyboard('Grace');
    await userEvent.tab(); // remove
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Add another person' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByLabelText('Invitee 2 e-mail')).toBeInTheDocument());
    // Adding a row moves focus into its e-mail field.
    await expect(canvas.getByLabelText('Invitee 2 e-mail')).toHaveFocus();
    await userEvent.keyboard('alan@example.com');
    await userEvent.tab(); // first name
    await userEvent.tab(); // remove
    await userEvent.tab(); // add another
    await userEvent.tab();
    const role = canvas.getByRole('combobox', { name: 'Role' });
    await expect(role).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(role).toHaveTextContent('Admin'));
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        emails: ['grace@example.com', 'alan@example.com'],
        role: 'admin',
        invitees: [{ email: 'grace@example.com', firstName: 'Grace' }, { email: 'alan@example.com' }],
      }),
    );
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, globals: { theme: 'dark' } };
export const InviteeEmailInvalidDark: Story = { ...InviteeEmailInvalid, globals: { theme: 'dark' } };

const advertisers = [
  { id: 'adv-1', name: 'Acme Shoes' },
  { id: 'adv-2', name: 'Bravo Travel' },
  { id: 'adv-3', name: 'Cosmo Drinks' },
];

/** A client invitation (docs/security.md, "Client access"): the advertisers it will read, at least one. */
export const ClientInvitation: Story = {
  args: {
    advertisers,
    defaultValues: { invitees: [{ email: 'cleo@client.example', firstName: 'Cleo' }], role: 'client' },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('group', { name: "The client's advertisers" })).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Cosmo Drinks' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Acme Shoes' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        emails: ['cleo@client.example'],
        role: 'client',
        advertiserIds: ['adv-1', 'adv-3'],
        invitees: [{ email: 'cleo@client.example', firstName: 'Cleo' }],
      }),
    );
  },
};

export const ClientWithoutAdvertisers: Story = {
  args: { advertisers, defaultValues: { invitees: [{ email: 'cleo@client.example' }], role: 'client' } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send invitations' }));
    await expect(await canvas.findByText('Choose at least one advertiser for a client.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Without advertisers to give, the role Client is not offered. */
export const NoClientRoleWithoutAdvertisers: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    const list = await screen.findByRole('listbox');
    await expect(list).not.toHaveTextContent('Client');
    await userEvent.keyboard('{Escape}');
  },
};
