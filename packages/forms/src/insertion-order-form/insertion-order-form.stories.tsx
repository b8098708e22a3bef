import { ADVERTISER_MESSAGES, CAMPAIGN_END_BEFORE_START } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { InsertionOrderForm } from './insertion-order-form';

const campaigns = [
  { id: 'cmp_autumn', name: 'Autumn trail — pre-roll' },
  { id: 'cmp_teaser', name: 'Trail teaser — bumper' },
  { id: 'cmp_holiday', name: 'Holiday display — retargeting' },
];

const meta = {
  title: 'Forms/InsertionOrderForm',
  component: InsertionOrderForm,
  args: { advertiserId: 'adv_northwind', currency: 'USD', campaigns, onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-xl">{Story()}</div>],
} satisfies Meta<typeof InsertionOrderForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new order: no flight, a budget typed with a thousands comma, one campaign funded. */
export const New: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('PO number'), 'PO-4471');
    await userEvent.type(canvas.getByLabelText('Name'), 'Q4 video');
    await userEvent.type(canvas.getByLabelText('Budget (USD)'), '25,000');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Trail teaser — bumper' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create insertion order' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        advertiserId: 'adv_northwind',
        poNumber: 'PO-4471',
        name: 'Q4 video',
        start: null,
        end: null,
        budget: 25_000,
        campaignIds: ['cmp_teaser'],
      }),
    );
  },
};

/** Nothing filled, the end before the start: the messages under the fields, the PO number focused. */
export const Errors: Story = {
  args: {
    order: {
      poNumber: '',
      name: '',
      start: { date: '2026-12-31' },
      end: { date: '2026-12-01' },
      budget: -5,
      campaignIds: [],
    },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save insertion order' }));
    await expect(await canvas.findByText(ADVERTISER_MESSAGES.poNumber)).toBeVisible();
    await expect(canvas.getByText(ADVERTISER_MESSAGES.insertionOrderName)).toBeVisible();
    await expect(canvas.getByText(ADVERTISER_MESSAGES.insertionOrderBudget)).toBeVisible();
    await expect(canvas.getByText(CAMPAIGN_END_BEFORE_START)).toBeVisible();
    await expect(canvas.getByLabelText('Budget (USD)')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(canvas.getByLabelText('PO number')).toHaveFocus());
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** An order as saved: its campaigns checked; a campaign of another order may be moved to it. */
export const Editing: Story = {
  args: {
    order: {
      poNumber: 'PO-4471',
      name: 'Q4 video',
      start: { date: '2026-10-01' },
      end: { date: '2026-12-31' },
      budget: 25_000,
      campaignIds: ['cmp_autumn', 'cmp_teaser'],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Start date (optional)')).toHaveValue('2026-10-01');
    await expect(canvas.getByRole('checkbox', { name: 'Autumn trail — pre-roll' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Holiday display — retargeting' })).not.toBeChecked();
  },
};

/** An advertiser without campaigns: the order is made alone, its campaigns linked later. */
export const NoCampaigns: Story = {
  args: { campaigns: [], currency: 'EUR' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Budget (EUR)')).toBeVisible();
    await expect(canvas.getByText(/has no campaigns yet/)).toBeVisible();
  },
};

/** A phone (390 px, the dialog's padding taken off): the fields stack. */
export const Phone: Story = {
  ...Errors,
  decorators: [(Story) => <div style={{ width: 326 }}>{Story()}</div>],
};

export const ErrorsDark: Story = { ...Errors, globals: { theme: 'dark' } };
