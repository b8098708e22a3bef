import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { oneWeekReport, withSpend, zeroReport } from '../fixtures';
import { SpendTiles } from './spend-tiles';

const meta = {
  title: 'Charts/SpendTiles',
  component: SpendTiles,
  args: { totals: withSpend(oneWeekReport.totals), currency: 'USD', locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof SpendTiles>;

export default meta;
type Story = StoryObj<typeof meta>;

const tile = (canvasElement: HTMLElement, metric: string) =>
  canvasElement.querySelector<HTMLElement>(`[data-slot="spend-tile"][data-metric="${metric}"]`);

/** A week at USD 2.50 CPM: spend, and what each impression, click and completed view cost. */
export const Week: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Spend',
      'eCPM',
      'eCPC',
      'CPCV',
    ]);
    await expect(tile(canvasElement, 'ecpm')).toHaveTextContent('eCPM$2.50');
    await expect(tile(canvasElement, 'spend')?.textContent).toMatch(/^Spend\$[\d,]+\.\d{2}$/);
  },
};

/** Nothing served: no spend, and no effective cost without the events it divides by. */
export const NothingServed: Story = {
  args: { totals: withSpend(zeroReport.totals) },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'spend')).toHaveTextContent('Spend$0.00');
    await expect(tile(canvasElement, 'ecpm')).toHaveTextContent('eCPM—');
    await expect(tile(canvasElement, 'ecpc')).toHaveTextContent('eCPC—');
  },
};

/** A currency without a minor unit: yen are whole. */
export const Yen: Story = {
  args: {
    totals: withSpend(oneWeekReport.totals, { model: 'CPM', amount: 400, currency: 'JPY' }),
    currency: 'JPY',
  },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'ecpm')).toHaveTextContent('eCPM¥400');
  },
};

/** A phone (390 px, the page's padding taken off): two tiles to a row. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const tiles = canvasElement.querySelectorAll('[data-slot="spend-tile"]');
    await expect(tiles[0]?.getBoundingClientRect().top).toBe(tiles[1]?.getBoundingClientRect().top);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WeekDark: Story = { ...Week, ...dark };
export const NothingServedDark: Story = { ...NothingServed, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
