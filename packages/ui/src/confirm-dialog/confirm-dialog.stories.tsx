import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import { ConfirmDialog } from './confirm-dialog';

const onConfirm = fn();

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  parameters: { overlay: true },
  beforeEach: () => {
    onConfirm.mockClear();
  },
  args: {
    trigger: <Button variant="outline">Revoke</Button>,
    title: 'Revoke “Agency link”?',
    description:
      'Whoever has it sees a page saying the link no longer works. Other share links keep working.',
    confirmLabel: 'Revoke link',
    cancelLabel: 'Keep it',
    tone: 'danger',
    onConfirm,
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A danger question: the confirming button is red, focus starts on the way out. */
export const Danger: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Agency link”?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Whoever has it sees a page saying the link no longer works. Other share links keep working.',
    );
    await expect(screen.getByRole('button', { name: 'Revoke link' })).toHaveAttribute(
      'data-variant',
      'danger',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus());
  },
};

/** A question whose action takes nothing away for good: the confirming button is the primary one. */
export const Default: Story = {
  args: {
    trigger: <Button variant="outline">Archive campaign</Button>,
    title: 'Archive “Spring sale”?',
    description: 'Its ads stop serving at once. Its reports and share links keep working.',
    confirmLabel: 'Archive campaign',
    cancelLabel: 'Keep serving',
    tone: 'default',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Archive campaign' }));
    await screen.findByRole('alertdialog', { name: 'Archive “Spring sale”?' });
    await expect(screen.getAllByRole('button', { name: 'Archive campaign' }).at(-1)).toHaveAttribute(
      'data-variant',
      'primary',
    );
  },
};

export const Confirmed: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke link' }));
    await expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    canvas.getByRole('button', { name: 'Revoke' }).blur();
  },
};

/** Enter on the question answers the focused way out; Escape would too. Nothing is confirmed. */
export const KeptWithKeyboard: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    canvas.getByRole('button', { name: 'Revoke' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    canvas.getByRole('button', { name: 'Revoke' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(onConfirm).not.toHaveBeenCalled();
    canvas.getByRole('button', { name: 'Revoke' }).blur();
  },
};

/** Without a trigger: the page opens the question itself (before a save) and hears its answer. */
export const Controlled: Story = {
  args: {
    trigger: undefined,
    title: 'Serving stops until 1 Dec 2026, 09:00 (Europe/Berlin)',
    description:
      'The campaign is live. With its start moved into the future, its ad tags serve nothing until then.',
    confirmLabel: 'Move the start',
    cancelLabel: 'Keep editing',
    tone: 'default',
  },
  render: function Render(args) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Save campaign</Button>
        <ConfirmDialog {...args} open={open} onOpenChange={setOpen} />
      </>
    );
  },
  play: async ({ canvas }) => {
    const save = canvas.getByRole('button', { name: 'Save campaign' });
    await userEvent.click(save);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(save);
    await userEvent.click(await screen.findByRole('button', { name: 'Move the start' }));
    await expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Asked again: the question the page opened by itself, as the screenshot shows it.
    await userEvent.click(save);
    await screen.findByRole('alertdialog', { name: /Serving stops until/ });
  },
};

export const DarkDanger: Story = { ...Danger, globals: { theme: 'dark' } };
