import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { DEFAULT_NOTIFICATION_DELAY, dismissAll, notify } from './notify';
import { Toaster } from './toaster';

const meta = {
  title: 'UI/Toaster',
  component: Toaster,
  parameters: {
    overlay: true,
    docs: {
      description: {
        component:
          'Mount `<Toaster />` once near the root, then call `notify({ title, text, type, delay, timeout })` from anywhere (no hook needed). `type` is success, error, info (default) or warning. A notification closes itself after `delay` ms (6000 by default) unless `timeout === false`; the timer pauses while the pointer is over the stack or focus is in it. Errors are announced assertively, others politely; F8 jumps to the stack.',
      },
    },
  },
  beforeEach: () => {
    dismissAll();
    return () => dismissAll();
  },
  render: () => (
    <>
      <Button
        variant="outline"
        onClick={() =>
          notify({
            title: 'Welcome back!',
            text: 'There has been a new release of bug fixes and some extra features.',
          })
        }
      >
        Show welcome
      </Button>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = () => screen.getByRole('region', { name: /Notifications/ });

export const Info: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show welcome' }));
    const toast = await within(region()).findByText('Welcome back!');
    await expect(toast.closest('[data-slot=toast]')).toHaveAttribute('data-type', 'info');
    canvas.getByRole('button', { name: 'Show welcome' }).blur();
  },
};

export const AllTypesStacked: Story = {
  play: async () => {
    notify({ title: 'Campaign saved', type: 'success', timeout: false });
    notify({ title: 'Report is being generated', text: 'It can take a minute.', timeout: false });
    notify({ title: 'Quartiles are not in PDF', type: 'warning', timeout: false });
    notify({
      title: 'Error!',
      text: "Couldn't receive reporting! Please try again.",
      type: 'error',
      delay: 10000,
      timeout: false,
    });
    await waitFor(() => expect(within(region()).getAllByRole('listitem')).toHaveLength(4));
  },
};

export const DefaultDelayIs6000ms: Story = {
  tags: ['no-visual'],
  parameters: { overlay: false },
  play: async () => {
    await expect(DEFAULT_NOTIFICATION_DELAY).toBe(6000);
  },
};

export const ClosesItselfAfterDelay: Story = {
  parameters: { overlay: false },
  play: async () => {
    notify({ title: 'Short lived', delay: 300 });
    await within(region()).findByText('Short lived');
    await waitFor(() => expect(within(region()).queryByText('Short lived')).toBeNull(), { timeout: 2000 });
  },
};

export const StaysWhenTimeoutIsFalse: Story = {
  parameters: { overlay: false },
  play: async () => {
    notify({ title: 'Stays open', delay: 200, timeout: false });
    await within(region()).findByText('Stays open');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(within(region()).getByText('Stays open')).toBeVisible();
    await userEvent.click(within(region()).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(within(region()).queryByText('Stays open')).toBeNull());
  },
};

export const PausesOnHover: Story = {
  parameters: { overlay: false },
  play: async () => {
    // Generous margins: the hover must land well inside the delay even on a loaded machine.
    notify({ title: 'Hover me', delay: 1500 });
    const toast = await within(region()).findByText('Hover me');
    await userEvent.hover(toast);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /Notifications/ }).querySelector('ol')).toHaveAttribute(
        'data-paused',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await expect(within(region()).getByText('Hover me')).toBeVisible();
    await userEvent.unhover(toast);
    await waitFor(() => expect(within(region()).queryByText('Hover me')).toBeNull(), { timeout: 4000 });
  },
};

export const LongText: Story = {
  play: async () => {
    notify({
      title: 'A notification with a long title that wraps onto a second line in the stack',
      text: 'There has been a new release of bug fixes and some extra features. Reports now load faster and share links can be regenerated.',
      timeout: false,
    });
    await within(region()).findByText(/long title/);
  },
};

export const DarkAllTypes: Story = { ...AllTypesStacked, globals: { theme: 'dark' } };
