import { type Campaign, filterAndSortCampaigns } from '@adconsole/domain';
import { Button } from '@adconsole/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';
import type { CampaignView } from './campaign-keys';
import { CampaignListFrame } from './campaign-list-frame';
import { CampaignControls, CampaignTable } from './campaign-table';

const NOW = new Date('2026-11-25T12:00:00Z');
const campaign = (id: string, name: string, data: Partial<Campaign['data']>): Campaign =>
  ({
    id,
    name,
    creatives: [{ id: `${id}-c`, liveCreatives: [{ id: `${id}-l` }] }],
    data: { impressions: 0, clicks: 0, engagement: 0, ...data },
    scheduledReports: [],
  }) as unknown as Campaign;

const mine = [
  campaign('c1', 'Winter sale', { start: { date: '2026-12-01' }, end: { date: '2027-01-15' } }),
  campaign('c2', 'Always on', { impressions: 1_000, clicks: 30 }),
];
const everyones = [...mine, campaign('c3', 'Autumn trail', { impressions: 50_000, clicks: 150 })];

/** The campaign list's frame over a fixed list: an admin's tabs, or one list for anyone else. */
function CampaignListPage({ admin }: { admin: boolean }) {
  const [view, setView] = useState<CampaignView>('mine');
  const shown = filterAndSortCampaigns(view === 'all' ? everyones : mine, {}, NOW);
  return (
    <MemoryRouter>
      <CampaignListFrame
        views={admin ? { view, onViewChange: setView } : undefined}
        actions={<Button>New campaign</Button>}
      >
        <CampaignControls filter={{}} onFilterChange={() => undefined} />
        <CampaignTable campaigns={shown} filter={{}} onSort={() => undefined} now={NOW} />
      </CampaignListFrame>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Console/Campaigns/CampaignListFrame',
  component: CampaignListPage,
  args: { admin: true },
} satisfies Meta<typeof CampaignListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The chosen tab names its panel, which holds the list (axe: `aria-valid-attr-value`), before and after a switch. */
export const AdminViews: Story = {
  play: async ({ canvas }) => {
    const panelOf = (name: string) => {
      const tab = canvas.getByRole('tab', { name, selected: true });
      return document.getElementById(tab.getAttribute('aria-controls') ?? '');
    };
    await expect(panelOf('Mine')).toContainElement(canvas.getByRole('table', { name: 'Campaigns' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Mine' })).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'All' }));
    await expect(panelOf('All')).toContainElement(canvas.getByRole('table', { name: 'Campaigns' }));
    await expect(within(canvas.getByRole('table')).getByText('Autumn trail')).toBeVisible();
  },
};

/** Anyone but an admin has one list: no tabs. */
export const OneList: Story = {
  args: { admin: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('tab')).toBeNull();
    await expect(canvas.getByRole('table', { name: 'Campaigns' })).toBeVisible();
  },
};
