import { type Asset, type Creative, creativeSchema } from '@adconsole/domain';
import { Button } from '@adconsole/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentProps, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { CreativeSettings } from './creative-settings';

const creative = (fields: Record<string, unknown>) =>
  creativeSchema.parse({
    id: 'crv_7',
    campaignID: 'cmp_42',
    name: 'Spring sale',
    type: 'Banner',
    width: 300,
    height: 250,
    size: '300x250',
    assets: [
      {
        id: 'a1',
        creativeID: 'crv_7',
        filename: 'main.mp4',
        name: 'main.mp4',
        url: 'https://cdn.example.com/main.mp4',
      },
    ],
    layout: 'in-banner-video',
    settings: [{ key: 'layoutOptions', value: { ad_duration: 45, video_player_size: 80 } }],
    ...fields,
  });

const meta = {
  title: 'Console/Creatives/CreativeSettings',
  component: CreativeSettings,
  args: {
    creative: creative({}),
    campaignID: 'cmp_42',
    tagInputs: {},
    save: fn(async () => undefined),
    onSaved: fn(),
  },
  decorators: [(Story) => <div className="max-w-2xl">{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          "The creative editor's Settings card: the creative's form and, for a banner, its layout, saved together by one Save button.",
      },
    },
  },
} satisfies Meta<typeof CreativeSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

const saveButtons = () => screen.getAllByRole('button', { name: /^Save/ });

/** A banner with the In-Banner Video layout: its options under the creative's, one Save button. */
export const BannerWithLayout: Story = {
  play: async ({ canvas }) => {
    const layout = canvas.getByRole('region', { name: 'Layout' });
    await expect(within(layout).getByRole('slider', { name: 'Ad duration' })).toHaveAttribute(
      'aria-valuetext',
      '45 sec',
    );
    await expect(saveButtons().map((button) => button.textContent)).toEqual(['Save creative']);
  },
};

/** A VAST creative plays in the publisher's player: no banner layout to set. */
export const Vast: Story = {
  args: { creative: creative({ type: 'VAST', layout: null, settings: [] }) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region', { name: 'Layout' })).toBeNull();
    await expect(canvas.queryByText('Overall Display Banner settings')).toBeNull();
    await expect(saveButtons()).toHaveLength(1);
  },
};

/** A VPAID creative, likewise. */
export const Vpaid: Story = {
  args: { creative: creative({ type: 'VPAID', layout: null, settings: [] }) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region', { name: 'Layout' })).toBeNull();
  },
};

/** Choosing VAST before saving hides the layout at once. */
export const SwitchToVast: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'VAST' }));
    await waitFor(() => expect(canvas.queryByRole('region', { name: 'Layout' })).toBeNull());
  },
};

