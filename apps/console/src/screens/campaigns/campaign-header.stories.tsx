// The campaign page's header and its actions: the owner's, and a client's read-only view (docs/security.md,
// "Client access").

import { Button } from '@adconsole/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn } from 'storybook/test';
import { CampaignHeader } from './campaign-header';
import { springSale } from './campaign-stories-fixtures';
import { CampaignTagsDownload } from './campaign-tags-download';

const manage = {
  onEdit: fn(),
  onDuplicate: fn(),
  pausePending: false,
  onPause: fn(),
  onResume: fn(),
  archivePending: false,
  onArchive: fn(),
  onUnarchive: fn(),
  tags: <CampaignTagsDownload nothingToTag={false} pending={false} onDownload={fn()} />,
  bulkUpload: (
    <Button variant="outline" type="button">
      Bulk upload
    </Button>
  ),
};

/** Every action the owner has, by its accessible name. */
const OWNER_BUTTONS = ['Edit campaign', 'Duplicate campaign', 'Pause', 'Archive campaign', 'Bulk upload'];
const OWNER_LINKS = ['Alerts', 'Build a banner', 'New creative'];

const meta = {
  title: 'Console/Campaigns/CampaignHeader',
  component: CampaignHeader,
  args: { campaign: springSale, manage },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof CampaignHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner's header: edit, duplicate, pause, archive, tags, reporting, alerts, builder, bulk upload, new creative. */
export const Owner: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Spring sale 2036' })).toBeVisible();
    for (const name of OWNER_BUTTONS) await expect(canvas.getByRole('button', { name })).toBeVisible();
    for (const name of OWNER_LINKS) await expect(canvas.getByRole('link', { name })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download tags for the campaign' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Reporting' })).toBeVisible();
  },
};

/**
 * A client's view (read-only): the campaign's name, advertiser and flight and its report; none of the
 * owner's actions (the server refuses them to a client anyway).
 */
export const ClientView: Story = {
  args: { manage: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Spring sale 2036' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Contoso' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Reporting' })).toBeVisible();
    await expect(canvas.queryAllByRole('button')).toEqual([]);
    for (const name of OWNER_LINKS) await expect(canvas.queryByRole('link', { name })).toBeNull();
  },
};

/** A client's view on a 390 px phone (the page's padding taken off): the header wraps, nothing overflows. */
export const ClientViewPhone: Story = {
  ...ClientView,
  decorators: [(Story) => <div className="w-[358px]">{Story()}</div>],
};

export const ClientViewDark: Story = { ...ClientView, globals: { theme: 'dark' } };
