// The campaign page's Pause / Resume action (docs/product.md §4, "Pausing a campaign").
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { PauseCampaign, pausedLine } from './pause-campaign';

const onPause = fn();
const onResume = fn();

const meta = {
  title: 'Console/Campaigns/PauseCampaign',
  component: PauseCampaign,
  parameters: { overlay: true },
  args: { name: 'Spring sale', pausedAt: null, onPause, onResume },
  beforeEach: () => {
    onPause.mockClear();
    onResume.mockClear();
  },
} satisfies Meta<typeof PauseCampaign>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pausing asks first, and says that the ads stop serving at once; focus starts on "Keep serving". */
export const ConfirmDialog: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pause Spring sale?' });
    await expect(dialog).toHaveTextContent('Its ads stop serving at once');
    await expect(dialog).toHaveTextContent('It stays in the campaign list, shown as paused');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep serving' })).toHaveFocus());
  },
};

export const Pauses: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(onPause).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    canvas.getByRole('button', { name: 'Pause' }).blur();
  },
};

/** Keeping it serving calls nothing. */
export const KeepsServing: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pause' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep serving' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(onPause).not.toHaveBeenCalled();
    canvas.getByRole('button', { name: 'Pause' }).blur();
  },
};

/** A paused campaign offers "Resume", which asks nothing. */
export const Paused: Story = {
  args: { pausedAt: '2026-11-29T09:30:00.000Z' },
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await expect(pausedLine('2026-11-29T09:30:00.000Z', 'ana@adconsole.test')).toBe(
      'Paused 29 Nov 2026 by ana@adconsole.test',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Resume' }));
    await expect(onResume).toHaveBeenCalledTimes(1);
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    canvas.getByRole('button', { name: 'Resume' }).blur();
  },
};

export const Resuming: Story = {
  args: { pausedAt: '2026-11-29T09:30:00.000Z', pending: true },
  parameters: { overlay: false },
};

export const DarkConfirmDialog: Story = { ...ConfirmDialog, globals: { theme: 'dark' } };
