import type { AuditEntry } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { CampaignHistory } from './campaign-history';

const ana = { id: 'u1', email: 'ana@northwind.example' };
const entries: AuditEntry[] = [
  {
    id: '8',
    at: '2026-11-25T10:30:00Z',
    actor: ana,
    entity: 'abTest',
    entityId: 't1',
    campaignId: 'c1',
    action: 'create',
    changes: {
      placement: [null, 'p1'],
      variants: [null, ['k1', 'k2']],
      control: [null, 'k1'],
      status: [null, 'running'],
    },
    route: 'POST /v1/placements/ab-tests',
    names: { p1: 'Homepage MPU', k1: 'Trail season pre-roll', k2: 'Trail season, short cut' },
  },
  {
    id: '7',
    at: '2026-11-25T09:10:00Z',
    actor: ana,
    entity: 'creative',
    entityId: 'k1',
    campaignId: 'c1',
    action: 'update',
    changes: {
      trackers: [
        { click: [{ type: 'redirect', url: 'https://shop.example/trail' }] },
        { click: [{ type: 'redirect', url: 'https://shop.example/trail?utm_source=adconsole' }] },
      ],
      settings: [
        [{ key: 'euCreative', value: false }],
        [
          { key: 'euCreative', value: true },
          { key: 'layoutOptions', value: { autoplay: true, muted: true } },
        ],
      ],
      platform: ['google-ad-manager', 'the-trade-desk'],
    },
    route: 'PUT /v1/campaign/creatives',
    entityName: 'Trail season pre-roll',
  },
  {
    id: '5',
    at: '2026-11-24T14:05:00Z',
    actor: ana,
    entity: 'campaign',
    entityId: 'c1',
    campaignId: 'c1',
    action: 'update',
    changes: { end: ['2026-11-30', '2026-12-24'], name: ['Winter sale', 'Winter sale 2026'] },
    route: 'PUT /v1/campaign/update',
  },
  {
    id: '4',
    at: '2026-11-23T09:12:00Z',
    actor: { id: 'u2', email: 'omar@adconsole.test' },
    entity: 'liveCreative',
    entityId: 'l1',
    campaignId: 'c1',
    action: 'create',
    changes: {
      creativeId: [null, 'k1'],
      name: [null, 'Trail season pre-roll'],
      platform: [null, 'the-trade-desk'],
    },
    route: 'POST /v1/campaign/creatives/publish',
  },
  {
    id: '3',
    at: '2026-11-22T16:40:00Z',
    actor: ana,
    entity: 'creative',
    entityId: 'k1',
    campaignId: 'c1',
    action: 'update',
    changes: { assets: [['main.mp4 (video)'], ['main.mp4 (video)', 'poster.jpg (image, 640x360)']] },
    route: 'POST /v1/campaign/creatives/assets',
  },
  {
    id: '2',
    at: '2026-11-22T16:31:00Z',
    actor: ana,
    entity: 'creative',
    entityId: 'k1',
    campaignId: 'c1',
    action: 'create',
    changes: { name: [null, 'Trail season pre-roll'], type: [null, 'VAST'] },
    route: 'POST /v1/campaign/creatives',
  },
  {
    id: '1',
    at: '2026-11-20T08:00:00Z',
    actor: ana,
    entity: 'campaign',
    entityId: 'c1',
    campaignId: 'c1',
    action: 'create',
    changes: {
      name: [null, 'Winter sale'],
      start: [null, '2026-12-07'],
      end: [null, '2026-12-24'],
      timezone: [null, 'Europe/Berlin'],
      goal: [null, '250,000 impressions'],
      deliveryMode: [null, 'Evenly'],
      rate: [null, 'EUR 4.00 CPM'],
      clickParam: [null, 'adc_click'],
      archivedAt: [null, null],
    },
    route: 'POST /v1/campaign/new',
  },
];

/** The first entry of a duplicated campaign: what it was duplicated from, and what it booked. */
const duplicated: AuditEntry = {
  id: '20',
  at: '2026-11-26T11:00:00Z',
  actor: ana,
  entity: 'campaign',
  entityId: 'c2',
  campaignId: 'c2',
  action: 'create',
  changes: {
    name: [null, 'Winter sale (Copy)'],
    start: [null, '2026-12-07'],
    end: [null, '2026-12-24'],
    timezone: [null, 'Europe/Berlin'],
    goal: [null, '250,000 impressions'],
    copiedFrom: [null, 'c1'],
    copiedFromName: [null, 'Winter sale'],
    creatives: [null, ['Trail season pre-roll', 'Trail season, short cut']],
  },
  route: 'POST /v1/campaign/duplicate',
};

