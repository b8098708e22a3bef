import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Calendar } from './calendar';

// A fixed clock: stories must not depend on the day they run.
const today = new Date(2026, 10, 7, 12, 0, 0);

const meta = {
  title: 'UI/Calendar',
  component: Calendar,
  args: { today, defaultMonth: today },
} satisfies Meta<typeof Calendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

const onSelect = fn();

export const SingleKeyboard: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState<Date | undefined>(today);
    return (
      <Calendar
        {...args}
        mode="single"
        selected={selected}
        onSelect={(date: Date | undefined) => {
          setSelected(date);
          onSelect(date);
        }}
      />
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /, 7 November 2026/ }));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('button', { name: /, 8 November 2026/ })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(onSelect).toHaveBeenLastCalledWith(new Date(2026, 10, 8));
    await userEvent.click(canvas.getByRole('button', { name: /Go to the Next Month/i }));
    await expect(canvas.getByText('December 2026')).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const Range: Story = {
  args: { mode: 'range', selected: { from: new Date(2026, 10, 1), to: new Date(2026, 10, 7) } },
};

export const TwoMonths: Story = {
  args: {
    mode: 'range',
    numberOfMonths: 2,
    defaultMonth: new Date(2026, 9, 1),
    selected: { from: new Date(2026, 9, 25), to: new Date(2026, 10, 3) },
  },
};

export const Dark: Story = { ...Range, globals: { theme: 'dark' } };
