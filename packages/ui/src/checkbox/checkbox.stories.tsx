import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Label } from '../label';
import { Checkbox } from './checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { id: 'terms', onCheckedChange: fn() },
  render: (args) => (
    <div className="flex items-center gap-2">
      <Checkbox {...args} />
      <Label htmlFor={args.id}>I accept the terms</Label>
    </div>
  ),
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('checkbox', { name: 'I accept the terms' });
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(2);
    box.blur();
  },
};
export const Checked: Story = { args: { defaultChecked: true } };
export const Indeterminate: Story = {
  args: { checked: 'indeterminate' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toHaveAttribute('aria-checked', 'mixed');
  },
};
export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toBeDisabled();
  },
};
export const Invalid: Story = { args: { 'aria-invalid': true } };
export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div className="flex gap-4">
      <Checkbox {...args} id="d1" aria-label="Unchecked" />
      <Checkbox {...args} id="d2" aria-label="Checked" defaultChecked />
      <Checkbox {...args} id="d3" aria-label="Disabled" disabled defaultChecked />
    </div>
  ),
};