/** One Save saves the creative and its layout in one request, and says so once. */
export const SavesBoth: Story = {
  play: async ({ canvas, args }) => {
    const name = canvas.getByLabelText('Creative name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Spring sale v2');
    await userEvent.click(canvas.getByRole('switch', { name: 'Loop' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save creative' }));
    await waitFor(() => expect(args.save).toHaveBeenCalledTimes(1));
    const saved = (args.save as ReturnType<typeof fn>).mock.calls[0]?.[0];
    await expect(saved).toMatchObject({ id: 'crv_7', name: 'Spring sale v2', layout: 'in-banner-video' });
    const options = saved.settings.find((setting: { key: string }) => setting.key === 'layoutOptions');
    await expect(options.value).toMatchObject({ ad_duration: 45, loop: 'yes', video_player_size: 80 });
    await expect(await canvas.findByText('Saved.')).toBeVisible();
    await expect(args.onSaved).toHaveBeenCalled();
  },
};

/** While it saves, the one button shows it (and the layout has no button of its own). */
export const Saving: Story = {
  args: { save: fn(() => new Promise(() => {})) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save creative' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: /Save/ })).toBeDisabled());
    await expect(canvas.queryByRole('button', { name: 'Save layout options' })).toBeNull();
  },
};

/** The server refuses: its message above the button, nothing marked saved. */
export const ServerError: Story = {
  args: { save: fn(async () => Promise.reject(new Error('The creative name is taken in this campaign.'))) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save creative' }));
    await expect(await canvas.findByText('The creative name is taken in this campaign.')).toBeVisible();
    await expect(canvas.queryByText('Saved.')).toBeNull();
  },
};

/** A stored option out of the catalogue's bounds: shown in the layout, nothing sent. */
export const LayoutError: Story = {
  args: {
    creative: creative({
      settings: [{ key: 'layoutOptions', value: { ad_duration: 45, video_player_size: 900 } }],
    }),
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save creative' }));
    const layout = canvas.getByRole('region', { name: 'Layout' });
    await expect(
      await within(layout).findByText(/Video player size must be between 0 and 300/),
    ).toBeVisible();
    await expect(await canvas.findByText(/The layout options need a fix/)).toBeVisible();
    await expect(args.save).not.toHaveBeenCalled();
  },
};

/**
 * An asset uploaded while the settings are being edited: the editor reads the creative again (new
 * assets, a new updatedAt), and what was typed and not yet saved stays.
 */
export const KeepsEditsAcrossAnUpload: Story = {
  render: (args) => <AfterAnUpload {...args} />,
  play: async ({ canvas }) => {
    const name = canvas.getByLabelText('Creative name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Spring sale, not yet saved');
    await userEvent.click(canvas.getByRole('button', { name: 'The upload finishes' }));
    await expect(await canvas.findByText('2 assets')).toBeVisible();
    await expect(canvas.getByLabelText('Creative name')).toHaveValue('Spring sale, not yet saved');
    await expect(canvas.getByRole('region', { name: 'Layout' })).toBeVisible();
  },
};

/**
 * Another tab saved the creative as a VAST creative: the editor reads it again, and the form starts again
 * from what the server has (its type, so no Layout section), and the preview's draft goes.
 */
export const StartsAgainWhenSavedElsewhere: Story = {
  args: { onDraftChange: fn() },
  render: (args) => <AfterAnUpload {...args} />,
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Creative name'), ' (typed here)');
    await userEvent.click(canvas.getByRole('button', { name: 'Another tab saves' }));
    await waitFor(() => expect(canvas.getByLabelText('Creative name')).toHaveValue('Spring pre-roll'));
    await expect(canvas.queryByRole('region', { name: 'Layout' })).toBeNull();
    await expect(args.onDraftChange).toHaveBeenLastCalledWith(undefined);
  },
};

/** The story's stand-in for the editor page: it reads the creative again after an upload or another tab's save. */
function AfterAnUpload(props: ComponentProps<typeof CreativeSettings>) {
  const [current, setCurrent] = useState(props.creative);
  const readAgain = (label: string, changes: Partial<Creative>) => (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start"
      onClick={() => setCurrent({ ...current, ...changes })}
    >
      {label}
    </Button>
  );
  return (
    <div className="grid gap-4">
      <CreativeSettings {...props} creative={current} />
      <p className="text-sm">{current.assets.length} assets</p>
      {readAgain('Another tab saves', {
        name: 'Spring pre-roll',
        type: 'VAST',
        layout: null,
        updatedAt: '2026-11-26T11:00:00.000Z',
      })}
      {readAgain('The upload finishes', {
        updatedAt: '2026-11-26T10:00:00.000Z',
        assets: [
          ...current.assets,
          { ...(current.assets[0] as Asset), id: 'a2', filename: 'poster.png', name: 'poster.png' },
        ],
      })}
    </div>
  );
}

const dark = { globals: { theme: 'dark' } } as const;
export const BannerWithLayoutDark: Story = { ...BannerWithLayout, ...dark };
export const VastDark: Story = { ...Vast, ...dark };
