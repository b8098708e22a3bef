import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Field } from '../field';
import { Combobox, type ComboboxOption } from './combobox';

const platforms: ComboboxOption[] = [
  'Google Ad Manager',
  'Google Campaign Manager',
  'Google DV360',
  'Quantcast',
  'Cognitiv',
  'The Trade Desk',
  'MediaMath',
  'AdRoll',
  'Xandr',
  'Yahoo DSP',
  'Adform',
].map((name) => ({ value: name.toLowerCase().replaceAll(' ', '-'), label: name }));

const meta = {
  title: 'UI/Combobox',
  component: Combobox,
  args: {
    options: platforms,
    'aria-label': 'Platform',
    placeholder: 'Choose a platform',
    searchPlaceholder: 'Search platforms',
    emptyText: 'No platform found',
    onValueChange: fn(),
  },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <Combobox
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange?.(next);
        }}
      />
    );
  },
} satisfies Meta<typeof Combobox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { value: 'the-trade-desk' } };
export const Disabled: Story = {
  args: { disabled: true, value: 'xandr' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Platform' })).toBeDisabled();
  },
};

export const Open: Story = {
  parameters: { overlay: true },
  args: { value: 'quantcast' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Platform' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Quantcast' })).toBeVisible());
  },
};

export const SearchAndPickWithKeyboard: Story = {
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Platform' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const search = await screen.findByRole('combobox', { name: 'Search platforms' });
    await waitFor(() => expect(search).toHaveFocus());
    await userEvent.type(search, 'google');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('google-campaign-manager');
    await waitFor(() => expect(trigger).toHaveTextContent('Google Campaign Manager'));
    await waitFor(() => expect(trigger).toHaveFocus());
    trigger.blur();
  },
};

export const NoResults: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Platform' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search platforms' }), 'zzz');
    await expect(await screen.findByText('No platform found')).toBeVisible();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <Field label="Platform" error="Choose a platform">
      {(control) => <Combobox {...args} {...control} aria-label={undefined} />}
    </Field>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Platform' })).toHaveAttribute('aria-invalid', 'true');
  },
};

export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };
