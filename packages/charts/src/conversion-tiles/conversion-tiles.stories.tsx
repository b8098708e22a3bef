import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  oneWeekReport,
  oneWeekReportWithConversions,
  oneWeekReportWithConversionsAndSpend,
  previousWeekReportWithConversionsAndSpend,
  withConversions,
  withPricing,
  zeroReportWithConversions,
} from '../fixtures';
import { ConversionTiles } from './conversion-tiles';

const week = oneWeekReportWithConversionsAndSpend;

const meta = {
  title: 'Charts/ConversionTiles',
  component: ConversionTiles,
  args: { totals: week.totals, currency: 'USD', locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof ConversionTiles>;

export default meta;
type Story = StoryObj<typeof meta>;

const tile = (canvasElement: HTMLElement, metric: string) =>
  canvasElement.querySelector<HTMLElement>(`[data-slot="conversion-tile"][data-metric="${metric}"]`);
const delta = (canvasElement: HTMLElement, metric: string) =>
  tile(canvasElement, metric)?.querySelector('[data-slot="kpi-delta"]');

/**
 * A week at USD 2.50 CPM: 114 conversions of 3,357 clicks (3.40 %) worth USD 6,840.16, on USD 1,920.39
 * of spend: USD 16.85 a conversion, a ROAS of 3.56x.
 */
export const WithBookedRate: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Conversions',
      'Conversion rate',
      'Conversion value',
      'Cost per conversion',
      'ROAS',
    ]);
    await expect(tile(canvasElement, 'conversions')).toHaveTextContent('Conversions114');
    await expect(tile(canvasElement, 'conversionRate')).toHaveTextContent('Conversion rate3.40%');
    await expect(tile(canvasElement, 'conversionValue')).toHaveTextContent('Conversion value$6,840.16');
    await expect(tile(canvasElement, 'costPerConversion')).toHaveTextContent('Cost per conversion$16.85');
    await expect(tile(canvasElement, 'roas')).toHaveTextContent('ROAS3.56x');
  },
};

/** No booked rate: no spend, so no cost per conversion and no ROAS (not '—' tiles: no such figures). */
export const WithoutRate: Story = {
  args: { totals: oneWeekReportWithConversions.totals },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Conversions',
      'Conversion rate',
      'Conversion value',
    ]);
  },
};

/** Against the week before: more conversions and value, a cheaper conversion, a slightly lower rate and ROAS. */
export const ComparedWithPreviousWeek: Story = {
  args: { previous: previousWeekReportWithConversionsAndSpend.totals },
  play: async ({ canvasElement }) => {
    // 114 against 103: +10.7 %.
    await expect(delta(canvasElement, 'conversions')).toHaveTextContent(
      'Up+10.7% from 103 in the previous period',
    );
    await expect(delta(canvasElement, 'conversions')).toHaveAttribute('data-verdict', 'better');
    // 3.40 % against 3.60 %: a rate moves in percentage points.
    await expect(delta(canvasElement, 'conversionRate')).toHaveTextContent('Down-0.20 pp from 3.60%');
    await expect(delta(canvasElement, 'conversionValue')).toHaveTextContent(
      'Up+2.8% from $6,654.88 in the previous period',
    );
    // USD 16.85 against 17.95: cheaper is better.
    await expect(delta(canvasElement, 'costPerConversion')).toHaveTextContent('Down-6.2% from $17.95');
    await expect(delta(canvasElement, 'costPerConversion')).toHaveAttribute('data-verdict', 'better');
    await expect(delta(canvasElement, 'roas')).toHaveTextContent('Down-1.0% from 3.60x');
    await expect(delta(canvasElement, 'roas')).toHaveAttribute('data-verdict', 'worse');
  },
};

/** The week before is still loading: each tile keeps the room of its change. */
export const ComparisonLoading: Story = {
  args: { comparing: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="kpi-delta"][data-loading]')).toHaveLength(5);
  },
};

/** Conversion actions, clicks, but no conversion yet: 0, a rate of 0.00 % and no value. */
export const NoConversionsYet: Story = {
  args: { totals: withConversions(withPricing(oneWeekReport), { seed: 7, none: true }).totals },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'conversions')).toHaveTextContent('Conversions0');
    await expect(tile(canvasElement, 'conversionRate')).toHaveTextContent('Conversion rate0.00%');
    await expect(tile(canvasElement, 'conversionValue')).toHaveTextContent('Conversion value$0.00');
    // No conversion: no cost per conversion. Spend but no value: a ROAS of 0 %.
    await expect(tile(canvasElement, 'costPerConversion')).toHaveTextContent('Cost per conversion—');
    await expect(tile(canvasElement, 'roas')).toHaveTextContent('ROAS0.00x');
  },
};

/** Nothing served: no clicks and no spend, so rate, cost per conversion and ROAS have no value. */
export const NothingServed: Story = {
  args: { totals: zeroReportWithConversions.totals },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'conversions')).toHaveTextContent('Conversions0');
    await expect(tile(canvasElement, 'conversionRate')).toHaveTextContent('Conversion rate—');
    await expect(tile(canvasElement, 'costPerConversion')).toHaveTextContent('Cost per conversion—');
    await expect(tile(canvasElement, 'roas')).toHaveTextContent('ROAS—');
  },
};

/** A campaign without conversion actions (no conversion currency): no tiles at all. */
export const NoConversionActions: Story = {
  args: { totals: oneWeekReport.totals, currency: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="conversion-tiles"]')).toBeNull();
  },
};

/** Euros in German: '6.840,16 €'. */
export const GermanLocale: Story = {
  args: {
    totals: withConversions(withPricing(oneWeekReport, { model: 'CPM', amount: 2.5, currency: 'EUR' }), {
      seed: 7,
    }).totals,
    currency: 'EUR',
    locale: 'de-DE',
  },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'conversionValue')).toHaveTextContent('Conversion value6.840,16 €');
    await expect(tile(canvasElement, 'conversionRate')).toHaveTextContent('3,40 %');
    await expect(tile(canvasElement, 'roas')).toHaveTextContent('3,56x');
  },
};

/** A phone: two tiles to a row, the money on one line. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  args: { previous: previousWeekReportWithConversionsAndSpend.totals },
  play: async ({ canvasElement }) => {
    const value = tile(canvasElement, 'conversionValue')?.querySelector('dd') as HTMLElement;
    await expect(value.scrollWidth).toBeLessThanOrEqual(value.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WithBookedRateDark: Story = { ...WithBookedRate, ...dark };
export const ComparedWithPreviousWeekDark: Story = { ...ComparedWithPreviousWeek, ...dark };
export const NothingServedDark: Story = { ...NothingServed, ...dark };
