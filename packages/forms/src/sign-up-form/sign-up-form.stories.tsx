import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { SignUpForm } from './sign-up-form';

const meta = {
  title: 'Forms/SignUpForm',
  component: SignUpForm,
  args: { companyDomain: 'example.com', onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof SignUpForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const account = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
  termsChecked: true,
};

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/** Types every field that has a value in `values` (empty strings are left blank) and ticks the terms. */
async function fill(canvas: Canvas, values: Partial<typeof account>) {
  const fields = [
    ['First name', values.firstName],
    ['Last name', values.lastName],
    ['Email', values.email],
    ['Password', values.password],
    ['Confirm password', values.confirmPassword],
  ] as const;
  for (const [label, value] of fields) {
    if (value) await userEvent.type(canvas.getByLabelText(label), value);
  }
  if (values.termsChecked) {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
  }
}

const submit = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: 'Sign up' }));

export const Empty: Story = {};

export const Prefilled: Story = {
  args: { defaultValues: { firstName: 'Ada', email: 'ada@example.com' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('First name')).toHaveValue('Ada');
    await expect(canvas.getByLabelText('Email')).toHaveValue('ada@example.com');
  },
};

export const Filled: Story = {
  play: async ({ canvas }) => {
    await fill(canvas, account);
    await expect(canvas.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked();
  },
};

export const Pending: Story = {
  args: { onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    await fill(canvas, account);
    await submit(canvas);
    const button = canvas.getByRole('button', { name: 'Sign up' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith(account);
  },
};

export const ServerError: Story = {
  args: {
    defaultValues: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    serverError: 'This e-mail address is already registered\nSign up failed!',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'This e-mail address is already registered Sign up failed!',
    );
  },
};

export const Success: Story = {
  args: {
    defaultValues: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    successMessage: 'Account created! Check your e-mail to verify your address.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Account created! Check your e-mail to verify your address.',
    );
  },
};

export const NamesMissing: Story = {
  play: async ({ canvas, args }) => {
    await fill(canvas, { ...account, firstName: '', lastName: '' });
    await submit(canvas);
    await waitFor(() => expect(canvas.getAllByText('Fill in your names')).toHaveLength(2));
    await expect(canvas.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const EmailTooShort: Story = {
  play: async ({ canvas, args }) => {
    await fill(canvas, { ...account, email: 'a@b.c' });
    await submit(canvas);
    await expect(await canvas.findByText('Fill in your email correctly')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const EmailNotCompanyDomain: Story = {
  play: async ({ canvas, args }) => {
    await fill(canvas, { ...account, email: 'ada@gmail.com' });
    await submit(canvas);
    await expect(await canvas.findByText('Only example.com emails allowed!')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveAccessibleDescription(
      'Use your example.com address. Only example.com emails allowed!',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PasswordTooShort: Story = {
  play: async ({ canvas, args }) => {
    await fill(canvas, { ...account, password: 'abc', confirmPassword: 'abc' });
    await submit(canvas);
    await expect(await canvas.findByText('Fill in your password')).toBeVisible();
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const PasswordsDiffer: Story = {
  play: async ({ canvas, args }) => {
    await fill(canvas, { ...account, confirmPassword: 'correct-horse-battery' });
    await submit(canvas);
    await expect(await canvas.findByText('Fill in both your passwords the same way')).toBeVisible();
    await expect(canvas.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ConfirmationTooShort: Story = {
  play: async ({ canvas, args }) => {
    await fill(canvas, { ...account, confirmPassword: 'abc' });
    await submit(canvas);
    await expect(await canvas.findByText('Fill in both your passwords the same way')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const TermsNotAccepted: Story = {
  play: async ({ canvas, args }) => {
    await fill(canvas, { ...account, termsChecked: false });
    await submit(canvas);
    await expect(await canvas.findByText('You have to accept the terms!')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('First name')).toHaveFocus();
    await userEvent.keyboard('Ada');
    await userEvent.tab();
    await userEvent.keyboard('Lovelace');
    await userEvent.tab();
    await userEvent.keyboard('ada@example.com');
    await userEvent.tab();
    await userEvent.keyboard('correct-horse');
    await userEvent.tab();
    await userEvent.keyboard('correct-horse');
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Sign up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(account));
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const SuccessDark: Story = { ...Success, globals: { theme: 'dark' } };
export const ServerErrorDark: Story = { ...ServerError, globals: { theme: 'dark' } };
export const EmailNotCompanyDomainDark: Story = { ...EmailNotCompanyDomain, globals: { theme: 'dark' } };
