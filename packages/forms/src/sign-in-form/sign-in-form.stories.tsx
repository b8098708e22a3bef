import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { SignInForm } from './sign-in-form';

const meta = {
  title: 'Forms/SignInForm',
  component: SignInForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof SignInForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const filled = { username: 'ada@example.com', password: 'correct-horse', remember: true };

export const Empty: Story = {};

export const Filled: Story = { args: { defaultValues: filled } };

export const EmailVerified: Story = {
  args: { verified: true, defaultValues: { username: 'ada@example.com' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Email verified! Sign in below');
  },
};

export const Pending: Story = {
  args: { defaultValues: filled, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(button).toBeDisabled();
    await expect(args.onSubmit).toHaveBeenCalledWith(filled);
  },
};

export const ServerError: Story = {
  args: { defaultValues: filled, serverError: 'Sign in failed!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Sign in failed!');
  },
};

export const EmailTooShort: Story = {
  play: async ({ canvas, args }) => {
    const email = canvas.getByLabelText('Email');
    await userEvent.type(email, 'a@b.c');
    await userEvent.type(canvas.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Fill in your email')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Fill in your email');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PasswordTooShort: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
    const password = canvas.getByLabelText('Password');
    await userEvent.type(password, 'abc');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Fill in your password at least 6 characters long')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Email')).toHaveFocus();
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('correct-horse');
    await userEvent.tab();
    await expect(canvas.getByRole('switch', { name: 'Remember me' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(filled));
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const EmailVerifiedDark: Story = { ...EmailVerified, globals: { theme: 'dark' } };
export const ServerErrorDark: Story = { ...ServerError, globals: { theme: 'dark' } };
export const PasswordTooShortDark: Story = { ...PasswordTooShort, globals: { theme: 'dark' } };

export const VerifyLinkCodeInvalid: Story = {
  args: { verifyLink: { code: 'abc', verifyToken: 'a1b2c3d4e5f6' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid email!');
  },
};

export const VerifyLinkCodeNotAnEmail: Story = {
  // Base64 that decodes to text without an @: the code is well-formed but names no e-mail.
  args: { verifyLink: { code: btoa('not-an-email'), verifyToken: 'a1b2c3d4e5f6' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid email!');
  },
};

export const VerifyLinkTokenMissing: Story = {
  args: { verifyLink: { code: btoa('ada@example.com'), verifyToken: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid URL!');
  },
};

export const VerifyLinkValid: Story = {
  args: { verifyLink: { code: btoa('ada@example.com'), verifyToken: 'a1b2c3d4e5f6' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};
