import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { CampaignForm } from './campaign-form';

// The campaign form's budget beside the rate (docs/serving.md, "Budgets in money").
const meta = {
  title: 'Forms/CampaignForm/Budget',
  component: CampaignForm,
  args: { onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof CampaignForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const priced = {
  id: 'cmp_42',
  name: 'Spring sale 2026 — EMEA display',
  data: {
    start: { date: '2026-03-01' },
    end: { date: '2026-03-31' },
    rate: { model: 'CPM' as const, amount: 5, currency: 'EUR' },
  },
};

/** Without a rate the budget cannot be set: its fields are disabled, saying why. */
export const NeedsARate: Story = {
  args: { defaultValues: { name: 'Summer launch' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Lifetime budget')).toBeDisabled();
    await expect(canvas.getByLabelText('Daily budget')).toBeDisabled();
    await expect(
      canvas.getByText('Set a rate before a budget: spend is the counted events times the rate.'),
    ).toBeVisible();
  },
};

/** A lifetime and a daily budget typed in the rate's currency (with a thousands comma): saved as numbers. */
export const LifetimeAndDaily: Story = {
  args: { defaultValues: priced },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Lifetime budget')).toHaveAccessibleDescription(
      'Optional, in EUR. Serving stops once the spend reaches it.',
    );
    await userEvent.type(canvas.getByLabelText('Lifetime budget'), '1,500');
    await userEvent.type(canvas.getByLabelText('Daily budget'), '75.50');
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          data: expect.objectContaining({ budget: { lifetime: 1500, daily: 75.5 } }),
        }),
      ),
    );
  },
};

/** The domain's messages under the fields: a daily budget above the lifetime one. */
export const DailyOverLifetime: Story = {
  args: { defaultValues: { ...priced, data: { ...priced.data, budget: { lifetime: 100, daily: 150 } } } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Lifetime budget')).toHaveValue('100');
    await userEvent.click(canvas.getByRole('button', { name: 'Save campaign' }));
    await expect(
      await canvas.findByText('The daily budget cannot be more than the lifetime budget'),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
