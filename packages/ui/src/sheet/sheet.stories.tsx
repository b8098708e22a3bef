import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from './sheet';

const meta = {
  title: 'UI/Sheet',
  component: Sheet,
  parameters: { overlay: true },
  render: (args) => (
    <Sheet {...args}>
      <SheetTrigger asChild>
        <Button variant="outline">Export</Button>
      </SheetTrigger>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Export report</SheetTitle>
          <SheetDescription>Download the campaign report for the chosen dates.</SheetDescription>
        </SheetHeader>
        <SheetFooter>
          <Button>Download</Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  ),
} satisfies Meta<typeof Sheet>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    await expect(await screen.findByRole('dialog', { name: 'Export report' })).toBeVisible();
  },
};

export const EscapeCloses: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Export' });
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
