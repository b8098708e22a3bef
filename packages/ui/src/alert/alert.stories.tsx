import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Alert, AlertDescription, AlertTitle } from './alert';

const variants = ['info', 'success', 'warning', 'danger'] as const;

const meta = {
  title: 'UI/Alert',
  component: Alert,
  args: {
    variant: 'info',
    children: (
      <>
        <AlertTitle>Email verified! Sign in below</AlertTitle>
        <AlertDescription>Use the password you chose when you signed up.</AlertDescription>
      </>
    ),
  },
  argTypes: { variant: { control: 'select', options: variants } },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Email verified! Sign in below');
  },
};
export const Success: Story = {
  args: { variant: 'success', children: <AlertTitle>Your account was created.</AlertTitle> },
};
export const Warning: Story = {
  args: {
    variant: 'warning',
    children: (
      <>
        <AlertTitle>Video Quartiles are not in PDF exports</AlertTitle>
        <AlertDescription>Choose CSV or Excel to include them.</AlertDescription>
      </>
    ),
  },
};
export const Danger: Story = {
  args: {
    variant: 'danger',
    children: (
      <>
        <AlertTitle>Sign up failed!</AlertTitle>
        <AlertDescription>{'Fill in your names\nOnly company.com emails allowed!'}</AlertDescription>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Sign up failed!');
  },
};
export const LongText: Story = {
  args: {
    children: (
      <AlertDescription>
        There has been a new release of bug fixes and some extra features. Reports now load faster for
        campaigns with many creatives, and share links can be regenerated from the reporting side menu.
      </AlertDescription>
    ),
  },
};
export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <div className="grid gap-3">
      {variants.map((variant) => (
        <Alert key={variant} variant={variant}>
          <AlertTitle>{variant} alert</AlertTitle>
          <AlertDescription>Message body</AlertDescription>
        </Alert>
      ))}
    </div>
  ),
};
