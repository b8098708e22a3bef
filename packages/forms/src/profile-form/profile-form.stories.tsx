import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ProfileForm } from './profile-form';

const meta = {
  title: 'Forms/ProfileForm',
  component: ProfileForm,
  args: {
    defaultValues: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    onSubmit: fn(),
    onChangePassword: fn(),
  },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof ProfileForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvas }) => {
    const email = canvas.getByLabelText('Email address');
    await expect(email).toHaveValue('ada@example.com');
    await expect(email).toHaveAttribute('readonly');
    await expect(canvas.getByLabelText('Current password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
  },
};

export const Empty: Story = {
  args: { defaultValues: { firstName: '', lastName: '', email: 'ada@example.com' } },
};

export const Pending: Story = {
  args: { onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Save profile' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'Lovelace' });
  },
};

export const ServerError: Story = {
  args: {
    serverError: 'Your session has expired',
    passwordServerError: 'Sign in again to change your password',
  },
  play: async ({ canvas }) => {
    const alerts = canvas.getAllByRole('alert');
    await expect(alerts[0]).toHaveTextContent('Your session has expired');
    await expect(alerts[1]).toHaveTextContent('Sign in again to change your password');
  },
};

export const Success: Story = {
  args: { successMessage: 'Profile saved.', passwordSuccessMessage: 'Password changed.' },
  play: async ({ canvas }) => {
    const statuses = canvas.getAllByRole('status');
    await expect(statuses[0]).toHaveTextContent('Profile saved.');
    await expect(statuses[1]).toHaveTextContent('Password changed.');
  },
};

export const NamesMissing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.clear(canvas.getByLabelText('Last name'));
    await userEvent.click(canvas.getByRole('button', { name: 'Save profile' }));
    await expect(await canvas.findByText('Fill in your names')).toBeVisible();
    await expect(canvas.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PasswordChange: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Current password'), 'old-secret');
    await userEvent.type(canvas.getByLabelText('New password'), 'new-secret');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'new-secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(args.onChangePassword).toHaveBeenCalledWith({
        currentPassword: 'old-secret',
        password: 'new-secret',
        confirmPassword: 'new-secret',
      }),
    );
    // Once the change went through no password stays on the page.
    await waitFor(() => expect(canvas.getByLabelText('Current password')).toHaveValue(''));
  },
};

export const CurrentPasswordMissing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('New password'), 'new-secret');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'new-secret');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText('Fill in your current password')).toBeVisible();
    await expect(args.onChangePassword).not.toHaveBeenCalled();
  },
};

export const PasswordsDoNotMatch: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Current password'), 'old-secret');
    await userEvent.type(canvas.getByLabelText('New password'), 'new-secret');
    await userEvent.type(canvas.getByLabelText('Confirm new password'), 'new-secrets');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByText('Passwords do not match!')).toBeVisible();
    await expect(args.onChangePassword).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('First name')).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}Augusta');
    await userEvent.tab(); // last name
    await userEvent.tab(); // e-mail (read-only)
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Save profile' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ firstName: 'Augusta', lastName: 'Lovelace' }),
    );
  },
};

export const FilledDark: Story = { ...Filled, globals: { theme: 'dark' } };
export const NamesMissingDark: Story = { ...NamesMissing, globals: { theme: 'dark' } };
