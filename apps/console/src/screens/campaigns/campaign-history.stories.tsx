import type { AuditEntry } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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
    changes: { name: [null, 'Winter sale'], timezone: [null, 'Europe/Berlin'] },
    route: 'POST /v1/campaign/new',
  },
];

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
