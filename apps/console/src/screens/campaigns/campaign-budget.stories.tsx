import type { BudgetFigures } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { CampaignBudget } from './campaign-budget';

/** USD 10,000 lifetime and USD 500 a day at a booked rate: 61.7 % of the lifetime spent, 40 % of today's. */
const under: BudgetFigures = {
  currency: 'USD',
  lifetime: { budget: 10_000, spent: 6_170, left: 3_830, share: 0.617, state: 'under' },
  daily: { budget: 500, spent: 200, left: 300, share: 0.4, state: 'under' },
  state: 'under',
};

const meta = {
  title: 'Console/Campaigns/CampaignBudget',
  component: CampaignBudget,
  args: { status: under, locale: 'en-US' },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof CampaignBudget>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Under: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Under budget')).toBeVisible();
    await expect(canvas.getByText('Lifetime $10,000.00')).toBeVisible();
    await expect(canvas.getByText('$6,170.00 spent · $3,830.00 left')).toBeVisible();
    await expect(canvas.getByText('$200.00 spent · $300.00 left')).toBeVisible();
    await expect(canvas.getAllByRole('progressbar')).toHaveLength(2);
  },
};

/** Today's budget at 92 %: nearly spent (from 90 %), the bar amber. */
export const NearlySpent: Story = {
  args: {
    status: {
      ...under,
      daily: { budget: 500, spent: 460, left: 40, share: 0.92, state: 'nearly-spent' },
      state: 'nearly-spent',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Budget nearly spent')).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Today $500.00' })).toHaveAttribute(
      'aria-valuetext',
      '92 % spent',
    );
  },
};

/** The lifetime budget spent: nothing more is served, the card says so. */
export const Spent: Story = {
  args: {
    status: {
      currency: 'EUR',
      lifetime: { budget: 10, spent: 10, left: 0, share: 1, state: 'spent' },
      daily: null,
      state: 'spent',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Budget spent')).toBeVisible();
    await expect(canvas.getByText(/serves nothing more until the budget is raised/)).toBeVisible();
    await expect(canvas.getByText('€10.00 spent · €0.00 left')).toBeVisible();
  },
};

/** On a phone (390 px): the spent and left wrap under the label, nothing overflows the card. */
export const Phone: Story = {
  args: {
    status: {
      ...under,
      daily: { budget: 500, spent: 460, left: 40, share: 0.92, state: 'nearly-spent' },
      state: 'nearly-spent',
    },
  },
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="card"]') as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};
