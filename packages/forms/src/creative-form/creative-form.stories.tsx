import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { CreativeForm } from './creative-form';

const meta = {
  title: 'Forms/CreativeForm',
  component: CreativeForm,
  args: { campaignID: 'cmp_42', onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof CreativeForm>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const existing = {
  id: 'crv_7',
  name: 'Spring sale leaderboard',
  type: 'Banner' as const,
  width: 728,
  height: 90,
  fluid: false,
  platform: 'the-trade-desk' as const,
  settings: [
    { key: 'euCreative' as const, value: true },
    { key: 'dealIDRequired' as const, value: true },
  ],
  trackers: {
    click: [{ type: 'redirect' as const, url: 'https://clicks.agency.example/r?c=42' }],
    impression: [{ type: 'pixel' as const, url: 'https://pixel.agency.example/i.gif?c=42' }],
  },
  dealID: 'TTD-DEAL-0042',
};

async function choose(canvas: Canvas, combobox: string, option: string) {
  await userEvent.click(canvas.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const save = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: 'Save creative' }));
/** A URL is pasted, as people enter one: one input event instead of a re-render of the whole form per key. */
const pasteInto = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Creative name')).toHaveValue('New creative');
    await expect(canvas.getByRole('combobox', { name: 'Size' })).toHaveTextContent(
      '300 × 250 (Medium Rectangle)',
    );
  },
};

export const Filled: Story = {
  args: { defaultValues: existing },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Deal ID')).toHaveValue('TTD-DEAL-0042');
    await expect(canvas.getByLabelText('Landing page URL')).toHaveValue(
      'https://clicks.agency.example/r?c=42',
    );
    await expect(canvas.getByLabelText('Tracker 1 URL')).toHaveValue(
      'https://pixel.agency.example/i.gif?c=42',
    );
    await expect(canvas.getByRole('switch', { name: 'EU creative' })).toBeChecked();
  },
};

export const Pending: Story = {
  args: { defaultValues: existing, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    await save(canvas);
    const button = canvas.getByRole('button', { name: 'Save creative' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    const { dealID, ...creative } = existing;
    await expect(args.onSubmit).toHaveBeenCalledWith({
      creative: { ...creative, campaignID: 'cmp_42', size: '728x90' },
      dealID,
    });
  },
};

/** The landing page is its own field: checked as an http(s) URL, saved as the click redirect. */
export const LandingPage: Story = {
  play: async ({ canvas, args }) => {
    const landing = canvas.getByLabelText('Landing page URL');
    await expect(landing).toHaveAccessibleDescription(/Needed before the creative is published/);
    await userEvent.type(landing, 'javascript:alert(1)');
    await save(canvas);
    await expect(await canvas.findByText('The landing page URL must be an http(s) URL')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(landing);
    await userEvent.type(landing, 'https://shop.example/spring');
    await save(canvas);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          creative: expect.objectContaining({
            trackers: { click: [{ type: 'redirect', url: 'https://shop.example/spring' }] },
          }),
        }),
      ),
    );
  },
};

export const ServerError: Story = {
  args: { defaultValues: existing, serverError: 'No creative found yet!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('No creative found yet!');
  },
};

export const Success: Story = {
  args: { defaultValues: existing, successMessage: 'Creative saved.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Creative saved.');
  },
};

export const NameMissing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.clear(canvas.getByLabelText('Creative name'));
    await save(canvas);
    await expect(await canvas.findByText('Fill in the creative name')).toBeVisible();
    await expect(canvas.getByLabelText('Creative name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const CustomSize: Story = {
  play: async ({ canvas, args }) => {
    await choose(canvas, 'Size', 'Custom size');
    const width = await canvas.findByLabelText('Width (px)');
    await userEvent.clear(width);
    await userEvent.type(width, '640');
    await userEvent.clear(canvas.getByLabelText('Height (px)'));
    await userEvent.type(canvas.getByLabelText('Height (px)'), '360');
    await userEvent.click(canvas.getByRole('switch', { name: 'Fluid' }));
    await save(canvas);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        creative: expect.objectContaining({ width: 640, height: 360, size: '640x360', fluid: true }),
      }),
    );
  },
};

