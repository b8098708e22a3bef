import { atRiskPacing, missedPacing, notStartedPacing } from '@adconsole/charts/fixtures';
import { type Campaign, filterAndSortCampaigns } from '@adconsole/domain';
import { Button } from '@adconsole/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CampaignControls, CampaignTable, nextCampaignSort } from './campaign-table';

const NOW = new Date('2026-11-25T12:00:00Z');
const live = [{ id: 'l1' }];
const campaign = (
  id: string,
  name: string,
  data: Partial<Campaign['data']>,
  published = true,
  advertiser?: string,
): Campaign =>
  ({
    id,
    name,
    creatives: [{ id: `${id}-c`, liveCreatives: published ? live : [] }],
    data: { impressions: 0, clicks: 0, engagement: 0, ...(advertiser ? { advertiser } : {}), ...data },
    scheduledReports: [],
  }) as unknown as Campaign;

const campaigns = [
  campaign('c1', 'Winter sale', { start: { date: '2026-12-01' }, end: { date: '2027-01-15' } }, false),
  campaign(
    'c2',
    'Spring sale – trail running shoes, EU and UK traffic',
    {
      start: { date: '2026-03-01' },
      end: { date: '2026-11-30' },
      impressions: 20_000,
      clicks: 100,
      timezone: 'Europe/Berlin',
    },
    true,
    'Trail Co',
  ),
  campaign('c3', 'Autumn trail', {
    start: { date: '2026-09-01' },
    end: { date: '2026-10-31' },
    impressions: 50_000,
    clicks: 150,
  }),
  campaign('c4', 'Always on', { impressions: 1_000, clicks: 30 }),
  {
    ...campaign('c5', 'Summer teaser', { start: { date: '2026-06-01' }, end: { date: '2026-06-30' } }),
    archivedAt: '2026-07-02T09:00:00.000Z',
  },
];

/** The same list where three campaigns book a goal: the server answers their pacing. */
const PACING: Record<string, Campaign['pacing']> = {
  c1: notStartedPacing,
  c2: atRiskPacing,
  c3: missedPacing,
};
const pacedCampaigns = campaigns.map((campaign) => ({ ...campaign, pacing: PACING[campaign.id] ?? null }));

/** The same list where two campaigns have delivery rules: the list reads each in one line. */
const RULES: Record<string, Campaign['deliveryRules']> = {
  c2: {
    countries: { mode: 'include', values: ['DE', 'AT'] },
    devices: { mode: 'include', values: ['mobile'] },
    daypart: Array.from({ length: 7 }, (_, day) =>
      Array.from({ length: 24 }, (__, hour) => day < 5 && hour >= 8 && hour < 20),
    ),
  },
  c4: { sites: { allow: [], block: ['forum.example.com'] }, unknownSite: 'skip' },
};
const ruledCampaigns = campaigns.map((campaign) => ({
  ...campaign,
  deliveryRules: RULES[campaign.id] ?? {},
}));

