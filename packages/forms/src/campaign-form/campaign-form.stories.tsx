import { MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { CampaignForm } from './campaign-form';

const meta = {
  title: 'Forms/CampaignForm',
  component: CampaignForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof CampaignForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const campaign = {
  id: 'cmp_42',
  name: 'Spring sale 2026 — EMEA display',
  data: { start: { date: '2026-03-01' }, end: { date: '2026-03-31' }, advertiser: 'Northwind Outdoor' },
};

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Create campaign' })).toBeEnabled();
  },
};

export const Filled: Story = {
  args: { defaultValues: campaign },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Campaign ID')).toHaveValue('cmp_42');
    await expect(canvas.getByLabelText('Start date')).toHaveValue('2026-03-01');
    await expect(canvas.getByLabelText('Advertiser')).toHaveValue('Northwind Outdoor');
    // A campaign that names no timezone reads its dates in UTC.
    await expect(canvas.getByLabelText('Timezone of the dates')).toHaveTextContent('UTC');
  },
};

export const InTokyo: Story = {
  args: { defaultValues: { ...campaign, data: { ...campaign.data, timezone: 'Asia/Tokyo' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Timezone of the dates')).toHaveTextContent('Tokyo, Osaka');
  },
};

export const Pending: Story = {
  args: { defaultValues: campaign, onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Save campaign' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(args.onSubmit).toHaveBeenCalledWith(campaign);
  },
};

export const ServerError: Story = {
  args: { defaultValues: campaign, serverError: 'Campaign not found!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Campaign not found!');
  },
};

export const Success: Story = {
  args: { defaultValues: campaign, successMessage: 'Campaign saved.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Campaign saved.');
  },
};

export const NameMissing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Campaign name'), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await expect(await canvas.findByText('Fill in the campaign name')).toBeVisible();
    await expect(canvas.getByLabelText('Campaign name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NameTooLong: Story = {
  args: { defaultValues: { name: 'Spring sale '.repeat(17) } },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Campaign name'), 'and more');
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await expect(await canvas.findByText('Campaign name is too long (200 characters at most)')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const KeyboardOnly: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByLabelText('Campaign name')).toHaveFocus();
    await userEvent.keyboard('Summer launch');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Advertiser')).toHaveFocus();
    await userEvent.keyboard('Contoso Drinks');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Start date')).toHaveFocus();
    await userEvent.keyboard('2026-06-01');
    await userEvent.tab();
    await expect(canvas.getByLabelText('Start time (optional)')).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('2026-06-30');
    await userEvent.tab();
    await expect(canvas.getByLabelText('End time (optional)')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Timezone of the dates')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Goal')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Rate')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Click id parameter')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Create campaign' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Summer launch',
        data: { start: { date: '2026-06-01' }, end: { date: '2026-06-30' }, advertiser: 'Contoso Drinks' },
      }),
    );
  },
};

export const EndBeforeStart: Story = {
  args: {
    defaultValues: {
      name: 'Spring sale 2026',
      data: { start: { date: '2026-03-10' }, end: { date: '2026-03-01' } },
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await expect(await canvas.findByText('The end date must be on or after the start date')).toBeVisible();
    await expect(canvas.getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const AdvertiserTooLong: Story = {
  args: {
    defaultValues: { name: 'Spring sale 2026', data: { advertiser: 'Northwind Outdoor '.repeat(12) } },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await expect(await canvas.findByText('Advertiser is too long (200 characters at most)')).toBeVisible();
    await expect(canvas.getByLabelText('Advertiser')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

const booked = {
  ...campaign,
  data: {
    ...campaign.data,
    goal: { metric: 'impressions' as const, amount: 300_000 },
    rate: { model: 'CPM' as const, amount: 2.5, currency: 'EUR' },
  },
};

/** A campaign that books 300,000 impressions at EUR 2.50 CPM: the section shows both, saved as they are. */
export const GoalAndRateSet: Story = {
  args: { defaultValues: booked },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('group', { name: 'Goal and rate' })).toBeVisible();
    await expect(canvas.getByLabelText('Goal')).toHaveTextContent('Impressions');
    await expect(canvas.getByLabelText('Goal amount')).toHaveValue('300000');
    await expect(canvas.getByLabelText('Rate')).toHaveTextContent('CPM (per thousand impressions)');
    await expect(canvas.getByLabelText('Rate amount')).toHaveValue('2.5');
    await expect(canvas.getByLabelText('Currency')).toHaveTextContent('EUR');
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(booked));
  },
};

/** Choosing a goal and a rate: the amounts typed with thousands commas, USD offered first. */
export const ChoosingGoalAndRate: Story = {
  args: { defaultValues: { name: 'Summer launch' } },
  play: async ({ canvas, args }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByLabelText('Goal'));
    await userEvent.click(await body.findByRole('option', { name: 'Clicks' }));
    await userEvent.type(canvas.getByLabelText('Goal amount'), '12,500');
    await userEvent.click(canvas.getByLabelText('Rate'));
    await userEvent.click(await body.findByRole('option', { name: 'CPC (per click)' }));
    await userEvent.type(canvas.getByLabelText('Rate amount'), '0.35');
    await expect(canvas.getByLabelText('Currency')).toHaveTextContent('USD');
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Summer launch',
        data: {
          start: null,
          end: null,
          goal: { metric: 'clicks', amount: 12_500 },
          rate: { model: 'CPC', amount: 0.35, currency: 'USD' },
        },
      }),
    );
  },
};

