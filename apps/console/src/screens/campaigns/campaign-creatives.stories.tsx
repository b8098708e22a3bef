// The campaign page's creatives with each one's creative QA in one word (docs/builder.md, "Creative QA"),
// as the owner and as a client (read-only, docs/security.md "Client access") see them.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, within } from 'storybook/test';
import { CampaignCreatives } from './campaign-creatives';
import { springSale } from './campaign-stories-fixtures';

const meta = {
  title: 'Console/Campaigns/CampaignCreatives',
  component: CampaignCreatives,
  args: {
    campaignID: springSale.id,
    creatives: springSale.creatives,
    readOnly: false,
    onDuplicate: fn(),
    onDelete: fn(),
  },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof CampaignCreatives>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name)) as HTMLElement;

/** Each creative's QA beside its status: Pass, Warning, Fail, not measured (a video), Measuring. */
export const QaBadges: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Creatives' });
    await expect(within(table).getByRole('columnheader', { name: 'QA' })).toBeVisible();
    await expect(rowOf(table, 'Spring banner')).toHaveTextContent('Live (1)Pass');
    await expect(rowOf(table, 'heavy font')).toHaveTextContent('DraftWarning');
    await expect(rowOf(table, 'video loop')).toHaveTextContent('DraftFail');
    await expect(rowOf(table, 'pre-roll')).toHaveTextContent('Draft—');
    await expect(rowOf(table, 'new copy')).toHaveTextContent('DraftMeasuring');
    await expect(within(table).getAllByRole('button', { name: /^Duplicate / })).toHaveLength(5);
  },
};

/** A client's view: the same list and QA, no Duplicate or Delete. */
export const ClientView: Story = {
  args: { readOnly: true },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Creatives' });
    await expect(rowOf(table, 'video loop')).toHaveTextContent('Fail');
    await expect(within(table).queryAllByRole('button')).toEqual([]);
    await expect(within(table).getByRole('link', { name: 'Spring banner' })).toBeVisible();
  },
};

/** No creatives yet, as a client sees it: no "Create a creative". */
export const ClientViewEmpty: Story = {
  args: { readOnly: true, creatives: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No creatives yet')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Create a creative' })).toBeNull();
  },
};

export const QaBadgesDark: Story = { ...QaBadges, globals: { theme: 'dark' } };
