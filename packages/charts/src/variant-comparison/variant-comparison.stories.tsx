import { abTestVerdict } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { noDifferenceVerdict, notEnoughDataVerdict, variantWinsVerdict } from '../fixtures';
import { VariantComparison } from './variant-comparison';

const verdictText = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[data-slot="variant-verdict"]');

const meta = {
  title: 'Charts/VariantComparison',
  component: VariantComparison,
  args: { verdict: variantWinsVerdict, goalLabel: 'CTR', width: 560, locale: 'en-US' },
} satisfies Meta<typeof VariantComparison>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The figures: A 10,000 / 100 against B 10,000 / 150 at the planned 10,000: B wins. */
export const VariantWins: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(verdictText(canvasElement)).toHaveTextContent('In-banner trailer wins');
    await expect(
      canvas.getByRole('img', {
        name: 'CTR by variant: Static banner (control) 1.00%, In-banner trailer 1.50%. In-banner trailer wins.',
      }),
    ).toBeVisible();
    await expect(
      canvas.getByText('In-banner trailer: +50.0% vs control (95% CI +16.6% to +92.9%), p = 0.0015'),
    ).toBeVisible();
    // Each variant's interval is a whisker with its two caps; the control is marked.
    await expect(canvasElement.querySelectorAll('[data-slot="variant-interval"] line')).toHaveLength(6);
    await expect(canvasElement.querySelector('[data-slot="variant-row"][data-control]')).toBeInTheDocument();
    await expect(
      canvas.getByRole('rowheader', { name: 'Static banner (control)' }).parentElement,
    ).toHaveTextContent('0.82% to 1.21%');
  },
};

/** Under a quarter of the planned sample: the p-value is shown, never acted on. */
export const NotEnoughData: Story = {
  args: { verdict: notEnoughDataVerdict },
  play: async ({ canvas, canvasElement }) => {
    await expect(verdictText(canvasElement)).toHaveTextContent('Not enough data');
    await expect(canvas.getByText(/^In-banner trailer: .*p = 0\.0015/)).toBeVisible();
  },
};

/** Three variants, each compared at α / 2 (97.5% intervals for the lifts). */
export const NoDifference: Story = {
  args: { verdict: noDifferenceVerdict },
  play: async ({ canvas, canvasElement }) => {
    await expect(verdictText(canvasElement)).toHaveTextContent('No difference');
    await expect(canvas.getByText(/^Carousel: .*97\.5% CI/)).toBeVisible();
  },
};

/** Names as advertisers write them: on two lines of whole words, the rest ellipsized (the full name is the tooltip). */
const longNames = abTestVerdict({
  variants: [
    { id: 'a', name: 'Static banner, spring range', trials: 10_000, successes: 100 },
    { id: 'b', name: 'Autumn carousel, blue button', trials: 10_000, successes: 150 },
    {
      id: 'c',
      name: 'In-banner trailer with a countdown and a sound-on prompt',
      trials: 10_000,
      successes: 112,
    },
  ],
  controlId: 'a',
  plannedSample: 10_000,
});

export const LongNames: Story = {
  args: { verdict: longNames },
  play: async ({ canvasElement }) => {
    const names = [...canvasElement.querySelectorAll('[data-slot="variant-name"]')];
    await expect(
      names.map((name) => [...name.querySelectorAll('tspan')].map((line) => line.textContent)),
    ).toEqual([
      ['Static banner,', 'spring range'],
      ['Autumn carousel,', 'blue button'],
      ['In-banner trailer', 'with a countdown…'],
    ]);
    await expect(names[2]?.querySelector('title')).toHaveTextContent(
      'In-banner trailer with a countdown and a sound-on prompt',
    );
    // Each name stays inside the chart: none starts left of its edge.
    const left =
      canvasElement.querySelector('[data-slot="variant-comparison-svg"]')?.getBoundingClientRect().left ?? 0;
    for (const name of names) await expect(name.getBoundingClientRect().left).toBeGreaterThanOrEqual(left);
  },
};

/** The long names on a phone. */
export const LongNamesPhone: Story = {
  args: { verdict: longNames, width: undefined },
  decorators: [
    (Story) => (
      <div style={{ width: 326 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="variant-comparison-svg"]')).toBeInTheDocument(),
    );
    const chart = canvasElement.querySelector('[data-slot="variant-comparison"]') as HTMLElement;
    await expect(chart.scrollWidth).toBeLessThanOrEqual(326);
  },
};

/** A phone (390 px less the card's padding): fills the width, nothing overflows. */
export const Phone: Story = {
  args: { width: undefined },
  decorators: [
    (Story) => (
      <div style={{ width: 326 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="variant-comparison-svg"]')).toBeInTheDocument(),
    );
    const chart = canvasElement.querySelector('[data-slot="variant-comparison"]') as HTMLElement;
    await expect(chart.scrollWidth).toBeLessThanOrEqual(326);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const VariantWinsDark: Story = { ...VariantWins, ...dark };
export const NotEnoughDataDark: Story = { ...NotEnoughData, ...dark };
export const NoDifferenceDark: Story = { ...NoDifference, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
export const LongNamesDark: Story = { ...LongNames, ...dark };
