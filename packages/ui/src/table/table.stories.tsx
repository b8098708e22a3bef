import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { nextTableSort, SortableTableHead, type TableSort, tableSortOf } from './sortable-table-head';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from './table';

const rows = [
  { date: '2026-11-01', impressions: 180_234, clicks: 1_204 },
  { date: '2026-11-02', impressions: 176_902, clicks: 1_188 },
  { date: '2026-11-03', impressions: 190_011, clicks: 1_302 },
];
const format = (n: number) => n.toLocaleString('en-US');

const meta = {
  title: 'UI/Table',
  component: Table,
  render: (args) => (
    <Table {...args}>
      <TableCaption>Daily delivery, UTC</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead data-numeric>Impressions</TableHead>
          <TableHead data-numeric>Clicks</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.date} data-state={row.date === '2026-11-02' ? 'selected' : undefined}>
            <TableCell>{row.date}</TableCell>
            <TableCell data-numeric>{format(row.impressions)}</TableCell>
            <TableCell data-numeric>{format(row.clicks)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell>Total</TableCell>
          <TableCell data-numeric>{format(rows.reduce((sum, row) => sum + row.impressions, 0))}</TableCell>
          <TableCell data-numeric>{format(rows.reduce((sum, row) => sum + row.clicks, 0))}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  ),
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('table', { name: 'Daily delivery, UTC' })).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(5);
    // Everything fits: no cue, and the container is not a stop of the keyboard.
    const container = canvasElement.querySelector('[data-slot="table-container"]') as HTMLElement;
    await expect(container).not.toHaveAttribute('data-overflow-right');
    await expect(container).not.toHaveAttribute('tabindex');
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };

type SortKey = 'date' | 'impressions';

/** A hand-made table whose headers sort: SortableTableHead with the sort kept by the caller. */
function SortableDelivery() {
  const [sort, setSort] = useState<TableSort<SortKey>>({ key: 'date', direction: 'asc' });
  const sign = sort.direction === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((a, b) =>
    sort.key === 'date' ? sign * a.date.localeCompare(b.date) : sign * (a.impressions - b.impressions),
  );
  const head = (key: SortKey, label: string, numeric = false) => (
    <SortableTableHead
      sorted={tableSortOf(sort, key)}
      onSort={() => setSort(nextTableSort(sort, key))}
      numeric={numeric}
    >
      {label}
    </SortableTableHead>
  );
  return (
    <Table aria-label="Daily delivery">
      <TableHeader>
        <TableRow>
          {head('date', 'Date')}
          {head('impressions', 'Impressions', true)}
        </TableRow>
      </TableHeader>
      <TableBody>
        {sorted.map((row) => (
          <TableRow key={row.date}>
            <TableCell>{row.date}</TableCell>
            <TableCell data-numeric>{format(row.impressions)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Impressions sorted descending after two clicks on its header (ascending first). */
export const Sortable: Story = {
  render: () => <SortableDelivery />,
  play: async ({ canvas }) => {
    const date = canvas.getByRole('columnheader', { name: 'Date' });
    const impressions = canvas.getByRole('columnheader', { name: 'Impressions' });
    await expect(date).toHaveAttribute('aria-sort', 'ascending');
    await expect(impressions).toHaveAttribute('aria-sort', 'none');
    const button = within(impressions).getByRole('button');
    await userEvent.click(button);
    await expect(impressions).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(button);
    await expect(impressions).toHaveAttribute('aria-sort', 'descending');
    await expect(date).toHaveAttribute('aria-sort', 'none');
    const cells = within(canvas.getByRole('table')).getAllByRole('cell');
    await expect(cells[1]).toHaveTextContent('190,011');
    button.blur();
  },
};

/** A wide table in a phone's width: it scrolls sideways, and the side with more columns fades out. */
function WideDelivery() {
  return (
    <div className="w-[320px] rounded-md border">
      <Table aria-label="Delivery by day, every figure">
        <TableHeader>
          <TableRow>
            {['Date', 'Impressions', 'Viewable', 'Clicks', 'CTR', 'Video completes'].map((label) => (
              <TableHead key={label} data-numeric={label !== 'Date' || undefined}>
                {label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.date}>
              <TableCell>{row.date}</TableCell>
              <TableCell data-numeric>{format(row.impressions)}</TableCell>
              <TableCell data-numeric>{format(Math.round(row.impressions * 0.7))}</TableCell>
              <TableCell data-numeric>{format(row.clicks)}</TableCell>
              <TableCell data-numeric>{((row.clicks / row.impressions) * 100).toFixed(2)} %</TableCell>
              <TableCell data-numeric>{format(Math.round(row.impressions * 0.4))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

const scroller = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('[data-slot="table-container"]') as HTMLElement;

export const ScrollsSideways: Story = {
  render: () => <WideDelivery />,
  play: async ({ canvasElement }) => {
    const container = scroller(canvasElement);
    // More columns to the right: the right side fades, the container takes the keyboard's focus.
    await waitFor(() => expect(container).toHaveAttribute('data-overflow-right'));
    await expect(container).not.toHaveAttribute('data-overflow-left');
    await expect(container).toHaveAttribute('tabindex', '0');
  },
};

export const ScrolledToTheEnd: Story = {
  render: () => <WideDelivery />,
  play: async ({ canvasElement }) => {
    const container = scroller(canvasElement);
    container.scrollLeft = container.scrollWidth;
    await waitFor(() => expect(container).toHaveAttribute('data-overflow-left'));
    await expect(container).not.toHaveAttribute('data-overflow-right');
  },
};