const meta = {
  title: 'Console/Campaigns/CampaignHistory',
  component: CampaignHistory,
  args: { entries },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof CampaignHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(7);
    // An A/B test names its placement and variants.
    await expect(items[0]).toHaveTextContent(
      'ana@northwind.example created A/B test on placement “Homepage MPU”: “Trail season pre-roll” against “Trail season, short cut”',
    );
    // A creative's change names the creative; each field under its form's label, in words, never JSON.
    await expect(items[1]).toHaveTextContent(
      'ana@northwind.example changed creative “Trail season pre-roll”',
    );
    await expect(items[1]).toHaveTextContent(
      'Landing page URLhttps://shop.example/trail → https://shop.example/trail?utm_source=adconsole',
    );
    await expect(items[1]).toHaveTextContent('EU creativeNo → Yes');
    await expect(items[1]).toHaveTextContent('Layout options— → Autoplay: Yes, Muted: Yes');
    await expect(items[1]).toHaveTextContent('Traffic platformGoogle Ad Manager → The Trade Desk');
    await expect(list.textContent ?? '').not.toMatch(/[{}"]|click tracker/);
    await expect(items[2]).toHaveTextContent('ana@northwind.example changed the campaign');
    await expect(items[2]).toHaveTextContent('24 Nov 2026, 14:05 UTC');
    await expect(items[2]).toHaveTextContent('End date2026-11-30 → 2026-12-24');
    await expect(items[2]).toHaveTextContent('NameWinter sale → Winter sale 2026');
    await expect(items[3]).toHaveTextContent('omar@adconsole.test published “Trail season pre-roll”');
    await expect(items[6]).toHaveTextContent('ana@northwind.example created the campaign');
    // The creation lists what was booked.
    await expect(items[6]).toHaveTextContent(
      'Start date2026-12-07End date2026-12-24TimezoneEurope/BerlinGoal250,000 impressionsDeliveryEvenlyRateEUR 4.00 CPM',
    );
    await expect(items[6]).not.toHaveTextContent('Archived');
  },
};

/** A copy's first entry says what it was duplicated from and lists what it booked and its creatives. */
export const Duplicated: Story = {
  args: { entries: [duplicated] },
  play: async ({ canvas }) => {
    const [item] = within(canvas.getByRole('list', { name: 'Changes, newest first' })).getAllByRole(
      'listitem',
    );
    await expect(item).toHaveTextContent(
      'ana@northwind.example created the campaign, duplicated from “Winter sale”',
    );
    await expect(item).toHaveTextContent('CreativesTrail season pre-roll, Trail season, short cut');
    await expect(item).not.toHaveTextContent('Copied from');
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No changes recorded yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { entries: undefined, loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Loading history')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { entries: undefined, error: new Error('Campaign not found!') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Campaign not found!')).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

/** On a phone a long value wraps inside the card instead of widening the page. */
export const Phone: Story = {
  decorators: [(Story) => <div className="w-[358px]">{Story()}</div>],
};

/** A New York campaign's history: the times in New York, as its flight and report are read. */
export const InCampaignZone: Story = {
  args: { timeZone: 'America/New_York' },
  play: async ({ canvas }) => {
    const items = within(canvas.getByRole('list', { name: 'Changes, newest first' })).getAllByRole(
      'listitem',
    );
    await expect(items[2]).toHaveTextContent('24 Nov 2026, 09:05 GMT-5');
    await expect(items[6]).toHaveTextContent('20 Nov 2026, 03:00 GMT-5');
  },
};

/** The kind chosen: only the creatives' changes and their publishing, then a kind with none. */
export const FilteredByKind: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Creatives and publishing' }));
    const items = within(canvas.getByRole('list', { name: 'Changes, newest first' })).getAllByRole(
      'listitem',
    );
    await expect(items.map((item) => item.querySelector('p > span')?.textContent)).toEqual([
      'ana@northwind.example changed creative “Trail season pre-roll”',
      'omar@adconsole.test published “Trail season pre-roll”',
      'ana@northwind.example changed creative',
      'ana@northwind.example created creative “Trail season pre-roll”',
    ]);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Share links and schedules' }));
    await expect(canvas.getByText('No changes of this kind.')).toBeVisible();
  },
};

/** A long history pages: 20 entries, then "Show more" adds the next 20. */
export const Paged: Story = {
  args: {
    entries: Array.from({ length: 45 }, (_, index) => ({
      id: String(100 - index),
      at: new Date(Date.UTC(2026, 10, 25, 12) - index * 3_600_000).toISOString(),
      actor: ana,
      entity: 'campaign' as const,
      entityId: 'c1',
      campaignId: 'c1',
      action: 'update' as const,
      changes: { name: [`Name ${45 - index}`, `Name ${46 - index}`] },
      route: 'PUT /v1/campaign/update',
    })),
  },
  play: async ({ canvas }) => {
    const list = () =>
      within(canvas.getByRole('list', { name: 'Changes, newest first' })).getAllByRole('listitem');
    await expect(list()).toHaveLength(20);
    await userEvent.click(canvas.getByRole('button', { name: 'Show 20 more of 25 older' }));
    await expect(list()).toHaveLength(40);
    await userEvent.click(canvas.getByRole('button', { name: 'Show 5 more of 5 older' }));
    await expect(list()).toHaveLength(45);
    await expect(canvas.queryByRole('button', { name: /more of/ })).not.toBeInTheDocument();
  },
};
