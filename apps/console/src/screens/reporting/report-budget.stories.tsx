import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ReportBudget } from './report-budget';

const meta = {
  title: 'Console/Reporting/ReportBudget',
  component: ReportBudget,
  args: {
    budget: {
      currency: 'USD',
      lifetime: { budget: 10_000, spent: 6_170, left: 3_830, share: 0.617, state: 'under' },
      daily: { budget: 500, spent: 470, left: 30, share: 0.94, state: 'nearly-spent' },
      state: 'nearly-spent',
    },
    locale: 'en-US',
  },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
} satisfies Meta<typeof ReportBudget>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The report's summary with a budget: lifetime and today's spent and left, nearly spent today. */
export const NearlySpentToday: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Budget nearly spent')).toBeVisible();
    await expect(
      canvas.getByText('Lifetime budget $10,000.00: $6,170.00 spent, $3,830.00 left'),
    ).toBeVisible();
    await expect(canvas.getByText('Today $500.00: $470.00 spent, $30.00 left')).toBeVisible();
  },
};
