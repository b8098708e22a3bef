import type { Meta, StoryObj } from '@storybook/react-vite';
import { PencilIcon, TrashIcon } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { IconButton } from './icon-button';

const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  args: { 'aria-label': 'Edit creative', children: <PencilIcon aria-hidden="true" />, onClick: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Edit creative' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    button.blur();
  },
};
export const Variants: Story = {
  render: (args) => (
    <div className="flex gap-2">
      <IconButton {...args} variant="ghost" />
      <IconButton {...args} variant="outline" aria-label="Edit (outline)" />
      <IconButton {...args} variant="primary" aria-label="Edit (primary)" />
      <IconButton {...args} variant="danger" aria-label="Delete creative">
        <TrashIcon aria-hidden="true" />
      </IconButton>
      <IconButton {...args} size="sm" variant="outline" aria-label="Edit (small)" />
      <IconButton {...args} size="lg" variant="outline" aria-label="Edit (large)" />
    </div>
  ),
};
export const Disabled: Story = { args: { disabled: true, variant: 'outline' } };
export const Loading: Story = { args: { loading: true, variant: 'outline', children: null } };
export const Dark: Story = { ...Variants, globals: { theme: 'dark' } };
