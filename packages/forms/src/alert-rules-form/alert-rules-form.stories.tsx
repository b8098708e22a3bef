import { ALERT_DEFAULTS, resolveAlertSettings } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { AlertRulesForm } from './alert-rules-form';

const meta = {
  title: 'Forms/AlertRulesForm',
  component: AlertRulesForm,
  args: {
    effective: ALERT_DEFAULTS,
    inherited: ALERT_DEFAULTS,
    onSubmit: fn(async () => undefined),
  },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof AlertRulesForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An account's defaults: the product's values filled in; unchanged, nothing is stored. */
export const AccountDefaults: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('switch', { name: 'Delivery drop' })).toBeChecked();
    await expect(canvas.getByLabelText(/^Alert below \(% of the usual hour\)/)).toHaveValue('50');
    await expect(canvas.queryByLabelText('Also mail these addresses')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert rules' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ settings: {} }));
  },
};

/** Only what differs from the level above is sent: a threshold changed, a rule switched off. */
export const ChangeARule: Story = {
  play: async ({ canvas, args }) => {
    const drop = canvas.getByLabelText(/^Alert below \(% of the usual hour\)/);
    await userEvent.clear(drop);
    await userEvent.type(drop, '40');
    await userEvent.click(canvas.getByRole('switch', { name: 'VAST errors' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert rules' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        settings: { 'delivery-drop': { percent: 40 }, 'vast-errors': { enabled: false } },
      }),
    );
    // The screenshot without the Save button's focus ring, which a loaded run drew or not (a flake).
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** Out of range: the domain's sentence beside the field, nothing sent. */
export const OutOfRange: Story = {
  play: async ({ canvas, args }) => {
    const hours = canvas.getByLabelText(/^Alert after \(hours without an impression\)/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '0.5');
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert rules' }));
    await expect(
      await canvas.findByText('The hours without delivery must be a whole number from 1 to 168 (hours).'),
    ).toBeVisible();
    await expect(hours).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

const account = { 'delivery-drop': { percent: 70 } };
/** A campaign: its owner always mailed, chosen recipients with whether each confirmed. */
export const Campaign: Story = {
  args: {
    effective: resolveAlertSettings(account, { quietHours: 6 }),
    inherited: resolveAlertSettings(account, undefined),
    ownerEmail: 'ada@adconsole.test',
    recipients: [
      { address: 'ops@adconsole.test', state: 'confirmed' },
      { address: 'trader@client.example', state: 'awaiting' },
      { address: 'old@client.example', state: 'unsubscribed' },
    ],
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Awaiting confirmation')).toBeVisible();
    await expect(canvas.getByLabelText(/^Alert below \(% of the usual hour\)/)).toHaveValue('70');
    const list = canvas.getByLabelText('Also mail these addresses');
    await userEvent.clear(list);
    await userEvent.type(list, 'ops@adconsole.test{enter}new@client.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert rules' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        settings: { quietHours: 6 },
        recipients: ['ops@adconsole.test', 'new@client.example'],
      }),
    );
  },
};

export const BadRecipient: Story = {
  args: { ...Campaign.args, recipients: [] },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Also mail these addresses'), 'not an address');
    await userEvent.click(canvas.getByRole('button', { name: 'Save alert rules' }));
    await expect(await canvas.findByText('Each recipient must be an e-mail address')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ServerError: Story = {
  args: { serverError: 'Campaign not found!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Campaign not found!')).toBeVisible();
  },
};

export const Phone: Story = {
  ...Campaign,
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('[data-slot="alert-rules-form"]') as HTMLElement;
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const AccountDefaultsDark: Story = { ...AccountDefaults, ...dark };
export const CampaignDark: Story = { ...Campaign, ...dark };
export const OutOfRangeDark: Story = { ...OutOfRange, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
