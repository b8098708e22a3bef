import { NO_REQUESTS, zeroRequestCounts } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { notServedWithInvalidTraffic, oneWeekNotServed } from '../fixtures';
import { NotServedPanel } from './not-served';

const meta = {
  title: 'Charts/NotServedPanel',
  component: NotServedPanel,
  args: { notServed: oneWeekNotServed, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof NotServedPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SeveralReasons: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Requests not served by reason' });
    const rows = within(table).getAllByRole('row');
    // Header, six reasons (most first), served, all requests.
    await expect(rows).toHaveLength(9);
    await expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Country');
    await expect(rows.at(-1)).toHaveTextContent(/Ad requests[\d,]+100\.00%/);
    const { totals } = oneWeekNotServed;
    const refused = totals.adRequests - totals.adsServed;
    await expect(
      canvas.getByText(
        new RegExp(
          `${totals.adRequests.toLocaleString('en-US')} ad requests: ${totals.adsServed.toLocaleString('en-US')} served \\(\\d+\\.\\d{2}%\\), ${refused.toLocaleString('en-US')} not served\\.`,
        ),
      ),
    ).toBeVisible();
  },
};

const allServed = { ...zeroRequestCounts(), adRequests: 1_250, adsServed: 1_250 };
export const EveryRequestServed: Story = {
  args: { notServed: { totals: allServed, series: [{ date: '2026-11-16', ...allServed }] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Every request was served.')).toBeVisible();
    await expect(
      canvas.getByText(/1,250 ad requests: 1,250 served \(100\.00%\), 0 not served\./),
    ).toBeVisible();
  },
};

const oneReason = { ...zeroRequestCounts(), adRequests: 40, adsServed: 0, notServedPaused: 40 };
export const NothingServed: Story = {
  args: { notServed: { totals: oneReason, series: [{ date: '2026-11-16', ...oneReason }] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('rowheader', { name: 'Paused or archived' })).toBeVisible();
    await expect(canvas.getByText(/40 ad requests: 0 served \(0\.00%\), 40 not served\./)).toBeVisible();
  },
};

/** An evenly delivered campaign: the throttle's refusals are one more reason (docs/serving.md, "Even delivery"). */
const throttled = {
  ...zeroRequestCounts(),
  adRequests: 10_000,
  adsServed: 1_000,
  notServedThrottled: 8_800,
  notServedCountry: 200,
};
export const Throttled: Story = {
  args: { notServed: { totals: throttled, series: [{ date: '2026-11-16', ...throttled }] } },
  play: async ({ canvas }) => {
    const row = canvas
      .getByRole('rowheader', { name: 'Throttled (even delivery)' })
      .closest('tr') as HTMLElement;
    await expect(row).toHaveTextContent(/Throttled \(even delivery\)8,80088\.00%/);
    await expect(
      canvas.getByText(/10,000 ad requests: 1,000 served \(10\.00%\), 9,000 not served\./),
    ).toBeVisible();
  },
};

/**
 * Requests without consent to keep a cap history (docs/privacy.md): some skipped ("No consent"), some
 * served uncapped, a line of their own under "Served".
 */
const noConsent = {
  ...zeroRequestCounts(),
  adRequests: 2_000,
  adsServed: 1_100,
  adsServedNoConsent: 400,
  notServedNoConsent: 300,
  notServedFrequency: 200,
};
export const NoConsent: Story = {
  args: { notServed: { totals: noConsent, series: [{ date: '2026-11-16', ...noConsent }] } },
  play: async ({ canvas }) => {
    const refused = canvas.getByRole('rowheader', { name: 'No consent' }).closest('tr') as HTMLElement;
    await expect(refused).toHaveTextContent(/No consent30015\.00%/);
    const uncapped = canvas
      .getByRole('rowheader', { name: 'Served uncapped (no consent)' })
      .closest('tr') as HTMLElement;
    await expect(uncapped).toHaveTextContent(/Served uncapped \(no consent\)40020\.00%/);
    await expect(
      canvas.getByText(/2,000 ad requests: 1,500 served \(75\.00%\), 500 not served\./),
    ).toBeVisible();
  },
};

/** No ad request at all (an older server, or tags not live yet): a sentence, no table. */
export const NoRequests: Story = {
  args: { notServed: NO_REQUESTS },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No ad requests reached this campaign’s tags/)).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const SeveralReasonsDark: Story = { ...SeveralReasons, ...dark };

/** A bot's requests served as invalid traffic, said apart; requests that carried notes listed under it. */
export const WithInvalidTrafficAndNotes: Story = {
  args: { notServed: notServedWithInvalidTraffic },
  play: async ({ canvas }) => {
    const { totals } = notServedWithInvalidTraffic;
    await expect(
      canvas.getByText(
        new RegExp(`${totals.adsServedInvalid.toLocaleString('en-US')} of them to invalid traffic`),
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('rowheader', { name: 'Served to invalid traffic' })).toBeVisible();
    await expect(canvas.getByText(/Requests with a device id that is not usable: 312/)).toBeVisible();
    await expect(canvas.getByText(/Requests whose claimed site is not their referrer: 57/)).toBeVisible();
  },
};
