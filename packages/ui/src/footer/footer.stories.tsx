import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Footer } from './footer';

const meta = {
  title: 'Shell/Footer',
  component: Footer,
  args: { companyName: 'Adconsole', now: new Date(2026, 10, 18) },
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('© 2026 Adconsole');
  },
};
export const YearFromTheClock: Story = {
  args: { now: new Date(2031, 0, 1) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('© 2031 Adconsole');
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
