import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { type Timezone, TimezoneSelect } from './timezone-select';

const timezones: Timezone[] = [
  { label: '(GMT-08:00) Pacific Time', offset: '-08:00', tzCode: 'America/Los_Angeles' },
  { label: '(GMT-05:00) Eastern Time', offset: '-05:00', tzCode: 'America/New_York' },
  { label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' },
  { label: '(GMT+01:00) Amsterdam', offset: '+01:00', tzCode: 'Europe/Amsterdam' },
  { label: '(GMT+05:30) Kolkata', offset: '+05:30', tzCode: 'Asia/Kolkata' },
  { label: '(GMT+08:00) Singapore', offset: '+08:00', tzCode: 'Asia/Singapore' },
  { label: '(GMT+10:00) Sydney', offset: '+10:00', tzCode: 'Australia/Sydney' },
];

const meta = {
  title: 'UI/TimezoneSelect',
  component: TimezoneSelect,
  args: { timezones, value: 'UTC', onValueChange: fn() },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          'The timezone list comes in through `timezones` as `{ label, offset, tzCode }`; `value` is a tzCode and `onValueChange` gets the whole item. A search finds a zone by its own names, each word typed starting one: the label\'s cities, the IANA id, an abbreviation ("CET") and the offset ("+05:30", "GMT+1").',
      },
    },
  },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <TimezoneSelect
        {...args}
        value={value}
        onValueChange={(timezone) => {
          setValue(timezone.tzCode);
          args.onValueChange?.(timezone);
        }}
      />
    );
  },
} satisfies Meta<typeof TimezoneSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultUtc: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('(GMT+00:00) UTC');
  },
};

export const SearchByOffset: Story = {
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Timezone' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search timezones' }), '+05:30');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith(timezones[4]);
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Timezone' })).toHaveTextContent('(GMT+05:30) Kolkata'),
    );
    canvas.getByRole('combobox', { name: 'Timezone' }).blur();
  },
};

/**
 * "Berlin" offers Berlin alone. Sydney's and Brisbane's labels hold its letters in order (B…e…r in
 * "Melbourne, Canberra", l…i in "Australia"), which a fuzzy search took for a match.
 */
export const SearchByCity: Story = {
  args: {
    timezones: [
      { label: '(GMT+01:00) Berlin, Paris, Rome, Madrid', offset: '+01:00', tzCode: 'Europe/Berlin' },
      { label: '(GMT+10:00) Sydney, Melbourne, Canberra', offset: '+10:00', tzCode: 'Australia/Sydney' },
      { label: '(GMT+10:00) Brisbane', offset: '+10:00', tzCode: 'Australia/Brisbane' },
    ],
    value: undefined,
  },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Timezone' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search timezones' }), 'Berlin');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        '(GMT+01:00) Berlin, Paris, Rome, Madrid',
      ]),
    );
  },
};

/** An abbreviation finds the zones it is theirs: "AEST" is Sydney's and Brisbane's, not Berlin's. */
export const SearchByAbbreviation: Story = {
  args: SearchByCity.args,
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Timezone' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search timezones' }), 'AEST');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        '(GMT+10:00) Sydney, Melbourne, Canberra',
        '(GMT+10:00) Brisbane',
      ]),
    );
  },
};

export const Open: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Timezone' }));
    await waitFor(() => expect(screen.getByRole('option', { name: '(GMT+00:00) UTC' })).toBeVisible());
  },
};

export const Empty: Story = { args: { value: undefined } };
export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };
