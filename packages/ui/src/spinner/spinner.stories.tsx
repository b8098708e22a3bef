import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from './spinner';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  args: { label: 'Loading report' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading report' })).toBeVisible();
  },
};
export const Large: Story = { args: { className: 'size-8 text-primary' } };
export const Decorative: Story = {
  args: { label: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot=spinner]')).toHaveAttribute('aria-hidden', 'true');
  },
};
export const Dark: Story = { globals: { theme: 'dark' }, args: { className: 'size-6' } };
