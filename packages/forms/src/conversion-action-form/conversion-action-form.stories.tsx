import { MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ConversionActionForm } from './conversion-action-form';

const meta = {
  title: 'Forms/ConversionActionForm',
  component: ConversionActionForm,
  args: { currency: { default: 'USD' }, onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof ConversionActionForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** A new action: a purchase, every conversion, 30 days, in USD unless chosen otherwise. */
export const New: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Type')).toHaveTextContent('Purchase');
    await expect(canvas.getByLabelText('Counting')).toHaveTextContent('Every conversion');
    await expect(canvas.getByLabelText('Lookback window (days)')).toHaveValue(30);
    await expect(canvas.getByLabelText('Currency')).toHaveTextContent('USD');
    await userEvent.type(canvas.getByLabelText('Name'), 'Purchase');
    await userEvent.click(canvas.getByLabelText('Currency'));
    await userEvent.click(await body.findByRole('option', { name: 'EUR' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create conversion action' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Purchase',
        type: 'purchase',
        counting: 'every',
        lookbackDays: 30,
        currency: 'EUR',
        unsigned: 'tag-only',
        maxPerClick: 3,
        maxValue: '100000',
      }),
    );
  },
};

/**
 * The postback settings: only keyed postbacks count (the tag is off), 3 conversions a click at most and
 * none worth more than 500.00; each rule's description follows the choice.
 */
export const PostbackSettings: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Conversions without the postback key')).toHaveTextContent(
      'Tag only: postbacks need the key',
    );
    await userEvent.type(canvas.getByLabelText('Name'), 'Order');
    await userEvent.click(canvas.getByLabelText('Conversions without the postback key'));
    await userEvent.click(await body.findByRole('option', { name: /None: keyed postbacks only/ }));
    await expect(canvas.getByText(/the site's tag is off/)).toBeVisible();
    const perClick = canvas.getByLabelText('Conversions per click');
    await userEvent.clear(perClick);
    await userEvent.type(perClick, '3');
    const maximum = canvas.getByLabelText('Maximum value (optional)');
    // A new action starts at the default maximum of 100,000 of its currency.
    await expect(maximum).toHaveValue('100000');
    await userEvent.clear(maximum);
    await userEvent.type(maximum, '500.00');
    await userEvent.click(canvas.getByRole('button', { name: 'Create conversion action' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Order',
        type: 'purchase',
        counting: 'every',
        lookbackDays: 30,
        currency: 'USD',
        unsigned: 'refused',
        maxPerClick: 3,
        maxValue: '500.00',
      }),
    );
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A lead counted once per click within a week: the counting's description follows the choice. */
export const OnePerClick: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Name'), 'Newsletter sign-up');
    await userEvent.click(canvas.getByLabelText('Type'));
    await userEvent.click(await body.findByRole('option', { name: 'Sign-up' }));
    await userEvent.click(canvas.getByLabelText('Counting'));
    await userEvent.click(await body.findByRole('option', { name: 'One per click' }));
    await expect(canvas.getByText(/Only the first conversion of a click counts/)).toBeVisible();
    const lookback = canvas.getByLabelText('Lookback window (days)');
    await userEvent.clear(lookback);
    await userEvent.type(lookback, '7');
    await userEvent.click(canvas.getByRole('button', { name: 'Create conversion action' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Newsletter sign-up',
        type: 'sign-up',
        counting: 'one-per-click',
        lookbackDays: 7,
        currency: 'USD',
        unsigned: 'tag-only',
        maxPerClick: 3,
        maxValue: '100000',
      }),
    );
  },
};

/**
 * Nothing sent: no name, a lookback outside 1-90 days, 0 conversions per click and a maximum that is no
 * amount, each with the domain's message.
 */
export const Errors: Story = {
  play: async ({ canvas, args }) => {
    const lookback = canvas.getByLabelText('Lookback window (days)');
    await userEvent.clear(lookback);
    await userEvent.type(lookback, '120');
    const perClick = canvas.getByLabelText('Conversions per click');
    await userEvent.clear(perClick);
    await userEvent.type(perClick, '0');
    await userEvent.clear(canvas.getByLabelText('Maximum value (optional)'));
    await userEvent.type(canvas.getByLabelText('Maximum value (optional)'), 'lots');
    await userEvent.click(canvas.getByRole('button', { name: 'Create conversion action' }));
    await expect(await canvas.findByText(MESSAGES.conversionActionName)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.conversionActionLookback)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.conversionActionMaxPerClick)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.conversionActionMaxValue)).toBeVisible();
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** An existing action of a campaign booked in EUR: its values, the currency fixed with the reason. */
export const EditFixedCurrency: Story = {
  args: {
    action: {
      name: 'Purchase',
      type: 'purchase',
      counting: 'every',
      lookbackDays: 30,
      currency: 'EUR',
      unsigned: 'counted',
      maxPerClick: 5,
      maxValue: '500.00',
    },
    currency: {
      fixed: 'EUR',
      why: "The campaign's rate is booked in EUR: conversion value is counted in it too, so ROAS compares like with like.",
    },
    serverError: null,
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Name')).toHaveValue('Purchase');
    await expect(canvas.getByLabelText('Currency')).toHaveAttribute('readonly');
    await expect(canvas.getByText(/booked in EUR/)).toBeVisible();
    const lookback = canvas.getByLabelText('Lookback window (days)');
    await userEvent.clear(lookback);
    await userEvent.type(lookback, '45');
    await userEvent.click(canvas.getByRole('button', { name: 'Save conversion action' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Purchase',
        type: 'purchase',
        counting: 'every',
        lookbackDays: 45,
        currency: 'EUR',
        unsigned: 'counted',
        maxPerClick: 5,
        maxValue: '500.00',
      }),
    );
  },
};

/** The server's refusal in the form's alert. */
export const ServerError: Story = {
  args: {
    serverError:
      "This campaign's conversion actions count value in GBP: every action of a campaign uses one currency (not USD).",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('count value in GBP');
  },
};

/** A 390 px phone (the page's padding taken off): the fields one under another, nothing wider. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('form') as HTMLElement;
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const ErrorsDark: Story = { ...Errors, ...dark };
export const EditFixedCurrencyDark: Story = { ...EditFixedCurrency, ...dark };
export const PostbackSettingsDark: Story = { ...PostbackSettings, ...dark };
