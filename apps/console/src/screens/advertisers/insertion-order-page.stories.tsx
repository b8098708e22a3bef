import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { holidayOrderPage, northwind, northwindOverview, q4VideoPage } from './advertiser-fixtures';
import { InsertionOrderView } from './insertion-order-page';

const meta = {
  title: 'Console/Advertisers/InsertionOrderView',
  component: InsertionOrderView,
  args: {
    order: q4VideoPage,
    advertiser: northwind,
    advertiserCampaigns: northwindOverview.campaigns,
    onSave: fn(async () => {}),
    onDelete: fn(),
  },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof InsertionOrderView>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Q4 video: USD 25,000.00 budget, 20,000.00 booked (the pre-roll's lifetime budget; the bumper books
 * none), 18,240.50 spent (14,400.00 + 3,840.50), 6,759.50 left; what its two campaigns delivered.
 */
export const WithinBudget: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Q4 video' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="order-figures"]')).toHaveTextContent(
      'Budget$25,000.00Booked$20,000.00What its campaigns bookSpent$18,240.50Left$6,759.50',
    );
    await expect(canvasElement.querySelector('[data-slot="order-delivered"]')).toHaveTextContent(
      'Impressions1,680,100Clicks4,080Completes1,143,550',
    );
    await expect(canvas.getByRole('progressbar', { name: 'PO-4471 budget spent' })).toHaveAttribute(
      'aria-valuetext',
      '73% of the budget spent',
    );
    await expect(canvas.queryByText(/Over budget/)).toBeNull();
    const campaigns = canvas.getByRole('table', { name: 'Campaigns of PO-4471' });
    await expect(within(campaigns).getAllByRole('row')).toHaveLength(3);
  },
};

/** Holiday display: 11,200.00 spent of 10,000.00, the alert says by how much, the bar is red and full. */
export const OverBudget: Story = {
  args: { order: holidayOrderPage },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Over budget by $1,200.00');
    await expect(canvasElement.querySelector('[data-slot="order-figures"]')).toHaveTextContent(
      'Over$1,200.00',
    );
    await expect(canvasElement.querySelector('[data-slot="order-progress"]')).toHaveAttribute(
      'data-over',
      'true',
    );
    await expect(canvas.getByText('112% of the budget: $1,200.00 over')).toBeVisible();
  },
};

/** Edit: the order as saved, its campaigns checked among the advertiser's. */
export const EditOrder: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit insertion order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit PO-4471' });
    await expect(within(dialog).getByLabelText('Budget (USD)')).toHaveValue('25000');
    await expect(within(dialog).getByRole('checkbox', { name: 'Autumn trail — pre-roll' })).toBeChecked();
    await expect(
      within(dialog).getByRole('checkbox', { name: 'Always on — brand search' }),
    ).not.toBeChecked();
  },
};

/** Delete asks first and says its campaigns keep running. */
export const Delete: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete PO-4471' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete PO-4471?' });
    await expect(dialog).toHaveTextContent('Its campaigns keep running');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete insertion order' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledTimes(1));
  },
};

/** A 390 px phone (the page's padding taken off): figures two to a row, the table scrolls in its card. */
export const OverBudgetPhone: Story = {
  ...OverBudget,
  decorators: [
    (Story) => (
      <div className="w-[358px]">
        <Story />
      </div>
    ),
  ],
};

export const OverBudgetDark: Story = { ...OverBudget, globals: { theme: 'dark' } };
