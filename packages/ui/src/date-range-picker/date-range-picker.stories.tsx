import type { Meta, StoryObj } from '@storybook/react-vite';
import { endOfDay, startOfDay } from 'date-fns';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Field } from '../field';
import { CalendarPending, DateRangePicker } from './date-range-picker';
import { type DateRange, dateRangePresets } from './presets';

// The app passes its clock in; stories fix it so presets and "today" never drift.
const now = new Date(2026, 10, 18, 15, 30, 0);
/** The seven whole days before 18 November: 11 to 17 November (today is not over). */
const last7: DateRange = { from: new Date(2026, 10, 11), to: endOfDay(new Date(2026, 10, 17)) };

const meta = {
  title: 'UI/DateRangePicker',
  component: DateRangePicker,
  args: { now, value: last7, onChange: fn() },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
  parameters: {
    docs: {
      description: {
        component:
          "Pass the app's clock as `now`: presets (Today, Yesterday, Last 7 days, Last 30 days, This month, Last month, Custom) are computed from it, and days after today are disabled. `onChange(range, presetId)` receives `from` at 00:00 and `to` at 23:59:59.999 local time of the first and last day; converting to UTC and unix seconds is the app's job. `dateRangePresets(now)` and `matchPreset(range, now)` are exported for reuse.",
      },
    },
  },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <DateRangePicker
        {...args}
        value={value}
        onChange={(range, preset) => {
          setValue(range);
          args.onChange?.(range, preset);
        }}
      />
    );
  },
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Date range/ })).toHaveTextContent(
      '11 Nov 2026 – 17 Nov 2026',
    );
  },
};

export const Empty: Story = { args: { value: undefined } };
export const Disabled: Story = { args: { disabled: true } };

export const Open: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    await expect(within(dialog).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The calendar's code comes when the picker is first pointed at or opened; its months then show.
    await expect(await within(dialog).findAllByRole('grid')).toHaveLength(2);
  },
};

/** The weekdays' header of the first month, by name ('Monday', 'Tuesday', ...). */
const weekdaysOf = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Date range' });
  const [grid] = await within(dialog).findAllByRole('grid');
  // The weekdays' row is hidden from the accessibility tree (each day's name says its weekday).
  return [...(grid as HTMLElement).querySelectorAll('thead th')].map(
    (header) => header.getAttribute('aria-label') ?? header.textContent,
  );
};

/** A de-DE account's week starts on Monday (the app passes `weekStartsOn` 1, from its locale). */
export const OpenWeekFromMonday: Story = {
  parameters: { overlay: true },
  args: { weekStartsOn: 1 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const days = await weekdaysOf();
    await expect(days[0]).toBe('Monday');
    await expect(days[6]).toBe('Sunday');
  },
};

/** An en-US account's week starts on Sunday (`weekStartsOn` 0, as when none is given). */
export const OpenWeekFromSunday: Story = {
  parameters: { overlay: true },
  args: { weekStartsOn: 0 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const days = await weekdaysOf();
    await expect(days[0]).toBe('Sunday');
    await expect(days[6]).toBe('Saturday');
  },
};

/** Today, This month: up to today; Yesterday, Last 7 and 30 days: whole days, ending yesterday. */
export const PresetsOfWholeDays: Story = {
  tags: ['no-visual'],
  play: async () => {
    const byId = Object.fromEntries(dateRangePresets(now).map((preset) => [preset.id, preset.range]));
    await expect(dateRangePresets(now).map((preset) => preset.label)).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
      'This month',
      'Last month',
      'Custom',
    ]);
    await expect(byId.today).toEqual({ from: startOfDay(now), to: endOfDay(now) });
    await expect(byId.yesterday).toEqual({
      from: new Date(2026, 10, 17),
      to: endOfDay(new Date(2026, 10, 17)),
    });
    await expect(byId.last7).toEqual(last7);
    // 18 October to 17 November: thirty whole days.
    await expect(byId.last30).toEqual({ from: new Date(2026, 9, 19), to: endOfDay(new Date(2026, 10, 17)) });
    await expect(byId.thisMonth).toEqual({ from: new Date(2026, 10, 1), to: endOfDay(now) });
    await expect(byId.lastMonth).toEqual({ from: new Date(2026, 9, 1), to: endOfDay(new Date(2026, 9, 31)) });
    await expect(byId.custom).toBeNull();
  },
};

