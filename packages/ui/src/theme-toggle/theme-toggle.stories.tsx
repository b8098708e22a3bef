import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { type Theme, ThemeToggle } from './theme-toggle';

const meta = {
  title: 'Shell/ThemeToggle',
  component: ThemeToggle,
  args: { value: 'light', onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState<Theme>(args.value);
    return (
      <ThemeToggle
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof ThemeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(args.onChange).toHaveBeenCalledWith('dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith('light');
    toggle.blur();
  },
};
export const Dark: Story = { args: { value: 'dark' }, globals: { theme: 'dark' } };
