import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';

const onDelete = fn();

const meta = {
  title: 'UI/AlertDialog',
  component: AlertDialog,
  parameters: { overlay: true },
  beforeEach: () => {
    onDelete.mockClear();
  },
  render: (args) => (
    <AlertDialog {...args}>
      <AlertDialogTrigger asChild>
        <Button variant="danger">Delete campaign</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete “Spring sale”?</AlertDialogTitle>
          <AlertDialogDescription>
            Its creatives and reports are removed. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="danger" onClick={onDelete}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  ),
} satisfies Meta<typeof AlertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete campaign' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Spring sale”?' });
    await expect(dialog).toBeVisible();
    // Focus starts on Cancel so Enter never deletes by accident.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  },
};

export const Confirm: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete campaign' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    canvas.getByRole('button', { name: 'Delete campaign' }).blur();
  },
};

export const CancelWithKeyboard: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    canvas.getByRole('button', { name: 'Delete campaign' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(onDelete).not.toHaveBeenCalled();
    canvas.getByRole('button', { name: 'Delete campaign' }).blur();
  },
};

export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };
