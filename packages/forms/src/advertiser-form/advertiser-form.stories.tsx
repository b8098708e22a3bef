import { ADVERTISER_MESSAGES, MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { AdvertiserForm } from './advertiser-form';

const meta = {
  title: 'Forms/AdvertiserForm',
  component: AdvertiserForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof AdvertiserForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new advertiser: USD unless another code is typed (lower case is read as the code). */
export const New: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Currency')).toHaveValue('USD');
    await userEvent.type(canvas.getByLabelText('Name'), '  Northwind Outdoor ');
    const currency = canvas.getByLabelText('Currency');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'eur');
    await userEvent.type(canvas.getByLabelText('Billing name (optional)'), 'Dana Whitfield');
    await userEvent.type(canvas.getByLabelText('Notes (optional)'), 'Net 30.');
    await expect(canvas.getByRole('switch', { name: 'Requires approval' })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('switch', { name: 'Requires approval' }));
    await expect(canvas.getByRole('switch', { name: 'Client sees costs' })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Create advertiser' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Northwind Outdoor',
        currency: 'EUR',
        billingName: 'Dana Whitfield',
        billingEmail: null,
        notes: 'Net 30.',
        requiresApproval: true,
        clientSeesCosts: false,
      }),
    );
  },
};

/** Its clients see its costs: the switch sends `clientSeesCosts`, on a new advertiser as on a saved one. */
export const ClientSeesCosts: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Name'), 'Contoso');
    await userEvent.click(canvas.getByRole('switch', { name: 'Client sees costs' }));
    await expect(canvas.getByRole('switch', { name: 'Client sees costs' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Create advertiser' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Contoso', clientSeesCosts: true }),
      ),
    );
  },
};

/** A saved advertiser whose clients see costs: the switch starts on, and turning it off sends false. */
export const EditClientSeesCosts: Story = {
  args: {
    advertiser: { name: 'Contoso', currency: 'USD', requiresApproval: true, clientSeesCosts: true },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('switch', { name: 'Requires approval' })).toBeChecked();
    const costs = canvas.getByRole('switch', { name: 'Client sees costs' });
    await expect(costs).toBeChecked();
    await userEvent.click(costs);
    await userEvent.click(canvas.getByRole('button', { name: 'Save advertiser' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ requiresApproval: true, clientSeesCosts: false }),
      ),
    );
  },
};

/** Every field refused: the domain's messages under them, the first one focused, nothing sent. */
export const Errors: Story = {
  args: {
    advertiser: {
      name: '',
      currency: 'US',
      billingEmail: 'not an address',
      notes: 'Net 30, invoices quote the PO number. '.repeat(60),
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save advertiser' }));
    await expect(await canvas.findByText(ADVERTISER_MESSAGES.advertiserName)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.rateCurrency)).toBeVisible();
    await expect(canvas.getByText(ADVERTISER_MESSAGES.advertiserBillingEmail)).toBeVisible();
    await expect(canvas.getByText(ADVERTISER_MESSAGES.advertiserNotes)).toBeVisible();
    await expect(canvas.getByLabelText('Currency')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(canvas.getByLabelText('Name')).toHaveFocus());
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server's refusal (a name the owner has already) over the form. */
export const ServerError: Story = {
  args: {
    advertiser: { name: 'Northwind Outdoor', currency: 'USD' },
    serverError: ADVERTISER_MESSAGES.advertiserNameTaken,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(ADVERTISER_MESSAGES.advertiserNameTaken);
  },
};

/** A phone (390 px, the dialog's padding taken off): the billing fields stack. */
export const Phone: Story = {
  ...Errors,
  decorators: [(Story) => <div style={{ width: 326 }}>{Story()}</div>],
};

export const ErrorsDark: Story = { ...Errors, globals: { theme: 'dark' } };
