// The New campaign dialog with its targeting and the inventory forecast (docs/console.md, "The inventory
// forecast"), against the API as campaign-dialogs-fixtures.ts answers it: the forecast of the domain over
// a made-up account, the campaign created and its rules saved by their own call (or refused).
import { forecastRequestSchema, MESSAGES, notEstimatedText } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import { answerLikeTheApi, type StoryApiOptions, type StoryCall } from './campaign-dialogs-fixtures';
import { NewCampaignDialog } from './new-campaign-dialog';

/** The dialog open over the campaign list, the campaign's page behind a created campaign. */
function NewCampaignAt() {
  const [{ client, router }] = useState(() => ({
    client: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    router: createMemoryRouter(
      [
        { path: '/campaigns', element: <NewCampaignDialog open onOpenChange={() => {}} /> },
        { path: '/campaigns/:campaignID', element: <p>The campaign's page</p> },
      ],
      { initialEntries: ['/campaigns'] },
    ),
  }));
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** Each story's calls (its `beforeEach` answers the page's fetch). */
let calls: StoryCall[] = [];
const answering = (options: StoryApiOptions) => () => {
  const api = answerLikeTheApi(options);
  calls = api.calls;
  return api.restore;
};

const meta = {
  title: 'Console/Campaigns/NewCampaignDialog',
  component: NewCampaignAt,
  beforeEach: answering({}),
  // The dialog opens in a portal over the page: the screenshot is the whole frame.
  parameters: { overlay: true },
} satisfies Meta<typeof NewCampaignAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
const GERMAN_MOBILE = {
  countries: { mode: 'include', values: ['DE'] },
  devices: { mode: 'include', values: ['mobile'] },
};

/** The dialog with its name and flight typed, and an impressions goal when `goal` is given. */
async function book(goal?: string) {
  const dialog = await body.findByRole('dialog', { name: 'New campaign' });
  const form = within(dialog);
  await userEvent.type(form.getByLabelText('Campaign name'), 'Advent calendar · DE mobile');
  fireEvent.change(form.getByLabelText('Start date'), { target: { value: '2026-12-07' } });
  fireEvent.change(form.getByLabelText('End date'), { target: { value: '2026-12-24' } });
  await userEvent.click(form.getByLabelText('Goal'));
  await userEvent.click(await body.findByRole('option', { name: 'Impressions' }));
  if (goal) await userEvent.type(form.getByLabelText('Goal amount'), goal);
  return { dialog, form, panel: form.getByRole('region', { name: 'Inventory forecast' }) };
}

/** Germany only, and mobile only: the targeting's two rules, each through its own field. */
async function targetGermanMobile(form: ReturnType<typeof within>) {
  await userEvent.click(form.getByRole('combobox', { name: 'Countries' }));
  await userEvent.click(await body.findByRole('option', { name: 'Only these' }));
  await userEvent.click(form.getByRole('combobox', { name: 'Add a country' }));
  await userEvent.type(body.getByPlaceholderText('Search countries…'), 'Germany');
  await userEvent.click(await body.findByRole('option', { name: /Germany/ }));
  await userEvent.click(form.getByRole('combobox', { name: 'Device types' }));
  await userEvent.click(await body.findByRole('option', { name: 'Only these' }));
  await userEvent.click(form.getByRole('checkbox', { name: 'Mobile' }));
}

const lastForecastRules = () =>
  forecastRequestSchema.parse(calls.filter((call) => call.path === '/v1/forecast').at(-1)?.body).rules;

/**
 * Targeting before booking: Germany and mobile chosen, the forecast asked with them (its funnel shows
 * what each keeps); while "Only these" has no country yet, the forecast names the rule to fix.
 */
export const WithTargeting: Story = {
  play: async () => {
    const { form, panel } = await book('60,000');
    await expect(await within(panel).findByText(/^All requests of the account/)).toBeVisible();
    await expect(lastForecastRules()).toEqual({});

    await userEvent.click(form.getByRole('combobox', { name: 'Countries' }));
    await userEvent.click(await body.findByRole('option', { name: 'Only these' }));
    await expect(form.getByText(MESSAGES.deliveryRuleValues)).toBeVisible();
    await expect(panel).toHaveTextContent(notEstimatedText('Countries'));
    await userEvent.click(form.getByRole('combobox', { name: 'Add a country' }));
    await userEvent.type(body.getByPlaceholderText('Search countries…'), 'Germany');
    await userEvent.click(await body.findByRole('option', { name: /Germany/ }));
    await userEvent.click(form.getByRole('combobox', { name: 'Device types' }));
    await userEvent.click(await body.findByRole('option', { name: 'Only these' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'Mobile' }));

    // The panel draws a new answer in place of the last one: the list is read anew each time.
    await waitFor(() =>
      expect(within(panel).getByRole('list', { name: 'What each rule keeps' })).toHaveTextContent(
        /Countries: keeps 50 %.*Device types: keeps 60 %/,
      ),
    );
    await waitFor(() => expect(panel).toHaveAttribute('data-status', 'ready'));
    await expect(lastForecastRules()).toEqual(GERMAN_MOBILE);
    // The picture shows the targeting and the forecast's verdict under it.
    (form.getByRole('checkbox', { name: 'Mobile' }) as HTMLElement).blur();
    form.getByRole('group', { name: 'Targeting' }).scrollIntoView({ block: 'start' });
  },
};

/** Created with its targeting: the campaign's call, then the rules' own call for it, then its page. */
export const CreatedWithTargeting: Story = {
  tags: ['no-visual'], // Ends on the campaign's page, a line of the story's own.
  play: async () => {
    const { form } = await book('60,000');
    await targetGermanMobile(form);
    await userEvent.click(form.getByRole('button', { name: 'Create campaign' }));
    await expect(await body.findByText("The campaign's page")).toBeVisible();
    const made = calls.filter((call) => call.method !== 'GET' && call.path !== '/v1/forecast');
    await expect(made.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/campaign/new',
      'PUT /v1/campaign/deliveryRules',
    ]);
    await expect(made[0]?.body).toMatchObject({ name: 'Advent calendar · DE mobile' });
    await expect(made[1]?.body).toEqual({ campaignID: 'cmp_new', rules: GERMAN_MOBILE });
  },
};

