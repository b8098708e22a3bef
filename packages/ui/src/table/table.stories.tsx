import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
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
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Daily delivery, UTC' })).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(5);
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