export const CustomWidthMissing: Story = {
  play: async ({ canvas, args }) => {
    await choose(canvas, 'Size', 'Custom size');
    await userEvent.clear(await canvas.findByLabelText('Width (px)'));
    await save(canvas);
    await expect(await canvas.findByText('width must be a number')).toBeVisible();
    await expect(canvas.getByLabelText('Width (px)')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const DealIdMissing: Story = {
  play: async ({ canvas, args }) => {
    await choose(canvas, 'Traffic platform', 'The Trade Desk');
    await expect(canvas.queryByLabelText('Deal ID')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('switch', { name: 'Deal ID required' }));
    await expect(await canvas.findByLabelText('Deal ID')).toBeVisible();
    await save(canvas);
    await expect(await canvas.findByText('Deal ID missing: this creative requires a deal ID')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const FallbackIdMissing: Story = {
  play: async ({ canvas, args }) => {
    await choose(canvas, 'Traffic platform', 'Google Ad Manager');
    await userEvent.click(canvas.getByRole('switch', { name: 'Fallback creative' }));
    await save(canvas);
    await expect(
      await canvas.findByText('Fallback ID missing: this creative requires a fallback creative ID'),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Fallback creative ID')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const DealIdNotAskedWherePlatformHasNone: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, 'Traffic platform', 'MediaMath');
    await userEvent.click(canvas.getByRole('switch', { name: 'Deal ID required' }));
    await expect(canvas.queryByLabelText('Deal ID')).not.toBeInTheDocument();
  },
};

export const ClickMacroMissing: Story = {
  play: async ({ canvas, args }) => {
    await choose(canvas, 'Traffic platform', 'Cognitiv');
    await save(canvas);
    await expect(
      await canvas.findByText('Click macro missing: Cognitiv has no default, enter its click macro'),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A video tag carries the click URL inside its query: Cognitiv's escaped variant is asked for too. */
export const EscapedClickMacroMissing: Story = {
  play: async ({ canvas, args }) => {
    await choose(canvas, 'Type', 'VAST');
    await choose(canvas, 'Traffic platform', 'AdRoll');
    await userEvent.type(canvas.getByLabelText('Click macro'), '__ADROLL_CLICK__');
    await save(canvas);
    await expect(
      await canvas.findByText(
        "Escaped click macro missing: a video tag carries the click URL inside its query, enter AdRoll's URL-encoded click macro",
      ),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Escaped click macro')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/**
 * "Direct (no platform)": nothing expands a click macro, so none is asked for, and the landing page's help
 * names no platform's click tracker (docs/tags.md, "Direct tags").
 */
export const DirectNoClickMacro: Story = {
  play: async ({ canvas }) => {
    await choose(canvas, 'Traffic platform', 'Direct (no platform)');
    await expect(canvas.queryByLabelText('Click macro')).not.toBeInTheDocument();
    await expect(canvas.queryByLabelText('Escaped click macro')).not.toBeInTheDocument();
    await expect(
      canvas.getByText(
        'Where a click on the ad goes (straight from our click redirect, with no platform in between). Needed before the creative is published.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByText(/platform's click tracker/)).not.toBeInTheDocument();
  },
};

export const UserClickMacros: Story = {
  play: async ({ canvas, args }) => {
    await choose(canvas, 'Type', 'VAST');
    await choose(canvas, 'Traffic platform', 'Cognitiv');
    await expect(canvas.getByLabelText('Escaped click macro')).toHaveAccessibleDescription(
      /VAST and VPAID tags use it/,
    );
    await userEvent.type(canvas.getByLabelText('Click macro'), '%%COGNITIV_CLICK%%');
    await userEvent.type(canvas.getByLabelText('Escaped click macro'), '%%COGNITIV_CLICK_ESC%%');
    await save(canvas);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          clickMacro: '%%COGNITIV_CLICK%%',
          clickMacroEscaped: '%%COGNITIV_CLICK_ESC%%',
        }),
      ),
    );
  },
};

export const TrackerUrlInvalid: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add tracker' }));
    await choose(canvas, 'Tracker 1 event', 'Click');
    await choose(canvas, 'Tracker 1 type', 'Redirect');
    await pasteInto(canvas.getByLabelText('Tracker 1 URL'), 'ftp://clicks.agency.example');
    await save(canvas);
    await expect(await canvas.findByText('Tracker URL must be an http(s) URL')).toBeVisible();
    await expect(canvas.getByLabelText('Tracker 1 URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const TrackersAddedAndRemoved: Story = {
  args: { defaultValues: { trackers: existing.trackers } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove tracker 1' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add tracker' }));
    await pasteInto(canvas.getByLabelText('Tracker 1 URL'), 'https://pixel.verifier.example/v.gif');
    await save(canvas);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        creative: expect.objectContaining({
          // The landing page (its own field) stays; the agency pixel went, the verifier's came.
          trackers: {
            click: [{ type: 'redirect', url: 'https://clicks.agency.example/r?c=42' }],
            impression: [{ type: 'pixel', url: 'https://pixel.verifier.example/v.gif' }],
          },
        }),
      }),
    );
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Creative name')).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}Autumn teaser');
    await userEvent.tab();
    const type = canvas.getByRole('combobox', { name: 'Type' });
    await expect(type).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(type).toHaveTextContent('VAST'));
    await userEvent.tab(); // size
    await userEvent.tab(); // fluid
    await userEvent.tab(); // platform
    await userEvent.tab();
    await expect(canvas.getByRole('switch', { name: 'EU creative' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab(); // in-app support
    await userEvent.tab(); // deal ID required
    await userEvent.tab(); // fallback creative
    await userEvent.tab();
    await expect(canvas.getByLabelText('Landing page URL')).toHaveFocus();
    await userEvent.tab(); // add tracker
    await userEvent.tab();
    await expect(canvas.getByLabelText('Skip offset (seconds)')).toHaveFocus(); // a VAST creative
    await userEvent.keyboard('5');
    await userEvent.tab(); // Ad-ID registry
    await userEvent.tab(); // Ad-ID
    await userEvent.tab(); // add verification vendor (a VAST creative)
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Save creative' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        creative: {
          campaignID: 'cmp_42',
          name: 'Autumn teaser',
          type: 'VAST',
          width: 300,
          height: 250,
          size: '300x250',
          fluid: false,
          platform: null,
          settings: [
            { key: 'euCreative', value: true },
            { key: 'skipOffset', value: 5 },
          ],
          trackers: {},
        },
      }),
    );
  },
};

/** A VAST creative lists its verification vendors; each row is checked with the domain's rules on save. */
export const VerificationVendors: Story = {
  args: { defaultValues: { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add verification vendor' }));
    await pasteInto(canvas.getByLabelText('Vendor 1 key'), 'verifier.example-omid');
    await pasteInto(canvas.getByLabelText('Vendor 1 script URL'), 'http://verifier.example/omid.js');
    await save(canvas);
    await expect(await canvas.findByText('Verification script must be an https URL')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('Vendor 1 script URL'));
    await pasteInto(canvas.getByLabelText('Vendor 1 script URL'), 'https://verifier.example/omid.js');
    await save(canvas);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        creative: expect.objectContaining({
          settings: [
            {
              key: 'verificationVendors',
              value: [
                { vendor: 'verifier.example-omid', url: 'https://verifier.example/omid.js', parameters: '' },
              ],
            },
          ],
        }),
      }),
    );
  },
};