export const PickPreset: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last month' }));
    await expect(args.onChange).toHaveBeenCalledWith(
      { from: new Date(2026, 9, 1), to: endOfDay(new Date(2026, 9, 31)) },
      'lastMonth',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const trigger = canvas.getByRole('button', { name: /Date range/ });
    await expect(trigger).toHaveTextContent('1 Oct 2026 – 31 Oct 2026');
    trigger.blur();
  },
};

/** An app preset (here a campaign's flight) sits after the standard ones and is matched like them. */
export const WithCampaignFlight: Story = {
  args: {
    extraPresets: [
      {
        id: 'flight',
        label: 'Campaign flight',
        range: { from: new Date(2026, 8, 1), to: endOfDay(new Date(2026, 10, 18)) },
      },
    ],
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    const labels = within(within(dialog).getByRole('list', { name: 'Presets' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    await expect(labels).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'Last 30 days',
      'This month',
      'Last month',
      'Campaign flight',
      'Custom',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Campaign flight' }));
    await expect(args.onChange).toHaveBeenCalledWith(
      { from: new Date(2026, 8, 1), to: endOfDay(new Date(2026, 10, 18)) },
      'flight',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    await expect(
      within(await screen.findByRole('dialog', { name: 'Date range' })).getByRole('button', {
        name: 'Campaign flight',
      }),
    ).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Escape}');
  },
};

export const CustomRangeWithKeyboard: Story = {
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    canvas.getByRole('button', { name: /Date range/ }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Custom' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /, 3 November 2026/ }));
    // The first click starts a new range at the 3rd, whatever was chosen before; the keyboard ends it.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /, 10 November 2026/ })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await expect(within(dialog).getByRole('button', { name: 'Custom' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(dialog).getByRole('button', { name: /, 19 November 2026/ })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    const [range, preset] = (args.onChange as ReturnType<typeof fn>).mock.calls[0] ?? [];
    await expect(preset).toBe('custom');
    await expect(range.to).toEqual(endOfDay(new Date(2026, 9 + 1, 10)));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    canvas.getByRole('button', { name: /Date range/ }).blur();
  },
};

/**
 * With 11-17 Nov chosen, Custom then a click on the 14th starts a new range there (as in Google
 * Analytics or Ad Manager), instead of moving an end of the old one: the end waits for the next click.
 */
export const CustomFirstClickStartsAfresh: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Custom' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: /, 14 November 2026/ }));
    await expect(within(dialog).getByText('14 Nov 2026 – …')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: /, 17 November 2026/ })).not.toHaveAccessibleName(
      /selected/,
    );
  },
};

/** The second click ends the range; one before the first day swaps them: 14th then 9th is 9-14 Nov. */
export const CustomRangePicked: Story = {
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /, 14 November 2026/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /, 9 November 2026/ }));
    await expect(within(dialog).getByText('9 Nov 2026 – 14 Nov 2026')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Custom' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeEnabled();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/**
 * On a phone (390 px): one month, the last day's (November, not October above it), the presets in two
 * columns, and the footer with Apply at the bottom of a popover that keeps within the window.
 */
export const Phone: Story = {
  args: { phone: true },
  parameters: { overlay: true },
  decorators: [(Story) => <div className="w-[358px]">{Story()}</div>],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Date range/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    const months = await within(dialog).findAllByRole('grid');
    await expect(months).toHaveLength(1);
    await expect(months[0]).toHaveAccessibleName('November 2026');
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    await userEvent.click(within(dialog).getByRole('button', { name: /, 2 November 2026/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /, 5 November 2026/ }));
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    await expect(apply).toBeVisible();
    await expect(apply.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: { value: undefined },
  render: (args) => (
    <Field label="Reporting dates" error="Pick a date range">
      {(control) => <DateRangePicker {...args} {...control} />}
    </Field>
  ),
};

export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };

/**
 * While the calendar's code arrives (the first time the picker opens, on a slow link), the popover
 * shows the presets and this placeholder of the two months' size in the calendar's place.
 */
export const CalendarLoading: Story = {
  render: () => (
    <div className="w-fit rounded-md border bg-popover">
      <CalendarPending numberOfMonths={2} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the calendar' })).toBeVisible();
  },
};
