import { ADVERTISER_MESSAGES, defaultReportingDates } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fireEvent, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { contosoOverview, NOW, northwindOverview, northwindReport } from './advertiser-fixtures';
import { AdvertiserOverviewView } from './advertiser-page';
import { AdvertiserReportCard } from './advertiser-report';

const report = (
  <AdvertiserReportCard
    state={{ dates: defaultReportingDates(new Date('2026-11-22T12:00:00Z')), timezone: 'UTC' }}
    onChange={() => {}}
    report={northwindReport}
    now={NOW}
    locale="en-US"
  />
);

const meta = {
  title: 'Console/Advertisers/AdvertiserOverview',
  component: AdvertiserOverviewView,
  args: {
    overview: northwindOverview,
    onSave: fn(async () => {}),
    onCreateOrder: fn(async () => {}),
    report,
  },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof AdvertiserOverviewView>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Northwind: its facts; two orders, Q4 video within its budget and Holiday display USD 1,200.00 over it
 * (11,200.00 of 10,000.00: a red bar); its four campaigns with their orders; the report by campaign.
 */
export const WithOrders: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Northwind Outdoor' })).toBeVisible();
    const facts = canvasElement.querySelector('[data-slot="advertiser-facts"]') as HTMLElement;
    await expect(facts).toHaveTextContent('CurrencyUSD');
    await expect(facts).toHaveTextContent('ap@northwind.example');
    const orders = canvas.getByRole('table', { name: 'Insertion orders' });
    const [q4, holiday] = within(orders).getAllByRole('row').slice(1);
    await expect(q4).toHaveTextContent('PO-4471Q4 video73% of the budget spent');
    await expect(q4).toHaveTextContent('$25,000.00$18,240.50$6,759.50');
    await expect(holiday).toHaveTextContent('$10,000.00$11,200.00-$1,200.00');
    await expect(holiday).toHaveTextContent('112% of the budget: $1,200.00 over');
    await expect(within(orders).getByRole('progressbar', { name: 'PO-4502 budget spent' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(within(orders).getByRole('link', { name: 'PO-4471' })).toHaveAttribute(
      'href',
      '/advertisers/adv_northwind/orders/io_q4video',
    );
    const campaigns = canvas.getByRole('table', { name: 'Campaigns of Northwind Outdoor' });
    await expect(within(campaigns).getAllByRole('row')).toHaveLength(5);
    await expect(campaigns).toHaveTextContent('Autumn trail — pre-roll');
    await expect(campaigns).toHaveTextContent('$14,400.00');
    await expect(campaigns).toHaveTextContent('$20,000.00 lifetime');
    await expect(canvas.getByRole('table', { name: /Figures by campaign/ })).toBeVisible();
  },
};

/** An advertiser with no order and no campaign yet: each card says what to do. */
export const NothingYet: Story = {
  args: {
    overview: contosoOverview,
    report: (
      <AdvertiserReportCard
        state={{ dates: defaultReportingDates(NOW), timezone: 'UTC' }}
        onChange={() => {}}
        report={{ ...northwindReport, advertiser: contosoOverview.advertiser, campaigns: [] }}
        now={NOW}
        locale="en-US"
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No insertion orders yet/)).toBeVisible();
    await expect(canvas.getByText(/No campaigns yet/)).toBeVisible();
    await expect(canvas.getByText('No campaigns of this advertiser to report on.')).toBeVisible();
  },
};

/**
 * "New insertion order" sent empty, with its end before its start: the domain's messages at the fields,
 * the PO number focused, nothing sent; the advertiser's campaigns offered as checkboxes.
 */
export const NewOrderErrors: Story = {
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New insertion order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New insertion order' });
    await expect(within(dialog).getAllByRole('checkbox')).toHaveLength(4);
    // The browser's own date picker is not what is under test: the values are set as a picker sets them.
    fireEvent.change(within(dialog).getByLabelText('Start date (optional)'), {
      target: { value: '2026-12-31' },
    });
    fireEvent.change(within(dialog).getByLabelText('End date (optional)'), {
      target: { value: '2026-12-01' },
    });
    // A negative budget is a number: the order's flight is judged too (a missing one stops the checks).
    await userEvent.type(within(dialog).getByLabelText('Budget (USD)'), '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create insertion order' }));
    await expect(await within(dialog).findByText(ADVERTISER_MESSAGES.poNumber)).toBeVisible();
    await expect(within(dialog).getByText(ADVERTISER_MESSAGES.insertionOrderName)).toBeVisible();
    await expect(within(dialog).getByText(ADVERTISER_MESSAGES.insertionOrderBudget)).toBeVisible();
    await expect(within(dialog).getByText('The end date must be on or after the start date')).toBeVisible();
    await waitFor(() => expect(within(dialog).getByLabelText('PO number')).toHaveFocus());
    await expect(args.onCreateOrder).not.toHaveBeenCalled();
  },
};

