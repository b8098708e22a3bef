import { invalidTrafficOf } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { oneWeekInvalidTraffic, oneWeekReport } from '../fixtures';
import { InvalidTrafficTable } from './invalid-traffic';

const meta = {
  title: 'Charts/InvalidTrafficTable',
  component: InvalidTrafficTable,
  args: { invalid: oneWeekInvalidTraffic, impressions: oneWeekReport.totals.impressions, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof InvalidTrafficTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SeveralReasons: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Invalid traffic by reason' });
    const rows = within(table).getAllByRole('row');
    // Header, six reasons (most events first), the total.
    await expect(rows).toHaveLength(8);
    await expect(rows[1]).toHaveTextContent('Known bot, crawler or link preview14,21031');
    await expect(rows.at(-1)).toHaveTextContent('Total filtered24,017');
    await expect(
      canvas.getByText(
        /24,017 impressions and 192 clicks were filtered as invalid traffic \(\d+\.\d{2}% of impressions received\)/,
      ),
    ).toBeVisible();
  },
};

export const OneReason: Story = {
  args: {
    invalid: invalidTrafficOf(new Map([['rate', { impressions: 39, clicks: 39, events: 156 }]])),
    impressions: 1,
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('rowheader', { name: 'Too many ad requests from one client' }),
    ).toBeVisible();
    await expect(canvas.getByText(/97\.50% of impressions received/)).toBeVisible();
  },
};

export const NoInvalidTraffic: Story = {
  args: { invalid: { total: 0, byReason: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No invalid traffic was filtered in this range.')).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};
