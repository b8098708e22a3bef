// The campaign form with the user's advertisers (docs/product.md §3): the advertiser chosen from them,
// and an insertion order of that advertiser, instead of a typed name.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CampaignForm } from './campaign-form';

const advertisers = [
  { id: 'adv_contoso', name: 'Contoso Drinks', currency: 'EUR' },
  { id: 'adv_northwind', name: 'Northwind Outdoor', currency: 'USD' },
  { id: 'adv_unassigned', name: 'Unassigned', currency: 'USD' },
];
const northwindOrders = [
  { id: 'io_q4video', poNumber: 'PO-4471', name: 'Q4 video' },
  { id: 'io_holiday', poNumber: 'PO-4502', name: 'Holiday display' },
];

const meta = {
  title: 'Forms/CampaignForm/Advertiser',
  component: CampaignForm,
  args: { onSubmit: fn(), advertiserChoices: { advertisers, insertionOrders: undefined } },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof CampaignForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** A new campaign: the advertiser from the list, then one of its orders; both go in the body. */
export const ChoosingAdvertiserAndOrder: Story = {
  args: { advertiserChoices: { advertisers, insertionOrders: northwindOrders } },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('textbox', { name: 'Advertiser' })).toBeNull();
    await userEvent.type(canvas.getByLabelText('Campaign name'), 'Winter trail');
    await userEvent.click(canvas.getByLabelText('Advertiser'));
    await userEvent.click(await body.findByRole('option', { name: 'Northwind Outdoor' }));
    await userEvent.click(canvas.getByLabelText('Insertion order (optional)'));
    await userEvent.click(await body.findByRole('option', { name: 'PO-4471 · Q4 video' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Winter trail',
        advertiserId: 'adv_northwind',
        insertionOrderId: 'io_q4video',
        data: { start: null, end: null },
      }),
    );
  },
};

/** Editing: the campaign's advertiser and order shown; another advertiser clears the order. */
export const ChangingAdvertiserClearsOrder: Story = {
  args: {
    defaultValues: {
      id: 'cmp_autumn',
      name: 'Autumn trail — pre-roll',
      advertiserId: 'adv_northwind',
      insertionOrderId: 'io_q4video',
      data: { start: { date: '2026-10-01' }, end: { date: '2026-12-31' } },
    },
    advertiserChoices: { advertisers, insertionOrders: northwindOrders },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Advertiser')).toHaveTextContent('Northwind Outdoor');
    await expect(canvas.getByLabelText('Insertion order (optional)')).toHaveTextContent('PO-4471 · Q4 video');
    await userEvent.click(canvas.getByLabelText('Advertiser'));
    await userEvent.click(await body.findByRole('option', { name: 'Contoso Drinks' }));
    await expect(canvas.getByLabelText('Insertion order (optional)')).toHaveTextContent('No insertion order');
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ advertiserId: 'adv_contoso', insertionOrderId: null }),
      ),
    );
  },
};

/** While the advertisers load, their select waits, and so does the order's. */
export const AdvertisersLoading: Story = {
  args: { advertiserChoices: { advertisers: undefined, insertionOrders: undefined } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Advertiser')).toBeDisabled();
    await expect(canvas.getByLabelText('Advertiser')).toHaveTextContent('Loading advertisers…');
    await expect(canvas.getByLabelText('Insertion order (optional)')).toBeDisabled();
  },
};

/** A booked rate moves to the chosen advertiser's currency: a campaign's rate is in its advertiser's. */
export const RateFollowsAdvertiserCurrency: Story = {
  args: {
    defaultValues: {
      name: 'Morning brew launch',
      advertiserId: 'adv_northwind',
      data: { start: null, end: null, rate: { model: 'CPC', amount: 0.85, currency: 'USD' } },
    },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Rates and budgets are in its currency, USD/)).toBeVisible();
    await userEvent.click(canvas.getByLabelText('Advertiser'));
    await userEvent.click(await body.findByRole('option', { name: 'Contoso Drinks' }));
    await expect(canvas.getByLabelText('Currency')).toHaveTextContent('EUR');
    await expect(canvas.getByText(/Rates and budgets are in its currency, EUR/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          advertiserId: 'adv_contoso',
          data: expect.objectContaining({ rate: { model: 'CPC', amount: 0.85, currency: 'EUR' } }),
        }),
      ),
    );
  },
};
