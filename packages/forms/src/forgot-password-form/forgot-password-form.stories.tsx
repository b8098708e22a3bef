import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ForgotPasswordForm } from './forgot-password-form';

const meta = {
  title: 'Forms/ForgotPasswordForm',
  component: ForgotPasswordForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof ForgotPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const button = 'Send me password reset link';

export const Empty: Story = {};

export const Filled: Story = { args: { defaultValues: { email: 'ada@example.com' } } };

export const Pending: Story = {
  args: { defaultValues: { email: 'ada@example.com' }, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const submit = canvas.getByRole('button', { name: button });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com' });
  },
};

export const ServerError: Story = {
  args: { defaultValues: { email: 'ada@example.com' }, serverError: 'No account uses this e-mail address' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('No account uses this e-mail address');
  },
};

export const Success: Story = {
  args: {
    defaultValues: { email: 'ada@example.com' },
    successMessage: 'Check your inbox: a password reset link is on its way.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Check your inbox: a password reset link is on its way.',
    );
  },
};

export const EmailTooShort: Story = {
  play: async ({ canvas, args }) => {
    const email = canvas.getByLabelText('Email');
    await userEvent.type(email, 'a@b.c');
    await userEvent.click(canvas.getByRole('button', { name: button }));
    await expect(await canvas.findByText('Fill in your email')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Email')).toHaveFocus();
    await userEvent.keyboard('ada@example.com');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com' }));
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const SuccessDark: Story = { ...Success, globals: { theme: 'dark' } };
export const EmailTooShortDark: Story = { ...EmailTooShort, globals: { theme: 'dark' } };