/** The controls and the table over a fixed list, filtered and sorted by the domain's rule as the server does. */
function CampaignList({
  initial = {},
  withPacing = false,
  withRules = false,
  withActions = false,
  list: given,
}: {
  initial?: Parameters<typeof filterAndSortCampaigns>[1];
  withPacing?: boolean;
  withRules?: boolean;
  /** A Delete button in each row, as the campaign list has. */
  withActions?: boolean;
  list?: Campaign[];
}) {
  const [filter, setFilter] = useState(initial);
  const list = given ?? (withPacing ? pacedCampaigns : withRules ? ruledCampaigns : campaigns);
  const shown = filterAndSortCampaigns(list, filter, NOW);
  return (
    <MemoryRouter>
      <div className="grid gap-4">
        <CampaignControls filter={filter} onFilterChange={setFilter} />
        <CampaignTable
          campaigns={shown}
          filter={filter}
          onSort={(sort) => setFilter(nextCampaignSort(filter, sort))}
          now={NOW}
          {...(withActions
            ? {
                actions: (campaign: Campaign) => (
                  <Button variant="ghost" size="sm" aria-label={`Delete ${campaign.name}`}>
                    Delete
                  </Button>
                ),
              }
            : {})}
        />
      </div>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Console/Campaigns/CampaignTable',
  component: CampaignList,
  args: {},
} satisfies Meta<typeof CampaignList>;

export default meta;
type Story = StoryObj<typeof meta>;

const firstCells = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('table', { name: 'Campaigns' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

/** Newest first; a campaign with nothing published says so, whatever its dates. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(firstCells(canvas)).toEqual([
      'Winter sale',
      'Spring sale – trail running shoes, EU and UK trafficTrail Co',
      'Autumn trail',
      'Always on',
    ]);
    await expect(canvas.getByText('No live creative')).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Impressions (lifetime)' })).toBeVisible();
  },
};

export const SortedByClickThroughRate: Story = {
  play: async ({ canvas }) => {
    const ctr = canvas.getByRole('columnheader', { name: 'CTR' });
    await userEvent.click(within(ctr).getByRole('button'));
    await expect(ctr).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCells(canvas)[0]).toBe('Always on');
    await userEvent.click(within(ctr).getByRole('button'));
    await expect(ctr).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstCells(canvas)[0]).toBe('Winter sale');
  },
};

/** Archived campaigns leave the list unless the status filter asks for them, with their badge. */
export const ArchivedFilter: Story = {
  play: async ({ canvas }) => {
    await expect(firstCells(canvas)).not.toContain('Summer teaser');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Archived' }));
    await waitFor(() => expect(firstCells(canvas)).toEqual(['Summer teaser']));
    await expect(
      within(canvas.getByRole('table', { name: 'Campaigns' })).getByText('Archived'),
    ).toBeVisible();
  },
};

export const ArchivedFilterDark: Story = { ...ArchivedFilter, globals: { theme: 'dark' } };

/** The same list where "Spring sale" is paused: it stays in the list as "Paused"; the status filter finds it. */
const withPaused = campaigns.map((campaign) =>
  campaign.id === 'c2'
    ? { ...campaign, pausedAt: '2026-11-10T08:00:00.000Z', pausedBy: 'ana@adconsole.test' }
    : campaign,
);

export const PausedInList: Story = {
  args: { list: withPaused },
  play: async ({ canvas }) => {
    const table = () => within(canvas.getByRole('table', { name: 'Campaigns' }));
    await expect(firstCells(canvas)).toHaveLength(4);
    await expect(table().getByText('Paused')).toBeVisible();
    const row = table().getByText('Paused').closest('tr') as HTMLElement;
    await expect(within(row).getByText(/Spring sale/)).toBeVisible();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Paused' }));
    await waitFor(() =>
      expect(firstCells(canvas)).toEqual(['Spring sale – trail running shoes, EU and UK trafficTrail Co']),
    );
  },
};

export const SearchedAndFiltered: Story = {
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search campaigns' }), 'trail');
    await waitFor(() =>
      expect(firstCells(canvas)).toEqual([
        'Spring sale – trail running shoes, EU and UK trafficTrail Co',
        'Autumn trail',
      ]),
    );
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Ended' }));
    await waitFor(() => expect(firstCells(canvas)).toEqual(['Autumn trail']));
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

/** Campaigns with a goal show their pacing status (its deviation read out and in the tooltip). */
export const WithPacing: Story = {
  args: { withPacing: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Pacing' })).toBeVisible();
    await expect(canvas.getByText('At risk')).toHaveAttribute('title', 'At risk · 20% under plan');
    await expect(canvas.getByText('Missed')).toBeVisible();
    await expect(canvas.getByText('Not started')).toBeVisible();
    await expect(canvas.getByText('No goal')).toBeVisible();
  },
};

export const WithPacingDark: Story = { ...WithPacing, globals: { theme: 'dark' } };

/** Campaigns with delivery rules: each in one line under its name ("Germany, Austria · mobile · ..."). */
export const WithDeliveryRules: Story = {
  args: { withRules: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Germany, Austria · mobile · weekdays 08-20 Berlin time')).toBeVisible();
    await expect(canvas.getByText('not on forum.example.com, known sites only')).toBeVisible();
  },
};

/** A long flight in a long zone, with pacing and rules, at the width the list has in a 1440 px window. */
const longFlight = [
  ...pacedCampaigns.map((entry) => ({ ...entry, deliveryRules: RULES[entry.id] ?? {} })),
  {
    ...campaign(
      'c6',
      'Black Friday to New Year – all products, every market, prospecting and retargeting',
      {
        start: { date: '2026-11-27' },
        end: { date: '2027-01-06' },
        impressions: 1_234_567,
        clicks: 4_321,
        timezone: 'America/Argentina/ComodRivadavia',
      },
      true,
      'Northwind Outdoor Equipment International',
    ),
    pacing: notStartedPacing,
  },
];

/**
 * The list at 1440 px (the page beside the 16rem sidebar: 1,136 px): a long flight and a long zone wrap
 * in their column, nothing scrolls sideways and every row's Delete stays in view.
 */
export const Desktop1440: Story = {
  args: { list: longFlight, withActions: true },
  decorators: [
    (Story) => (
      <div style={{ width: 1136 }} data-testid="page">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Campaigns' });
    const scroller = table.parentElement as HTMLElement;
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    const page = canvas.getByTestId('page').getBoundingClientRect();
    for (const button of canvas.getAllByRole('button', { name: /^Delete / }))
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(page.right);
    await expect(canvas.getByText(/America\/Argentina\/ComodRivadavia/)).toBeVisible();
  },
};

/** A 390 px phone: the page's 16 px padding on each side of the list, as the console's main area has. */
const phoneScreen = (Story: () => ReactNode) => (
  <div className="w-[390px] px-4" data-testid="phone">
    {Story()}
  </div>
);

/** Each row's name, status and flight dates, and its action, inside the phone's screen; no sideways scroll. */
async function rowsFitThePhone(canvasElement: HTMLElement) {
  const screen = (within(canvasElement).getByTestId('phone') as HTMLElement).getBoundingClientRect();
  const container = canvasElement.querySelector('[data-slot="table-container"]') as HTMLElement;
  await expect(container.scrollWidth).toBeLessThanOrEqual(container.clientWidth);
  await expect(container).not.toHaveAttribute('data-overflow-right');
  const inScreen = async (element: Element) => {
    const box = element.getBoundingClientRect();
    await expect(box.width).toBeGreaterThan(0);
    await expect(box.left).toBeGreaterThanOrEqual(screen.left);
    await expect(box.right).toBeLessThanOrEqual(screen.right);
  };
  const rows = within(canvasElement.querySelector('tbody') as HTMLElement).getAllByRole('row');
  for (const row of rows) {
    await inScreen(within(row).getAllByRole('link')[0] as HTMLElement);
    const flight = row.querySelector('[data-flight-state]') as HTMLElement;
    // The status badge, then the dates.
    for (const part of flight.children) await inScreen(part);
    for (const button of within(row).queryAllByRole('button')) await inScreen(button);
  }
  return rows;
}

/**
 * A 390 px phone: each campaign a card of its name, status and flight, stacked, its Delete beside them;
 * the creatives and lifetime figures stay on the wide table (and the campaign's page). Nothing scrolls
 * sideways. The header keeps the sorts by name and flight.
 */
export const Phone: Story = {
  args: { withActions: true },
  decorators: [phoneScreen],
  play: async ({ canvasElement, canvas }) => {
    const rows = await rowsFitThePhone(canvasElement);
    await expect(rows).toHaveLength(4);
    await expect(canvas.getByText('No live creative')).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Flight' })).toBeVisible();
    await expect(canvas.queryByRole('columnheader', { name: 'Impressions (lifetime)' })).toBeNull();
    // The status stands under the name, not beside it.
    const first = rows[0] as HTMLElement;
    const name = within(first).getByRole('link').getBoundingClientRect();
    const status = (first.querySelector('[data-flight-state]') as HTMLElement).getBoundingClientRect();
    await expect(status.top).toBeGreaterThanOrEqual(name.bottom);
  },
};

/** The phone with the longest rows: goals (pacing under the flight), delivery rules, a long zone. */
export const PhoneLongRows: Story = {
  args: { list: longFlight, withActions: true },
  decorators: [phoneScreen],
  play: async ({ canvasElement, canvas }) => {
    await expect(await rowsFitThePhone(canvasElement)).toHaveLength(5);
    await expect(canvas.getByText('At risk')).toBeVisible();
    await expect(canvas.getByText(/America\/Argentina\/ComodRivadavia/)).toBeVisible();
  },
};

export const PhoneDark: Story = { ...Phone, globals: { theme: 'dark' } };
