import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ManualClock } from '../../../../.storybook/manual-clock';
import { Button } from '../button';
import { DEFAULT_TOAST_DELAY, dismissAll, notify } from './notify';
import { Toaster, type ToasterClock } from './toaster';

/**
 * Every story's time: it passes only when a play function says so. A notification of the default
 * 6 s could otherwise close before a slow machine took its screenshot.
 */
const clock = new ManualClock();

/** A button that sends a notification, and the Toaster on the given clock. */
const Page = ({ clock }: { clock: ToasterClock }) => (
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
    <Toaster clock={clock} />
  </>
);

const meta = {
  title: 'UI/Toaster',
  component: Toaster,
  parameters: {
    overlay: true,
    docs: {
      description: {
        component:
          'Mount `<Toaster />` once near the root, then call `notify({ title, text, type, delay, timeout })` from anywhere (no hook needed). `type` is success, danger, info (default) or warning. A toast closes itself after `delay` ms (6000 by default) unless `timeout === false`; the timer pauses while the pointer is over the stack or focus is in it. Danger toasts are announced assertively, others politely; F8 jumps to the stack. Pass `clock` to time the delay on your own clock (tests); these stories use a manual one that only their play functions move, so here a toast stays until one does.',
      },
    },
  },
  beforeEach: () => {
    dismissAll();
    clock.reset();
    return () => dismissAll();
  },
  render: () => <Page clock={clock} />,
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
      type: 'danger',
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
    await expect(DEFAULT_TOAST_DELAY).toBe(6000);
  },
};

/** Waits until the toaster's timers are the ones expected (a timer is set in an effect, after render). */
const timersSet = (expected: number[]) => waitFor(() => expect(clock.pending()).toEqual(expected));

export const ClosesItselfAfterDelay: Story = {
  parameters: { overlay: false },
  play: async () => {
    notify({ title: 'Short lived', delay: 300 });
    await within(region()).findByText('Short lived');
    await timersSet([300]);
    clock.advance(299);
    await expect(within(region()).getByText('Short lived')).toBeVisible();
    clock.advance(1);
    await waitFor(() => expect(within(region()).queryByText('Short lived')).toBeNull());
  },
};

export const StaysWhenTimeoutIsFalse: Story = {
  parameters: { overlay: false },
  play: async () => {
    notify({ title: 'Stays open', delay: 200, timeout: false });
    // A timed notification after it: once its timer is set, the first one's effect has run too, and
    // set none.
    notify({ title: 'Goes', delay: 200 });
    await within(region()).findByText('Goes');
    await timersSet([200]);
    clock.advance(60_000);
    await waitFor(() => expect(within(region()).queryByText('Goes')).toBeNull());
    await expect(within(region()).getByText('Stays open')).toBeVisible();
    await userEvent.click(within(region()).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(within(region()).queryByText('Stays open')).toBeNull());
  },
};

export const PausesOnHover: Story = {
  parameters: { overlay: false },
  play: async () => {
    notify({ title: 'Hover me', delay: 1500 });
    const toast = await within(region()).findByText('Hover me');
    await timersSet([1500]);
    clock.advance(1000);
    await userEvent.hover(toast);
    await waitFor(() => expect(region().querySelector('ol')).toHaveAttribute('data-paused'));
    // Paused: no timer runs, however long the pointer stays.
    await timersSet([]);
    clock.advance(60_000);
    await expect(within(region()).getByText('Hover me')).toBeVisible();
    // Leaving resumes the delay where it stopped: 500 ms were left.
    await userEvent.unhover(toast);
    await timersSet([500]);
    clock.advance(499);
    await expect(within(region()).getByText('Hover me')).toBeVisible();
    clock.advance(1);
    await waitFor(() => expect(within(region()).queryByText('Hover me')).toBeNull());
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
