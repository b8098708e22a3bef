import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChartNoAxesColumnIcon } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../button';
import { EmptyState } from './empty-state';

const onCreate = fn();

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {
    title: 'No campaigns yet',
    description: 'Create a campaign to add creatives and get ad tags.',
    action: <Button onClick={onCreate}>New campaign</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New campaign' }));
    await expect(onCreate).toHaveBeenCalled();
    canvas.getByRole('button').blur();
  },
};
export const NoAction: Story = {
  args: {
    title: 'No data',
    description: 'Nothing was delivered in this date range.',
    icon: <ChartNoAxesColumnIcon aria-hidden="true" />,
    action: undefined,
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
