import { inBannerVideoLayout } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { LayoutOptionsForm, type LayoutOptionsFormHandle } from './layout-options-form';

const meta = {
  title: 'Forms/LayoutOptionsForm',
  component: LayoutOptionsForm,
  args: { layout: inBannerVideoLayout, onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof LayoutOptionsForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const defaults = {
  ad_duration: 30,
  video_autoplay: 'yes',
  progress_type: 'Countdown',
  loop: 'no',
  controls: 'yes',
  show_countdown: 'yes',
  buttons_position: 'bottom over',
  buttons_sizes: 100,
  video_player_delay: 0,
  video_player_x: 0,
  video_player_y: 0,
  video_player_size: 100,
  video_border_radius: 0,
  video_player_arrangement: 'background',
  buttons_x: 0,
  buttons_y: 0,
  play_button_image: '',
  replay_button_image: '',
  pause_button_image: '',
  mute_button_image: '',
  unmute_button_image: '',
};

const saved = {
  ...defaults,
  ad_duration: 45,
  loop: 'yes',
  progress_type: 'ProgressBar',
  video_player_size: 80,
  video_border_radius: 12,
  play_button_image: 'https://cdn.example.com/buttons/play.png',
};

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('slider', { name: 'Ad duration' })).toHaveAttribute(
      'aria-valuetext',
      '30 sec',
    );
    await expect(canvas.getByRole('switch', { name: 'Autoplay' })).toBeChecked();
    await expect(canvas.getByRole('combobox', { name: 'Buttons position' })).toHaveTextContent('bottom over');
    // Hidden catalogue options (button image URLs) are set by the system, never shown.
    await expect(canvas.queryByText('Play button image URL')).not.toBeInTheDocument();
  },
};

export const GlobalSettingsOnly: Story = {
  args: { layout: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Overall Display Banner settings' })).toBeVisible();
    await expect(canvas.getAllByRole('slider')).toHaveLength(1);
  },
};

export const Filled: Story = { args: { defaultValues: saved } };

export const Pending: Story = {
  args: { defaultValues: saved, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Save layout options' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith(saved);
  },
};

export const ServerError: Story = {
  args: { serverError: 'Incorrect campaign or creative!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Incorrect campaign or creative!');
  },
};

export const Success: Story = {
  args: { defaultValues: saved, successMessage: 'Layout options saved.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Layout options saved.');
  },
};

export const ResetToDefaults: Story = {
  args: { defaultValues: saved },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('slider', { name: 'Ad duration' })).toHaveAttribute(
      'aria-valuetext',
      '45 sec',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Reset to defaults' }));
    await waitFor(() =>
      expect(canvas.getByRole('slider', { name: 'Ad duration' })).toHaveAttribute('aria-valuetext', '30 sec'),
    );
    await expect(canvas.getByRole('switch', { name: 'Loop' })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Save layout options' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(defaults));
  },
};

export const StoredValueOutOfBounds: Story = {
  args: { defaultValues: { ...saved, ad_duration: 200 } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save layout options' }));
    await expect(await canvas.findByText('Ad duration must be between 0 and 120 sec')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    const duration = canvas.getByRole('slider', { name: 'Ad duration' });
    await expect(duration).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(duration).toHaveAttribute('aria-valuetext', '35 sec');
    await userEvent.tab();
    await expect(canvas.getByRole('switch', { name: 'Autoplay' })).toHaveFocus();
    await userEvent.keyboard(' ');
    const save = canvas.getByRole('button', { name: 'Save layout options' });
    // Tab past the remaining options to the save button, as a keyboard user would.
    for (let step = 0; step < 40 && document.activeElement !== save; step += 1) await userEvent.tab();
    await expect(save).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ ...defaults, ad_duration: 35, video_autoplay: 'no' }),
    );
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, globals: { theme: 'dark' } };
export const StoredValueOutOfBoundsDark: Story = { ...StoredValueOutOfBounds, globals: { theme: 'dark' } };

/**
 * Saved with another form (the creative editor's): no button of its own, a group inside that form; the
 * page reads the checked values through `handleRef`, and a wrong value is shown here and gives null.
 */
function WithAnotherForm({ defaultValues }: { defaultValues: Record<string, string | number> }) {
  const handle = useRef<LayoutOptionsFormHandle>(null);
  const [collected, setCollected] = useState('');
  return (
    <form
      aria-label="Creative"
      className="grid gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const values = await handle.current?.collect();
        setCollected(values ? `ad_duration ${values.ad_duration}` : 'nothing: a value is wrong');
      }}
    >
      <LayoutOptionsForm
        layout={inBannerVideoLayout}
        defaultValues={defaultValues}
        saveButton={false}
        handleRef={handle}
      />
      <button type="submit" className="justify-self-start rounded-md border px-3 py-1.5 text-sm">
        Save creative
      </button>
      <output>{collected}</output>
    </form>
  );
}

export const SavedWithAnotherForm: Story = {
  render: () => <WithAnotherForm defaultValues={saved} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'In-Banner Video options' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Save layout options' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save creative' }));
    await expect(await canvas.findByText('ad_duration 45')).toBeVisible();
  },
};

export const SavedWithAnotherFormWrongValue: Story = {
  render: () => <WithAnotherForm defaultValues={{ ...saved, ad_duration: 200 }} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save creative' }));
    await expect(await canvas.findByText('nothing: a value is wrong')).toBeVisible();
    await expect(canvas.getByText(/Ad duration must be between 0 and 120/)).toBeVisible();
  },
};
