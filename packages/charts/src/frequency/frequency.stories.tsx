import { frequencyOf, NO_FREQUENCY } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { oneWeekFrequency } from '../fixtures';
import { FrequencyPanel } from './frequency';

const meta = {
  title: 'Charts/FrequencyPanel',
  component: FrequencyPanel,
  args: { frequency: oneWeekFrequency, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof FrequencyPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A week of a campaign capped at 12 a day: ten bars, the average and the sentence. */
export const Full: Story = {
  play: async ({ canvas, canvasElement }) => {
    // 48,200 first ads: 48,200 browser-days; 100,300 ads in all; 100,300 / 48,200 = 2.08 -> 2.1.
    await expect(canvasElement.querySelector('[data-slot="frequency-average"]')).toHaveTextContent('2.1');
    await expect(
      canvas.getByText('48,200 browsers saw 2.1 ads on average (per browser on each site, per day).'),
    ).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Browsers by the number of ads they had' });
    const rows = within(table).getAllByRole('row');
    // Header, ten bars, the average.
    await expect(rows).toHaveLength(12);
    // Exactly 1: 48,200 - 21,900 = 26,300; 10 or more: c(10) = 800.
    await expect(rows[1]).toHaveTextContent('126,300');
    await expect(rows[10]).toHaveTextContent('10 or more800');
  },
};

/** The brief's three browsers: 3, 1 and 5 ads in a day. */
export const ThreeBrowsers: Story = {
  args: {
    frequency: frequencyOf([3, 2, 2, 1, 1].map((ads, index) => ({ period: 'day', rank: index + 1, ads }))),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('3 browsers saw 3.0 ads on average (per browser on each site, per day).'),
    ).toBeVisible();
  },
};

/** No ad of a capped campaign in the range: the sentence alone, no bars, no table. */
export const Empty: Story = {
  args: { frequency: NO_FREQUENCY },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No ads of a campaign with frequency caps in this range.')).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

/** A phone (390 px, the card's padding taken off): ten bars still fit, labels apart. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 294 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const bars = canvasElement.querySelector('[data-slot="frequency-bars"]') as HTMLElement;
    await expect(bars.scrollWidth).toBeLessThanOrEqual(bars.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
/**
 * A bot's ads in the same range: served and counted as invalid traffic, they keep no frequency history,
 * so the card says they are in no bar (2,340 of them here).
 */
export const WithInvalidTraffic: Story = {
  args: { invalidAds: 2340 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'Not in these bars: 2,340 ads served to invalid traffic, which were counted without a frequency history.',
      ),
    ).toBeVisible();
    // The bars are the same as without them.
    await expect(
      canvas.getByText('48,200 browsers saw 2.1 ads on average (per browser on each site, per day).'),
    ).toBeVisible();
  },
};

/** No ads under caps, but invalid traffic had some: the note stands under the empty sentence. */
export const EmptyWithInvalidTraffic: Story = {
  args: { frequency: NO_FREQUENCY, invalidAds: 1 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'Not in these bars: 1 ad served to invalid traffic, which was counted without a frequency history.',
      ),
    ).toBeVisible();
  },
};

export const FullDark: Story = { ...Full, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
