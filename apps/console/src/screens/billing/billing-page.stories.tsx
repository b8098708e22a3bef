import { statementMonths } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, userEvent, within } from 'storybook/test';
import { advertisers, emptyStatement, NOW, octoberStatement, runningStatement } from './billing-fixtures';
import { BillingView } from './billing-page';

const meta = {
  title: 'Console/Billing/Statement',
  component: BillingView,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    advertisers,
    choice: { advertiserId: 'adv_northwind', month: '2026-10', timezone: 'UTC' },
    months: statementMonths('UTC', NOW),
    onChoose: fn(),
    statement: octoberStatement,
    onDownload: fn(async () => undefined),
  },
} satisfies Meta<typeof BillingView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** October: two insertion orders with their subtotals, a campaign without a rate, invalid clicks apart, the total. */
export const FullStatement: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Northwind Outdoor, October 2026' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Statement' });
    const spring = within(table).getByRole('rowgroup', { name: 'Spring outdoor' });
    await expect(within(spring).getByText('$2,901.23')).toBeVisible();
    await expect(within(spring).getByText('$3,045.68')).toBeVisible();
    await expect(within(table).getByText('No rate booked')).toBeVisible();
    await expect(canvas.getByTestId('statement-total')).toHaveTextContent('$3,182.69');
    await expect(canvas.queryByText('Month still running')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Download PDF' }));
    await expect(args.onDownload).toHaveBeenCalledWith('pdf');
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** The month is not over yet in the zone: marked, its figures still growing. */
export const RunningMonth: Story = {
  args: {
    choice: { advertiserId: 'adv_northwind', month: '2026-11', timezone: 'Europe/Berlin' },
    statement: runningStatement,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Month still running')).toBeVisible();
    await expect(canvas.getByTestId('statement-total')).toHaveTextContent('$940.00');
  },
};

/** Nothing served in the month: an empty statement, downloads still offered. */
export const EmptyMonth: Story = {
  args: {
    choice: { advertiserId: 'adv_contoso', month: '2026-10', timezone: 'UTC' },
    statement: emptyStatement,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nothing delivered in October 2026')).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Statement' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  },
};

/** No advertiser yet: the way to make one. */
export const NoAdvertisers: Story = {
  args: {
    advertisers: [],
    choice: { advertiserId: undefined, month: '2026-11', timezone: 'UTC' },
    statement: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No advertisers yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to advertisers' })).toHaveAttribute(
      'href',
      '/advertisers',
    );
  },
};

/** A 390 px phone (the page's padding taken off): the choices stack, the table scrolls inside its card. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const card = [...canvasElement.querySelectorAll('[data-slot="card"]')].at(-1) as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};