/** A VAST creative's skip offset (whole seconds) and the advertiser's Ad-ID, checked with the domain's rules on save. */
export const SkipOffsetAndAdId: Story = {
  args: {
    defaultValues: {
      name: 'Pre-roll',
      type: 'VAST',
      width: 640,
      height: 360,
      settings: [{ key: 'universalAdId', value: { registry: 'ad-id.org', value: 'ABCD1234000H' } }],
    },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Ad-ID')).toHaveValue('ABCD1234000H');
    await userEvent.type(canvas.getByLabelText('Skip offset (seconds)'), '2.5');
    await userEvent.clear(canvas.getByLabelText('Ad-ID registry'));
    await save(canvas);
    await expect(await canvas.findByText('Skip offset: whole seconds from 0 to 600')).toBeVisible();
    await expect(canvas.getByText('Registry is required')).toBeVisible();
    await expect(canvas.getByLabelText('Ad-ID registry')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('Skip offset (seconds)'));
    await userEvent.type(canvas.getByLabelText('Skip offset (seconds)'), '5');
    await userEvent.type(canvas.getByLabelText('Ad-ID registry'), 'ad-id.org');
    await save(canvas);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        creative: expect.objectContaining({
          settings: [
            { key: 'skipOffset', value: 5 },
            { key: 'universalAdId', value: { registry: 'ad-id.org', value: 'ABCD1234000H' } },
          ],
        }),
      }),
    );
  },
};

/** Skip offset and Ad-ID emptied: the ad cannot be skipped and VAST names our id (no settings sent). */
export const SkipOffsetAndAdIdCleared: Story = {
  args: {
    defaultValues: {
      name: 'Pre-roll',
      type: 'VPAID',
      width: 640,
      height: 360,
      settings: [
        { key: 'skipOffset', value: 5 },
        { key: 'universalAdId', value: { registry: 'ad-id.org', value: 'ABCD1234000H' } },
      ],
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.clear(canvas.getByLabelText('Skip offset (seconds)'));
    await userEvent.clear(canvas.getByLabelText('Ad-ID registry'));
    await userEvent.clear(canvas.getByLabelText('Ad-ID'));
    await save(canvas);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ creative: expect.objectContaining({ settings: [] }) }),
    );
  },
};

/** A banner has no verification vendors to edit (its runtime measures itself). */
export const NoVerificationVendorsOnBanners: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('group', { name: 'Verification vendors' })).not.toBeInTheDocument();
    await expect(canvas.queryByLabelText('Skip offset (seconds)')).not.toBeInTheDocument();
  },
};

/** A host passed a whole server creative (with fields the form does not edit): the refusal is shown, not swallowed. */
export const ValuesTheFormDoesNotEdit: Story = {
  args: { defaultValues: { ...existing, liveCreatives: [] } as typeof existing },
  play: async ({ canvas, args }) => {
    await save(canvas);
    await expect(await canvas.findByText('The form could not be sent')).toBeVisible();
    await expect(canvas.getByText(/Unrecognized key/)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A page is told when a field differs from what the form started with, and when it is back (a leave guard); its picture is Filled's. */
export const ToldWhenDirty: Story = {
  args: { defaultValues: existing, onDirtyChange: fn() },
  tags: ['no-visual'],
  play: async ({ args, canvas }) => {
    await waitFor(() => expect(args.onDirtyChange).toHaveBeenLastCalledWith(false));
    const name = canvas.getByLabelText('Creative name');
    await userEvent.type(name, '!');
    await waitFor(() => expect(args.onDirtyChange).toHaveBeenLastCalledWith(true));
    await userEvent.type(name, '{Backspace}');
    await waitFor(() => expect(args.onDirtyChange).toHaveBeenLastCalledWith(false));
  },
};

export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, globals: { theme: 'dark' } };
export const TrackerUrlInvalidDark: Story = { ...TrackerUrlInvalid, globals: { theme: 'dark' } };