/** The domain's messages under the fields: a goal that is not a whole number, a rate finer than the cent. */
export const GoalAndRateErrors: Story = {
  args: {
    defaultValues: {
      ...booked,
      data: {
        ...booked.data,
        goal: { metric: 'impressions' as const, amount: 1_500.5 },
        rate: { model: 'CPM' as const, amount: 2.555, currency: 'USD' },
      },
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await expect(
      await canvas.findByText('The goal must be a whole number from 1 to 10,000,000,000'),
    ).toBeVisible();
    await expect(canvas.getByText('A USD rate has at most 2 decimals')).toBeVisible();
    await expect(canvas.getByLabelText('Goal amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Rate amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** 'No goal' and 'No rate' clear what was booked: the body carries null for each. */
export const ClearingGoalAndRate: Story = {
  args: { defaultValues: booked },
  play: async ({ canvas, args }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByLabelText('Goal'));
    await userEvent.click(await body.findByRole('option', { name: 'No goal' }));
    await userEvent.click(canvas.getByLabelText('Rate'));
    await userEvent.click(await body.findByRole('option', { name: 'No rate' }));
    await expect(canvas.queryByLabelText('Goal amount')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        ...booked,
        data: { ...booked.data, goal: null, rate: null },
      }),
    );
  },
};

/** No goal: the delivery radios are disabled, and the reason says why (docs/serving.md, "Even delivery"). */
export const DeliveryWithoutGoal: Story = {
  args: { defaultValues: campaign },
  play: async ({ canvas }) => {
    const delivery = canvas.getByRole('group', { name: 'Delivery' });
    await expect(within(delivery).getByRole('radio', { name: /As fast as possible/ })).toBeDisabled();
    await expect(within(delivery).getByRole('radio', { name: /As fast as possible/ })).toBeChecked();
    await expect(within(delivery).getByRole('radio', { name: /Evenly/ })).toBeDisabled();
    await expect(delivery).toHaveAccessibleDescription(
      "Book a goal or a lifetime budget to deliver evenly: even delivery follows the goal's plan.",
    );
  },
};

/** With a goal, 'Evenly' delivers it evenly: the body carries deliveryMode 'even'. */
export const ChoosingEvenDelivery: Story = {
  args: { defaultValues: booked },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radio', { name: /As fast as possible/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: /Evenly/ }));
    await expect(canvas.getByRole('radio', { name: /Evenly/ })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        ...booked,
        data: { ...booked.data, deliveryMode: 'even' },
      }),
    );
  },
};

/** Clearing the goal of an evenly delivered campaign delivers as fast as possible: even needs a goal. */
export const ClearingGoalOfEvenDelivery: Story = {
  args: { defaultValues: { ...booked, data: { ...booked.data, deliveryMode: 'even' as const } } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radio', { name: /Evenly/ })).toBeChecked();
    await userEvent.click(canvas.getByLabelText('Goal'));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'No goal' }));
    await expect(canvas.getByRole('radio', { name: /As fast as possible/ })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: /Evenly/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        ...booked,
        data: { ...booked.data, goal: null, deliveryMode: 'asap' },
      }),
    );
  },
};

