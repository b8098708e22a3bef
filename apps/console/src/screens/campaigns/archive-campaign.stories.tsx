import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ArchiveCampaign } from './archive-campaign';

const onArchive = fn();
const onUnarchive = fn();

const meta = {
  title: 'Console/Campaigns/ArchiveCampaign',
  component: ArchiveCampaign,
  parameters: { overlay: true },
  args: { name: 'Spring sale', archived: false, onArchive, onUnarchive },
  beforeEach: () => {
    onArchive.mockClear();
    onUnarchive.mockClear();
  },
} satisfies Meta<typeof ArchiveCampaign>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Archiving asks first, and says that the ads stop serving; focus starts on "Keep serving". */
export const ConfirmDialog: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Archive campaign' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive Spring sale?' });
    await expect(dialog).toHaveTextContent('Its ads stop serving at once');
    await expect(dialog).toHaveTextContent('Its reports and share links keep working');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep serving' })).toHaveFocus());
  },
};

export const Archives: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Archive campaign' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive campaign' }));
    await waitFor(() => expect(onArchive).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    canvas.getByRole('button', { name: 'Archive campaign' }).blur();
  },
};

/** An archived campaign offers "Unarchive", which asks nothing. */
export const Archived: Story = {
  args: { archived: true },
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Unarchive' }));
    await expect(onUnarchive).toHaveBeenCalledTimes(1);
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    canvas.getByRole('button', { name: 'Unarchive' }).blur();
  },
};

export const DarkConfirmDialog: Story = { ...ConfirmDialog, globals: { theme: 'dark' } };