/** Made: the PO, name, flight, budget (thousands commas read) and the two campaigns checked. */
export const NewOrderCreated: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New insertion order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New insertion order' });
    await userEvent.type(within(dialog).getByLabelText('PO number'), 'PO-4610');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Winter 2027');
    fireEvent.change(within(dialog).getByLabelText('Start date (optional)'), {
      target: { value: '2027-01-01' },
    });
    fireEvent.change(within(dialog).getByLabelText('End date (optional)'), {
      target: { value: '2027-03-31' },
    });
    await userEvent.type(within(dialog).getByLabelText('Budget (USD)'), '12,500.50');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Always on — brand search' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Autumn trail — pre-roll' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create insertion order' }));
    await waitFor(() =>
      expect(args.onCreateOrder).toHaveBeenCalledWith({
        advertiserId: 'adv_northwind',
        poNumber: 'PO-4610',
        name: 'Winter 2027',
        start: { date: '2027-01-01' },
        end: { date: '2027-03-31' },
        budget: 12_500.5,
        // In the list's order, whichever was checked first.
        campaignIds: ['cmp_autumn', 'cmp_always'],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Edit: the advertiser as saved; the currency's note says when it cannot change. */
export const EditAdvertiser: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit advertiser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Northwind Outdoor' });
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Northwind Outdoor');
    await expect(within(dialog).getByLabelText('Currency')).toHaveValue('USD');
    await expect(within(dialog).getByLabelText('Notes (optional)')).toHaveValue(
      'Net 30. Invoices quote the PO number.',
    );
    await expect(within(dialog).getByRole('switch', { name: 'Requires approval' })).toBeVisible();
    await expect(within(dialog).getByRole('switch', { name: 'Client sees costs' })).not.toBeChecked();
  },
};

/** Its rules among the facts: approval required before publishing, and its clients see its costs. */
export const ApprovalAndCosts: Story = {
  args: {
    overview: {
      ...northwindOverview,
      advertiser: { ...northwindOverview.advertiser, requiresApproval: true, clientSeesCosts: true },
    },
  },
  play: async ({ canvasElement }) => {
    const facts = canvasElement.querySelector('[data-slot="advertiser-facts"]') as HTMLElement;
    await expect(facts).toHaveTextContent('ApprovalRequired before publishing');
    await expect(facts).toHaveTextContent('Client sees costsYes');
  },
};

/** What a client of the advertiser reads without its costs (the API leaves out orders, spend and notes). */
const clientOverview = {
  ...northwindOverview,
  advertiser: { ...northwindOverview.advertiser, notes: null, requiresApproval: true },
  insertionOrders: [],
  campaigns: northwindOverview.campaigns.map((campaign) => ({ ...campaign, spend: null, budget: null })),
};

/**
 * A client's view (docs/security.md, "Client access"): read-only. Its facts and campaigns; no Edit, no
 * notes, no orders (no costs shown to its clients), no report by campaign.
 */
export const ClientView: Story = {
  args: { overview: clientOverview, readOnly: true, report: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Northwind Outdoor' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit advertiser' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'New insertion order' })).toBeNull();
    await expect(canvas.queryByRole('table', { name: 'Insertion orders' })).toBeNull();
    const facts = canvasElement.querySelector('[data-slot="advertiser-facts"]') as HTMLElement;
    await expect(facts).toHaveTextContent('ApprovalRequired before publishing');
    await expect(facts).not.toHaveTextContent('Notes');
    await expect(facts).not.toHaveTextContent('Client sees costs');
    const campaigns = canvas.getByRole('table', { name: 'Campaigns of Northwind Outdoor' });
    await expect(campaigns).toBeVisible();
    // No Spend or Budget column to stand empty: the advertiser shows its clients no costs.
    await expect(within(campaigns).getByRole('columnheader', { name: 'Impressions' })).toBeVisible();
    await expect(within(campaigns).queryByRole('columnheader', { name: 'Spend' })).toBeNull();
    await expect(within(campaigns).queryByRole('columnheader', { name: 'Budget' })).toBeNull();
  },
};

/** A client whose advertiser shows it costs: the orders and their budgets, not linked, no new one. */
export const ClientViewWithCosts: Story = {
  args: {
    overview: {
      ...northwindOverview,
      advertiser: { ...northwindOverview.advertiser, notes: null, clientSeesCosts: true },
    },
    readOnly: true,
    report: undefined,
  },
  play: async ({ canvas }) => {
    const orders = canvas.getByRole('table', { name: 'Insertion orders' });
    await expect(within(orders).getByText('PO-4471')).toBeVisible();
    await expect(within(orders).queryByRole('link')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'New insertion order' })).toBeNull();
    const campaigns = canvas.getByRole('table', { name: 'Campaigns of Northwind Outdoor' });
    await expect(within(campaigns).getByRole('columnheader', { name: 'Spend' })).toBeVisible();
  },
};

/** A 390 px phone (the page's padding taken off): the tables scroll sideways inside their cards. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div className="w-[358px]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Northwind Outdoor' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const WithOrdersDark: Story = { ...WithOrders, globals: { theme: 'dark' } };