/**
 * The rules' call fails after the campaign was created: the campaign is kept (created once), the dialog
 * says so with the server's reason, and offers the rules' call again or the campaign.
 */
export const RulesNotSaved: Story = {
  beforeEach: answering({ rulesRefused: { status: 503, message: MESSAGES.databaseUnavailable } }),
  play: async () => {
    const { dialog, form } = await book('60,000');
    await targetGermanMobile(form);
    await userEvent.click(form.getByRole('button', { name: 'Create campaign' }));
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent(MESSAGES.campaignCreatedRulesNotSaved);
    await expect(alert).toHaveTextContent(MESSAGES.databaseUnavailable);
    await expect(calls.filter((call) => call.path === '/v1/campaign/new')).toHaveLength(1);
    await expect(within(dialog).getByRole('button', { name: 'Save the targeting again' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Open the campaign' })).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Create campaign' })).toBeNull();
  },
};

/**
 * An impressions goal chosen, its amount not typed yet: a hint, never the request's refusal ("goal: the
 * impressions to deliver..."); nothing is asked.
 */
export const GoalNotTyped: Story = {
  play: async () => {
    const { panel } = await book();
    await expect(panel).toHaveTextContent(MESSAGES.forecastGoalNotTyped);
    await expect(within(panel).queryByRole('alert')).toBeNull();
    await expect(panel).not.toHaveTextContent(MESSAGES.forecastGoal);
    await expect(calls.filter((call) => call.path === '/v1/forecast')).toEqual([]);
    (body.getByLabelText('Goal amount') as HTMLElement).focus();
    panel.scrollIntoView({ block: 'end' });
  },
};

/**
 * The advertiser chosen from the user's (docs/console.md, "Advertisers and insertion orders"), then one
 * of its insertion orders, read once it is chosen: both go with the new campaign, not a typed name.
 */
export const WithAdvertiserAndOrder: Story = {
  tags: ['no-visual'], // Ends on the campaign's page, a line of the story's own.
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'New campaign' });
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('Campaign name'), 'Winter trail');
    await waitFor(() => expect(form.getByLabelText('Advertiser')).toBeEnabled());
    await expect(form.getByLabelText('Insertion order (optional)')).toBeDisabled();
    await userEvent.click(form.getByLabelText('Advertiser'));
    await userEvent.click(await body.findByRole('option', { name: 'Northwind Outdoor' }));
    await waitFor(() => expect(form.getByLabelText('Insertion order (optional)')).toBeEnabled());
    await userEvent.click(form.getByLabelText('Insertion order (optional)'));
    await userEvent.click(await body.findByRole('option', { name: 'PO-4471 · Q4 video' }));
    await userEvent.click(form.getByRole('button', { name: 'Create campaign' }));
    await expect(await body.findByText("The campaign's page")).toBeVisible();
    const made = calls.find((call) => call.path === '/v1/campaign/new');
    await expect(made?.body).toMatchObject({
      name: 'Winter trail',
      advertiserId: 'adv_northwind',
      insertionOrderId: 'io_q4video',
    });
    await expect(made?.body).not.toHaveProperty('data.advertiser');
  },
};
