import { oneWeekReport, oneWeekReportWithConversions } from '@adconsole/charts/fixtures';
import type { DashboardCampaign } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { DashboardCampaignTable } from './dashboard-campaigns';
import { dashboardCampaigns as campaigns } from './dashboard-fixtures';

const meta = {
  title: 'Console/Dashboard/CampaignTable',
  component: DashboardCampaignTable,
  args: {
    title: 'Top campaigns',
    description: 'By impressions in the range.',
    campaigns,
    empty: 'No impressions in this range yet.',
    linkTo: (campaign) => `/campaigns/${campaign.id}/reporting`,
  },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div className="max-w-3xl">{Story()}</div>
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof DashboardCampaignTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Campaigns that book a goal show their pacing status under their name; the others nothing. */
export const WithPacing: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Top campaigns' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(within(rows[0] as HTMLElement).getByText('At risk')).toHaveAttribute(
      'title',
      'At risk · 20% under plan',
    );
    await expect(within(rows[1] as HTMLElement).getByText('On track')).toBeVisible();
    await expect(rows[2]?.querySelector('[data-slot="pacing-status"]')).toBeNull();
  },
};

/** The recently updated table with its Updated column. */
export const RecentlyUpdated: Story = {
  args: { title: 'Recently updated campaigns', description: 'Newest change first.', showUpdated: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Updated' })).toBeVisible();
    await expect(canvas.getByText('At risk')).toBeVisible();
  },
};

/** A phone (390 px, the page's padding taken off): the badges stay under the names, nothing overflows the card. */
export const Phone: Story = {
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="card"]') as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

/** Campaigns that converted in the range: a Conversions column, 0 for the campaign without conversions. */
const [converting, alsoConverting] = oneWeekReportWithConversions.creatives;
export const WithConversions: Story = {
  args: {
    campaigns: [
      { ...campaigns[0], totals: converting?.totals ?? oneWeekReport.totals } as DashboardCampaign,
      { ...campaigns[1], totals: alsoConverting?.totals ?? oneWeekReport.totals } as DashboardCampaign,
      campaigns[2] as DashboardCampaign,
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Conversions' })).toBeVisible();
    const rows = within(canvas.getByRole('table')).getAllByRole('row').slice(1);
    await expect(rows[0]?.lastElementChild).toHaveTextContent(String(converting?.totals.conversions));
    await expect(rows[2]?.lastElementChild).toHaveTextContent('0');
  },
};

/** None of the campaigns converted: no Conversions column (the tables keep their room). */
export const WithoutConversions: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('columnheader', { name: 'Conversions' })).toBeNull();
  },
};

/** A phone with the Conversions column: nothing overflows the card. */
export const WithConversionsPhone: Story = {
  ...WithConversions,
  decorators: [(Story) => <div style={{ width: 358 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="card"]') as HTMLElement;
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const WithPacingDark: Story = { ...WithPacing, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };

/** Budgets under the names: 62 % of one spent, another's today's budget nearly spent, a third spent. */
export const WithBudgets: Story = {
  args: {
    campaigns: campaigns.map((campaign, index) => ({
      ...campaign,
      budget: [
        {
          currency: 'USD',
          lifetime: { budget: 10_000, spent: 6_170, left: 3_830, share: 0.617, state: 'under' as const },
          daily: null,
          state: 'under' as const,
        },
        {
          currency: 'USD',
          lifetime: null,
          daily: { budget: 500, spent: 470, left: 30, share: 0.94, state: 'nearly-spent' as const },
          state: 'nearly-spent' as const,
        },
        {
          currency: 'EUR',
          lifetime: { budget: 10, spent: 10, left: 0, share: 1, state: 'spent' as const },
          daily: null,
          state: 'spent' as const,
        },
      ][index],
    })),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Budget 62 % spent')).toBeVisible();
    await expect(canvas.getByText('Budget nearly spent')).toBeVisible();
    await expect(canvas.getByText('Budget spent')).toBeVisible();
  },
};
