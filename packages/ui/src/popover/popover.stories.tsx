import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import { Field } from '../field';
import { Input } from '../input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const meta = {
  title: 'UI/Popover',
  component: Popover,
  parameters: { overlay: true },
  render: (args) => (
    <Popover {...args}>
      <PopoverTrigger asChild>
        <Button variant="outline">Artboard size</Button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label="Artboard size">
        <div className="grid grid-cols-2 gap-3">
          <Field label="Width">
            <Input defaultValue="300" />
          </Field>
          <Field label="Height">
            <Input defaultValue="250" />
          </Field>
        </div>
      </PopoverContent>
    </Popover>
  ),
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Artboard size' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Artboard size' })).toBeVisible());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Width' })).toHaveFocus());
  },
};

export const EscapeCloses: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Artboard size' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Radix gives the focus back in a timer of its own after closing: waited for, not read at once.
    await waitFor(() => expect(trigger).toHaveFocus());
    trigger.blur();
  },
};

export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };
