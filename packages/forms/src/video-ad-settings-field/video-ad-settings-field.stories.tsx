import { creativeSettingSchema } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import {
  type VideoAdSettings,
  type VideoAdSettingsErrors,
  VideoAdSettingsField,
} from './video-ad-settings-field';

const filled: VideoAdSettings = {
  skipOffset: 5,
  universalAdId: { registry: 'ad-id.org', value: 'ABCD1234000H' },
};

/** The field with its own state, as a form holds it. */
function Stateful({
  initial,
  onChange,
  errors,
}: {
  initial: VideoAdSettings;
  onChange: (settings: VideoAdSettings) => void;
  errors?: VideoAdSettingsErrors | undefined;
}) {
  const [value, setValue] = React.useState(initial);
  return (
    <VideoAdSettingsField
      value={value}
      errors={errors}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/** The domain's messages for these values, as the creative form shows them after a submit. */
const errorsOf = ({ skipOffset, universalAdId }: VideoAdSettings): VideoAdSettingsErrors => {
  const first = (key: 'skipOffset' | 'universalAdId', value: unknown, field?: string) =>
    creativeSettingSchema
      .safeParse({ key, value })
      .error?.issues.find((issue) => field === undefined || issue.path.at(-1) === field)?.message;
  return {
    skipOffset: skipOffset === undefined ? undefined : first('skipOffset', skipOffset),
    registry: universalAdId && first('universalAdId', universalAdId, 'registry'),
    value: universalAdId && first('universalAdId', universalAdId, 'value'),
  };
};

const meta = {
  title: 'Forms/VideoAdSettingsField',
  component: VideoAdSettingsField,
  args: { value: filled, onChange: fn() },
  render: (args) => <Stateful initial={args.value} onChange={args.onChange} errors={args.errors} />,
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof VideoAdSettingsField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Player' })).toBeVisible();
    await expect(canvas.getByLabelText('Skip offset (seconds)')).toHaveValue(5);
    await expect(canvas.getByLabelText('Ad-ID registry')).toHaveValue('ad-id.org');
    await expect(canvas.getByLabelText('Ad-ID')).toHaveValue('ABCD1234000H');
  },
};

/** Not skippable, no Ad-ID of the advertiser's: the inputs are empty. */
export const NotSet: Story = {
  args: { value: {} },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Skip offset (seconds)')).toHaveValue(null);
    await expect(canvas.getByLabelText('Ad-ID')).toHaveValue('');
  },
};

/** Typing sets whole seconds and the Ad-ID; emptying both Ad-ID inputs drops the Ad-ID. */
export const Editing: Story = {
  args: { value: {} },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Skip offset (seconds)'), '15');
    await userEvent.type(canvas.getByLabelText('Ad-ID registry'), 'ad-id.org');
    await userEvent.type(canvas.getByLabelText('Ad-ID'), 'XYZ');
    await expect(args.onChange).toHaveBeenLastCalledWith({
      skipOffset: 15,
      universalAdId: { registry: 'ad-id.org', value: 'XYZ' },
    });
    await userEvent.clear(canvas.getByLabelText('Ad-ID registry'));
    await userEvent.clear(canvas.getByLabelText('Ad-ID'));
    await userEvent.clear(canvas.getByLabelText('Skip offset (seconds)'));
    await expect(args.onChange).toHaveBeenLastCalledWith({ skipOffset: undefined, universalAdId: undefined });
  },
};

const invalid: VideoAdSettings = { skipOffset: 2.5, universalAdId: { registry: 'ad-id.org', value: ' ' } };
/** The domain's messages: whole seconds only, an Ad-ID needs its value. */
export const WithErrors: Story = {
  args: { value: invalid, errors: errorsOf(invalid) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Skip offset: whole seconds from 0 to 600')).toBeVisible();
    await expect(canvas.getByText('Ad id is required')).toBeVisible();
    await expect(canvas.getByLabelText('Ad-ID')).toHaveAttribute('aria-invalid', 'true');
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const FilledDark: Story = { ...Filled, ...dark };
export const WithErrorsDark: Story = { ...WithErrors, ...dark };
