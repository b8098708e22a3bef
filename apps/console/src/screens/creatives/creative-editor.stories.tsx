import { campaignSchema, MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { rememberPublicConfig } from '../../lib/public-config';
import { campaignKeys } from '../campaigns/campaign-queries';
import { NewCreativePage } from './creative-editor';
import { newCreativePath } from './creative-paths';

/** The campaign the new creative is made in, as the campaign page's query holds it (a flight years ahead: the badge reads the clock). */
const campaign = campaignSchema.parse({
  id: 'cmp_42',
  name: 'Winter sale 2026',
  data: {
    impressions: 0,
    engagement: 0,
    clicks: 0,
    start: { date: '2036-12-01' },
    end: { date: '2036-12-31' },
  },
});

/** The story's router: a play function navigates as the console's menu would (a link to another screen). */
const shown: { router?: ReturnType<typeof createMemoryRouter> } = {};

/**
 * The page as the console's router opens it, the campaign already in the query cache (no request is
 * made: the story has no server), and the campaign's page behind Discard.
 */
function NewCreativeAt() {
  const [{ queryClient, router }] = useState(() => {
    rememberPublicConfig({
      companyDomain: 'example.com',
      companyName: 'Example',
      adServingUrl: 'https://ads.example.com',
      tcfVendorID: 755,
    });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(campaignKeys.detail(campaign.id), campaign);
    const routes = [
      { path: newCreativePath(':campaignID'), element: <NewCreativePage /> },
      { path: '/campaigns/:campaignID', element: <p>The campaign's page</p> },
    ];
    shown.router = createMemoryRouter(routes, { initialEntries: [newCreativePath(campaign.id)] });
    return { queryClient: client, router: shown.router };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

const meta = {
  title: 'Console/Creatives/NewCreativePage',
  component: NewCreativeAt,
} satisfies Meta<typeof NewCreativeAt>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A creative not yet stored: drawn from the campaign's defaults, "Not saved yet", Discard in place of
 * Publish, Duplicate, Report and Delete, and the assets waiting for the first save.
 */
export const NotSavedYet: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'New creative' })).toBeVisible();
    await expect(canvas.getByText('Not saved yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Discard' })).toBeVisible();
    for (const name of ['Publish', 'Duplicate', 'Delete'])
      await expect(canvas.queryByRole('button', { name })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Report' })).toBeNull();
    await expect(canvas.getByText(MESSAGES.creativeAssetsAfterSave)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Upload/ })).toBeNull();
    await expect(canvas.getByText('No preview yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save creative' })).toBeEnabled();
  },
};

/** Discard goes back to the campaign, the draft dropped where it lived: in the page. */
export const Discarded: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Discard' }));
    await waitFor(() => expect(canvas.getByText("The campaign's page")).toBeVisible());
    await expect(canvas.queryByRole('heading', { name: 'New creative' })).toBeNull();
  },
};

/** Another screen, as the side menu's link opens it. */
const leaveForCampaign = () => shown.router?.navigate(`/campaigns/${campaign.id}`);

/**
 * A user who typed and goes to another screen is asked first (the creative lives in the page until its
 * first save): Keep editing stays with what was typed, Leave without saving goes.
 */
export const LeavingAfterTyping: Story = {
  play: async ({ canvas }) => {
    const name = await canvas.findByRole('textbox', { name: 'Creative name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Spring hero');
    void leaveForCampaign();
    const question = await screen.findByRole('alertdialog', { name: 'Leave the new creative?' });
    await expect(question).toHaveTextContent('What you typed is not saved');
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('textbox', { name: 'Creative name' })).toHaveValue('Spring hero');
    await expect(canvas.queryByText("The campaign's page")).toBeNull();
    void leaveForCampaign();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(canvas.getByText("The campaign's page")).toBeVisible());
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** The question, as it is drawn over the page (focus on Keep editing: Enter never drops the work). */
export const LeaveQuestion: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Creative name' }), ' 2');
    void leaveForCampaign();
    await screen.findByRole('alertdialog', { name: 'Leave the new creative?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus());
  },
};

/** Nothing typed: leaving asks nothing. Discard after typing asks nothing either: it is the choice. */
export const LeavingUntouchedOrDiscarding: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('textbox', { name: 'Creative name' });
    void leaveForCampaign();
    await waitFor(() => expect(canvas.getByText("The campaign's page")).toBeVisible());
    void shown.router?.navigate(newCreativePath(campaign.id));
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Creative name' }), ' 2');
    await userEvent.click(canvas.getByRole('link', { name: 'Discard' }));
    await waitFor(() => expect(canvas.getByText("The campaign's page")).toBeVisible());
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};
