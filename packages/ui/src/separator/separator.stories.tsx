import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Separator } from './separator';

const meta = {
  title: 'UI/Separator',
  component: Separator,
  render: (args) => (
    <div className="max-w-sm text-sm">
      <p>Campaign summary</p>
      <Separator {...args} className="my-3" />
      <div className="flex h-5 items-center gap-3">
        <span>CSV</span>
        <Separator orientation="vertical" />
        <span>Excel</span>
        <Separator orientation="vertical" />
        <span>PDF</span>
      </div>
    </div>
  ),
} satisfies Meta<typeof Separator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Semantic: Story = {
  args: { decorative: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('separator')).toHaveAttribute('data-orientation', 'horizontal');
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
