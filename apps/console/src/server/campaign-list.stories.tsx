import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { phoneViewport } from '../../../../.storybook/phone-viewport';
import { springSale } from '../screens/campaigns/campaign-stories-fixtures';
import type { CampaignListPageView } from './campaign-list';
import { renderCampaignList } from './shared-report';
import { drawnFrame, ServerHtml } from './story-html';

/** Three campaigns as the list call answers them. */
const listedCampaigns = [
  springSale,
  { ...springSale, id: 'c2', name: 'Winter sale' },
  { ...springSale, id: 'c3', name: 'Autumn trail' },
];

/** The page as the server draws it. */
const Drawn = (view: CampaignListPageView) => <ServerHtml html={renderCampaignList(view)} />;

/**
 * The campaign list as the server sends it, with no script run (docs/console.md, "The campaign list
 * drawn by the server"): the signed-in frame around the page the list call answers for its address. The
 * console's own page replaces it where it stands when the reader touches it
 * (e2e/signed-in-first-view.test.ts).
 */
const meta = {
  title: 'Console/Campaigns/CampaignListFirstView',
  component: Drawn,
  args: {
    // As the answer travels: JSON.
    list: JSON.parse(JSON.stringify({ campaigns: listedCampaigns, page: 1, pages: 3, total: 45 })),
    view: 'mine',
    page: 1,
    filter: {},
    location: '/campaigns',
    ...drawnFrame,
    // An admin's list: Mine and All.
    user: { role: 'admin', name: 'Demo Admin' },
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Drawn>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A wide window: the side menu, an admin's Mine / All, the table with its links, the pages. */
export const Wide: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Mine', selected: true })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Campaigns' });
    const first = listedCampaigns[0];
    await expect(canvas.getByRole('link', { name: first?.name ?? '' })).toHaveAttribute(
      'href',
      `/campaigns/${first?.id}`,
    );
    await expect(table).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: /pagination/i })).toBeVisible();
  },
};

/** A phone: the compact frame, each campaign a card. */
export const Phone: Story = {
  args: { phone: true },
  beforeEach: phoneViewport,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="app-shell"][data-compact]')).not.toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await expect(canvas.getByRole('table', { name: 'Campaigns' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** A search that matches nothing: the empty state that offers every campaign. */
export const NothingMatches: Story = {
  args: {
    list: { campaigns: [], page: 1, pages: 1, total: 0 },
    filter: { q: 'winter' },
    location: '/campaigns?q=winter',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No campaign matches')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue('winter');
  },
};
