import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import { Field } from '../field';
import { Input } from '../input';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: { onOpenChange: fn() },
  parameters: { overlay: true },
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button variant="outline">Schedule report</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Schedule report</DialogTitle>
          <DialogDescription>Send this campaign's report by e-mail on a schedule.</DialogDescription>
        </DialogHeader>
        <Field label="Recipient">
          <Input type="email" defaultValue="ada@company.com" />
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button>Save schedule</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Schedule report' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  },
};

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule report' });
    await expect(dialog).toHaveAccessibleDescription("Send this campaign's report by e-mail on a schedule.");
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Recipient' })).toHaveFocus());
  },
};

export const ClosesWithEscape: Story = {
  parameters: { overlay: false },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Schedule report' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    // Radix gives the focus back in a timer of its own after closing: waited for, not read at once.
    await waitFor(() => expect(trigger).toHaveFocus());
    trigger.blur();
  },
};

export const ClosesWithCancel: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Schedule report' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    canvas.getByRole('button', { name: 'Schedule report' }).blur();
  },
};

export const LongText: Story = {
  render: () => (
    <Dialog defaultOpen>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Terms of service for company advertisers, agencies and staff</DialogTitle>
          <DialogDescription>
            {'By signing up you agree that reports you share are visible to anyone who has the link. '.repeat(
              6,
            )}
          </DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    await screen.findByRole('dialog');
  },
};

export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };
