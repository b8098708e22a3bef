import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Label } from '../label';
import { RadioGroup, RadioGroupItem } from './radio-group';

const types = ['Summary', 'Full'];

const meta = {
  title: 'UI/RadioGroup',
  component: RadioGroup,
  args: { 'aria-label': 'Report type', defaultValue: 'Summary', onValueChange: fn() },
  render: (args) => (
    <RadioGroup {...args}>
      {types.map((type) => (
        <div key={type} className="flex items-center gap-2">
          <RadioGroupItem value={type} id={`type-${type}`} />
          <Label htmlFor={`type-${type}`}>{type}</Label>
        </div>
      ))}
      <div className="flex items-center gap-2">
        <RadioGroupItem value="pivot" id="type-pivot" disabled />
        <Label htmlFor="type-pivot">Pivot (not available)</Label>
      </div>
    </RadioGroup>
  ),
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const summary = canvas.getByRole('radio', { name: 'Summary' });
    await expect(summary).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Full' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('Full');
    // Radix moves focus in a timeout and checks the item only while the arrow key is still down.
    await userEvent.keyboard('{ArrowUp>}');
    await waitFor(() => expect(summary).toHaveFocus());
    await waitFor(() => expect(summary).toBeChecked());
    await userEvent.keyboard('{/ArrowUp}');
    summary.blur();
  },
};
export const Disabled: Story = { args: { disabled: true } };
export const Horizontal: Story = { args: { orientation: 'horizontal', className: 'flex gap-6' } };
export const Dark: Story = { globals: { theme: 'dark' } };
