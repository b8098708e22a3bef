import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { DataTable, useDataTable } from './data-table';
import { DataTablePagination } from './data-table-pagination';
import { DataTableToolbar } from './data-table-toolbar';
import { dataTableColumnHelper } from './features';
import { sortsDescendingFirst } from './sorting';

type Campaign = { id: string; name: string; advertiser: string; impressions: number; clicks: number };

const names = ['Trail season', 'Winter clearance', 'Spring launch', 'Back to school', 'Summer sale'];
const advertisers = ['Northwind Outdoor', 'Contoso Retail', 'Fabrikam Home'];
/** Fixed rows: 30 campaigns with figures that differ (no randomness, so the screenshots are stable). */
const campaigns: Campaign[] = Array.from({ length: 30 }, (_, index) => ({
  id: `c${index + 1}`,
  name: `${names[index % names.length]} ${2020 + Math.floor(index / names.length)}`,
  advertiser: advertisers[index % advertisers.length] as string,
  impressions: 12_000 + ((index * 7_919) % 90_000),
  clicks: 40 + ((index * 331) % 900),
}));

const count = (value: number) => value.toLocaleString('en-US');
/** The totals row's figure: the sum over every row, not only the page shown. */
const sumOf = (rows: readonly { original: Campaign }[], key: 'impressions' | 'clicks') =>
  rows.reduce((sum, row) => sum + row.original[key], 0);
const helper = dataTableColumnHelper<Campaign>();
const columns = helper.columns([
  helper.accessor('name', {
    header: 'Campaign',
    meta: { label: 'Campaign', sort: 'text' },
    sortFn: 'text',
    enableHiding: false,
    footer: 'Total',
  }),
  helper.accessor('advertiser', {
    header: 'Advertiser',
    meta: { label: 'Advertiser', sort: 'text' },
    sortFn: 'text',
  }),
  helper.accessor('impressions', {
    header: 'Impressions',
    cell: (info) => count(info.getValue()),
    meta: { label: 'Impressions', numeric: true, sort: 'number' },
    sortFn: 'number',
    sortDescFirst: sortsDescendingFirst('number'),
    footer: (info) => count(sumOf(info.table.getCoreRowModel().rows, 'impressions')),
  }),
  helper.accessor('clicks', {
    header: 'Clicks',
    cell: (info) => count(info.getValue()),
    meta: { label: 'Clicks', numeric: true, sort: 'number' },
    sortFn: 'number',
    sortDescFirst: sortsDescendingFirst('number'),
    footer: (info) => count(sumOf(info.table.getCoreRowModel().rows, 'clicks')),
  }),
]);

type StoryArgs = { rows: Campaign[]; pageSize: number };

/** A whole data table as a product composes it: toolbar, table and pagination over one instance. */
function CampaignTable({ rows, pageSize }: StoryArgs) {
  const table = useDataTable({
    columns,
    data: rows,
    getRowId: (row) => row.id,
    initialState: { sorting: [{ id: 'impressions', desc: true }], pagination: { pageIndex: 0, pageSize } },
  });
  return (
    <div className="grid max-w-3xl gap-3">
      <DataTableToolbar table={table}>
        <h2 className="font-semibold">Campaigns</h2>
      </DataTableToolbar>
      <DataTable table={table} caption="Campaigns" emptyMessage="No campaigns yet." />
      <DataTablePagination table={table} locale="en-US" />
    </div>
  );
}

const meta = {
  title: 'UI/DataTable',
  component: CampaignTable,
  args: { rows: campaigns, pageSize: 10 },
} satisfies Meta<typeof CampaignTable>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (table: HTMLElement) => within(table).getAllByRole('rowgroup')[1] as HTMLElement;
const firstCells = (table: HTMLElement) =>
  within(body(table))
    .getAllByRole('row')
    .map((row) => row.querySelector('td')?.textContent ?? '');

/** Sorted by impressions (biggest first), the first of three pages, a totals row over every row. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Campaigns' });
    await expect(within(body(table)).getAllByRole('row')).toHaveLength(10);
    await expect(canvas.getByRole('columnheader', { name: 'Impressions' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(canvas.getByText('1–10 of 30 rows')).toBeVisible();
    await expect(within(table).getByRole('row', { name: /^Total/ })).toBeVisible();
  },
};

/** A text column sorts from the start of the alphabet on the first click, back on the second. */
export const SortByName: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Campaigns' });
    const header = canvas.getByRole('columnheader', { name: 'Campaign' });
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstCells(table)[0]).toBe('Back to school 2020');
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCells(table)[0]).toBe('Winter clearance 2025');
    within(header).getByRole('button').blur();
  },
};

/** The last page, reached with the page buttons. */
export const LastPage: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await expect(canvas.getByText('21–30 of 30 rows')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    canvas.getByRole('button', { name: 'Page 3' }).blur();
  },
};

/** The column menu open, Advertiser hidden (the campaign's name cannot be hidden). */
export const ColumnsMenu: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Advertiser' }));
    await waitFor(() => expect(canvas.queryByRole('columnheader', { name: 'Advertiser' })).toBeNull());
    await expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Campaign' })).toBeNull();
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'Clicks' })).toBeChecked();
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No campaigns yet.')).toBeVisible();
    await expect(canvas.getByText('0–0 of 0 rows')).toBeVisible();
  },
};

export const Dark: Story = { ...Default, globals: { theme: 'dark' } };
