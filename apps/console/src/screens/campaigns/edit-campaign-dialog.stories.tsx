// The Edit campaign dialog with the inventory forecast of the campaign as typed (docs/console.md, "The
// inventory forecast"), against the API as campaign-dialogs-fixtures.ts answers it: the campaign's saved
// rules, the account's other campaign contending, the forecast of the domain over a made-up account.
import {
  type Campaign,
  campaignSchema,
  dailyNeed,
  forecastGoalNotImpressionsMessage,
  GOAL_METRIC_LABELS,
} from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { answerLikeTheApi, type StoryCall } from './campaign-dialogs-fixtures';
import { EditCampaignDialog } from './edit-campaign-dialog';
import { FORECAST_NOW, FORECAST_RULES } from './forecast-fixtures';

const FLIGHT = { start: '2026-11-16', end: '2026-12-24', timezone: 'Europe/Berlin' };

/** Running since 16 November, 90,000 of its 250,000 impressions delivered, evenly, DE mobile weekdays. */
const winterSale = campaignSchema.parse({
  id: 'cmp_42',
  name: 'Winter sale · DE mobile',
  data: {
    impressions: 90_000,
    engagement: 0,
    clicks: 0,
    start: { date: FLIGHT.start },
    end: { date: FLIGHT.end },
    timezone: FLIGHT.timezone,
    goal: { metric: 'impressions', amount: 250_000 },
    deliveryMode: 'even',
  },
});

/** The account's other campaign on some of the same requests: Germany, every device, in December. */
const advent = campaignSchema.parse({
  id: 'cmp_7',
  name: 'Advent calendar · DE',
  data: {
    impressions: 0,
    engagement: 0,
    clicks: 0,
    start: { date: '2026-12-01' },
    end: { date: '2026-12-24' },
    timezone: 'Europe/Berlin',
    goal: { metric: 'impressions', amount: 40_000 },
    deliveryMode: 'even',
  },
});

const CAMPAIGNS = [
  { campaign: winterSale, rules: FORECAST_RULES },
  { campaign: advent, rules: { countries: FORECAST_RULES.countries } },
];

/** Each story's calls (its `beforeEach` answers the page's fetch). */
let calls: StoryCall[] = [];

/** The dialog on a query client of its own (each story asks anew). */
function WithQueries({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const meta = {
  title: 'Console/Campaigns/EditCampaignDialog',
  component: EditCampaignDialog,
  args: { campaign: winterSale, open: true, onOpenChange: fn() },
  decorators: [
    (Story) => (
      <WithQueries>
        <Story />
      </WithQueries>
    ),
  ],
  beforeEach: () => {
    const api = answerLikeTheApi({ campaigns: CAMPAIGNS });
    calls = api.calls;
    return api.restore;
  },
  // The dialog opens in a portal over the page: the screenshot is the whole frame.
  parameters: { overlay: true },
} satisfies Meta<typeof EditCampaignDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const forecastCalls = () => calls.filter((call) => call.path === '/v1/forecast');

/**
 * The campaign's forecast with its saved rules, flight, zone and goal, the campaign itself no contender:
 * its need a day is the rest of its goal over its days left (its page's "needed a day"), and it follows
 * the goal as typed.
 */
export const WithForecast: Story = {
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Edit campaign' });
    const panel = within(dialog).getByRole('region', { name: 'Inventory forecast' });
    const needed = whole(dailyNeed(250_000, 90_000, FLIGHT, FORECAST_NOW));
    await expect(await within(panel).findByText(`dashed: ${needed} needed a day`)).toBeVisible();
    // The sentence over the bars says the same need a day, not the goal over the flight's days.
    await expect(panel).toHaveTextContent(`for ${needed} a day needed (evenly)`);
    await expect(forecastCalls()[0]?.body).toEqual({
      campaignID: 'cmp_42',
      rules: FORECAST_RULES,
      start: FLIGHT.start,
      end: FLIGHT.end,
      timezone: FLIGHT.timezone,
      goal: 250_000,
      deliveryMode: 'even',
    });
    const funnel = within(panel).getByRole('list', { name: 'What each rule keeps' });
    await expect(funnel).toHaveTextContent(/Countries: keeps 50 %.*Device types: keeps 60 %.*Daypart: keeps/);
    // The other campaign contends; the campaign being edited does not contend with itself.
    const others = panel.querySelector('[data-slot="forecast-contention"]') as HTMLElement;
    await expect(others).toHaveTextContent('Advent calendar · DE');
    await expect(others).not.toHaveTextContent('Winter sale');

    const amount = within(dialog).getByLabelText('Goal amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '200,000');
    const lower = whole(dailyNeed(200_000, 90_000, FLIGHT, FORECAST_NOW));
    await expect(await within(panel).findByText(`dashed: ${lower} needed a day`)).toBeVisible();
    await waitFor(() => expect(panel).toHaveAttribute('data-status', 'ready'));
    (amount as HTMLElement).blur();
    // The picture shows the forecast at the form's end.
    panel.scrollIntoView({ block: 'end' });
  },
};

/** A goal of clicks: the forecast counts impressions, so there is none, and the panel says why. */
export const GoalNotImpressions: Story = {
  args: {
    campaign: {
      ...winterSale,
      data: { ...winterSale.data, goal: { metric: 'clicks', amount: 2_000 } },
    } as Campaign,
  },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Edit campaign' });
    const panel = within(dialog).getByRole('region', { name: 'Inventory forecast' });
    await expect(panel).toHaveTextContent(forecastGoalNotImpressionsMessage(GOAL_METRIC_LABELS.clicks));
    await expect(forecastCalls()).toEqual([]);
    panel.scrollIntoView({ block: 'end' });
  },
};
