import { invalidTrafficOf } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  invalidConversionsOf,
  oneWeekInvalidConversions,
  oneWeekInvalidTraffic,
  oneWeekReport,
  oneWeekReportWithConversionsAndSpend,
} from '../fixtures';
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

/**
 * A campaign with conversion actions: under the invalid events, the conversions received but not counted
 * (all seven reasons, most first) and their share of all received.
 */
export const WithInvalidConversions: Story = {
  args: {
    conversions: oneWeekInvalidConversions,
    countedConversions: oneWeekReportWithConversionsAndSpend.totals.conversions,
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Invalid conversions by reason' });
    const rows = within(table).getAllByRole('row');
    // Header, seven reasons, the total.
    await expect(rows).toHaveLength(9);
    await expect(rows[1]).toHaveTextContent('Order already counted for this action41');
    await expect(rows.at(-1)).toHaveTextContent('Total not counted101');
    // 101 of 114 + 101 = 215 received: 46.98 %.
    await expect(
      canvas.getByText(
        '101 conversions were received but not counted (46.98% of conversions received). They are in no conversion figure of this report.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Invalid traffic by reason' })).toBeVisible();
  },
};

/** Invalid conversions without invalid traffic: the events' line says so, the conversions' table follows. */
export const OnlyInvalidConversions: Story = {
  args: {
    invalid: { total: 0, byReason: [] },
    conversions: invalidConversionsOf({ forged: 1 }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No invalid traffic was filtered in this range.')).toBeVisible();
    await expect(canvas.getByText(/^1 conversion was received but not counted\./)).toBeVisible();
    await expect(canvas.getByRole('rowheader', { name: 'Click id forged or tampered with' })).toBeVisible();
  },
};

/** Conversion actions, every conversion counted. */
export const NoInvalidConversions: Story = {
  args: { conversions: { total: 0, byReason: [] }, countedConversions: 114 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Every conversion received in this range was counted.')).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Invalid conversions by reason' })).toBeNull();
  },
};

export const WithInvalidConversionsDark: Story = { ...WithInvalidConversions, globals: { theme: 'dark' } };