/** A phone (390 px, the dialog's padding taken off): the section's fields stack. */
export const GoalAndRatePhone: Story = {
  ...GoalAndRateSet,
  decorators: [(Story) => <div style={{ width: 326 }}>{Story()}</div>],
};

/** A flight that starts at 09:30 and ends at 18:00: the dates travel as 'YYYY-MM-DD HH:mm'. */
export const TimeOfDay: Story = {
  args: {
    defaultValues: {
      name: 'Launch day',
      data: { start: { date: '2026-06-01' }, end: { date: '2026-06-30' } },
    },
  },
  play: async ({ canvas, args }) => {
    // The browser's own time picker is not what is under test: the value is set as a picker sets it.
    fireEvent.change(canvas.getByLabelText('Start time (optional)'), { target: { value: '09:30' } });
    fireEvent.change(canvas.getByLabelText('End time (optional)'), { target: { value: '18:00' } });
    await expect(canvas.getByLabelText('Start time (optional)')).toHaveValue('09:30');
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Launch day',
        data: { start: { date: '2026-06-01 09:30' }, end: { date: '2026-06-30 18:00' } },
      }),
    );
  },
};

const live = {
  ...campaign,
  data: { start: { date: '2026-11-01' }, end: { date: '2026-11-30' }, timezone: 'UTC' },
};

/**
 * Editing a live campaign (15 Nov, flight 1-30 Nov) and moving its start to 20 Nov: the form asks first,
 * since its ads stop serving until then.
 */
export const LiveStartMoved: Story = {
  args: { defaultValues: live, now: new Date('2026-11-15T12:00:00Z') },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    fireEvent.change(canvas.getByLabelText('Start date'), { target: { value: '2026-11-20' } });
    await expect(canvas.getByLabelText('Start date')).toHaveValue('2026-11-20');
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Serving stops until 20 Nov 2026, 00:00 (UTC)',
    });
    await expect(dialog).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Confirmed: the campaign is saved with the new start. */
export const LiveStartMovedConfirmed: Story = {
  ...LiveStartMoved,
  parameters: { overlay: false },
  play: async (context) => {
    await LiveStartMoved.play?.(context);
    await userEvent.click(screen.getByRole('button', { name: 'Move the start' }));
    await waitFor(() =>
      expect(context.args.onSubmit).toHaveBeenCalledWith({
        ...live,
        data: { ...live.data, start: { date: '2026-11-20' } },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

/** Moving the start of a live campaign earlier (or changing its end) asks nothing. */
export const LiveEndMoved: Story = {
  args: { defaultValues: live, now: new Date('2026-11-15T12:00:00Z') },
  play: async ({ canvas, args }) => {
    fireEvent.change(canvas.getByLabelText('End date'), { target: { value: '2026-12-20' } });
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalled());
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

export const LiveStartMovedDark: Story = { ...LiveStartMoved, globals: { theme: 'dark' } };
export const GoalAndRateSetDark: Story = { ...GoalAndRateSet, globals: { theme: 'dark' } };
export const ChoosingEvenDeliveryDark: Story = { ...ChoosingEvenDelivery, globals: { theme: 'dark' } };
export const DeliveryWithoutGoalDark: Story = { ...DeliveryWithoutGoal, globals: { theme: 'dark' } };
export const GoalAndRateErrorsDark: Story = { ...GoalAndRateErrors, globals: { theme: 'dark' } };
export const EmptyDark: Story = { ...Empty, globals: { theme: 'dark' } };
export const FilledDark: Story = { ...Filled, globals: { theme: 'dark' } };
export const NameMissingDark: Story = { ...NameMissing, globals: { theme: 'dark' } };

/** The click id parameter: one against the rule is refused with its message; a valid one is sent. */
export const ClickParam: Story = {
  args: { defaultValues: { ...campaign, data: { ...campaign.data, clickParam: 'adc_click' } } },
  play: async ({ canvas, args }) => {
    const field = canvas.getByLabelText('Click id parameter');
    await expect(field).toHaveValue('adc_click');
    await userEvent.clear(field);
    await userEvent.type(field, 'click id');
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await expect(await canvas.findByText(MESSAGES.clickParam)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, 'clid');
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        ...campaign,
        data: { ...campaign.data, clickParam: 'clid' },
      }),
    );
  },
};
