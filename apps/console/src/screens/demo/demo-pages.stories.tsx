import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TablesPage } from './tables';

const meta = {
  title: 'Console/Demo pages',
  component: TablesPage,
} satisfies Meta<typeof TablesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sorted by name, descending, on page 2 of 3. */
export const Tables: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Team members' });
    await expect(within(table).getAllByRole('row')).toHaveLength(9);
    const name = canvas.getByRole('columnheader', { name: /Name/ });
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(name).getByRole('button'));
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    const firstDescending = within(table).getAllByRole('row')[1]?.textContent;
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await expect(within(table).getAllByRole('row')[1]?.textContent).not.toBe(firstDescending);
    await expect(canvas.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  },
};
