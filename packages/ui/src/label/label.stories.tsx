import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Input } from '../input';
import { Label } from './label';

const meta = {
  title: 'UI/Label',
  component: Label,
  args: { children: 'Campaign name', htmlFor: 'label-demo' },
  render: (args) => (
    <div className="flex max-w-sm flex-col gap-2">
      <Label {...args} />
      <Input id="label-demo" />
    </div>
  ),
} satisfies Meta<typeof Label>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText('Campaign name'));
    await expect(canvas.getByRole('textbox', { name: 'Campaign name' })).toHaveFocus();
    canvas.getByRole('textbox').blur();
  },
};
export const LongText: Story = {
  args: { children: 'Campaign name as it appears in reports, exports and the share page header' },
};
export const Dark: Story = { globals: { theme: 'dark' } };
