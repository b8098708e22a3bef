import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Textarea } from './textarea';

const meta = {
  title: 'UI/Textarea',
  component: Textarea,
  args: { 'aria-label': 'Notes', placeholder: 'Notes for the trafficker' },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Notes' });
    await userEvent.type(box, 'Line one{enter}Line two');
    await expect(box).toHaveValue('Line one\nLine two');
    box.blur();
  },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Read only notes' } };
export const Invalid: Story = {
  args: { 'aria-invalid': true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('data-invalid');
  },
};
export const LongText: Story = {
  args: {
    defaultValue:
      'Click trackers fire on every click-through. Add the DSP click macro first, then any third-party trackers; they are called in order. Impression trackers fire once the creative is rendered in view.',
  },
};
export const Dark: Story = { globals: { theme: 'dark' }, args: { defaultValue: 'Dark notes' } };
