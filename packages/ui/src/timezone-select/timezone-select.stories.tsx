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
          'The timezone list comes in through `timezones` as `{ label, offset, tzCode }`; `value` is a tzCode and `onValueChange` gets the whole item. Search matches the label, the offset ("+05:30") and the code.',
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

export const Open: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Timezone' }));
    await waitFor(() => expect(screen.getByRole('option', { name: '(GMT+00:00) UTC' })).toBeVisible());
  },
};

export const Empty: Story = { args: { value: undefined } };
export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };
