import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Slider } from './slider';

const meta = {
  title: 'UI/Slider',
  component: Slider,
  args: { label: 'Ad duration', unit: 'sec', min: 0, max: 120, defaultValue: 30, onValueChange: fn() },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof Slider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const thumb = canvas.getByRole('slider', { name: 'Ad duration' });
    await expect(thumb).toHaveAttribute('aria-valuenow', '30');
    await expect(thumb).toHaveAttribute('aria-valuetext', '30 sec');
  },
};

export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const thumb = canvas.getByRole('slider', { name: 'Ad duration' });
    thumb.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(32);
    await expect(canvas.getByText('32 sec')).toBeVisible();
    await userEvent.keyboard('{End}');
    await expect(thumb).toHaveAttribute('aria-valuetext', '120 sec');
    thumb.blur();
  },
};

export const Percent: Story = {
  args: { label: 'Video player size', unit: '%', max: 300, step: 5, defaultValue: 100 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('slider', { name: 'Video player size' })).toHaveAttribute(
      'aria-valuetext',
      '100%',
    );
  },
};

export const Negative: Story = {
  args: { label: 'X position', unit: '%', min: -100, max: 100, defaultValue: -25 },
};
export const Disabled: Story = { args: { disabled: true } };
export const Dark: Story = { globals: { theme: 'dark' } };
