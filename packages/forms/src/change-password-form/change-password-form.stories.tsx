import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ChangePasswordForm } from './change-password-form';

const meta = {
  title: 'Forms/ChangePasswordForm',
  component: ChangePasswordForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof ChangePasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const values = { username: 'ada@example.com', password: 'new-secret', confirmPassword: 'new-secret' };

async function fillAndSubmit(canvas: Canvas, input: typeof values) {
  if (input.username) await userEvent.type(canvas.getByLabelText('Email'), input.username);
  if (input.password) await userEvent.type(canvas.getByLabelText('Password'), input.password);
  if (input.confirmPassword)
    await userEvent.type(canvas.getByLabelText('Confirm password'), input.confirmPassword);
  await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
}

export const Empty: Story = {};

export const Filled: Story = { args: { defaultValues: values } };

export const EmailReadOnly: Story = {
  args: { defaultValues: { username: 'ada@example.com' }, emailReadOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('readonly');
  },
};

export const Pending: Story = {
  args: { defaultValues: values, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const submit = canvas.getByRole('button', { name: 'Change password' });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith(values);
  },
};

export const ServerError: Story = {
  args: { defaultValues: values, serverError: 'This reset link has expired' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('This reset link has expired');
  },
};

export const Success: Story = {
  args: { defaultValues: values, successMessage: 'Password changed. Sign in with your new password.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Password changed. Sign in with your new password.',
    );
  },
};

export const EmailTooShort: Story = {
  play: async ({ canvas, args }) => {
    await fillAndSubmit(canvas, { ...values, username: 'a@b.c' });
    await expect(await canvas.findByText('Fill in your email')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PasswordTooShort: Story = {
  play: async ({ canvas, args }) => {
    await fillAndSubmit(canvas, { ...values, password: 'abc' });
    await expect(await canvas.findByText('Fill in your password at least 6 characters long')).toBeVisible();
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ConfirmationTooShort: Story = {
  play: async ({ canvas, args }) => {
    await fillAndSubmit(canvas, { ...values, confirmPassword: 'abc' });
    await expect(await canvas.findByText('Repeat your password')).toBeVisible();
    await expect(canvas.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PasswordsDoNotMatch: Story = {
  play: async ({ canvas, args }) => {
    await fillAndSubmit(canvas, { ...values, confirmPassword: 'other-secret' });
    await expect(await canvas.findByText('Passwords do not match!')).toBeVisible();
    await expect(canvas.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Passwords do not match!',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Email')).toHaveFocus();
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('new-secret');
    await userEvent.tab();
    await userEvent.keyboard('new-secret');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Change password' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(values));
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const ServerErrorDark: Story = { ...ServerError, globals: { theme: 'dark' } };
export const PasswordsDoNotMatchDark: Story = { ...PasswordsDoNotMatch, globals: { theme: 'dark' } };
