import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Pagination, pageWindow } from './pagination';

const meta = {
  title: 'UI/Pagination',
  component: Pagination,
  args: { page: 5, pageCount: 12, onPageChange: fn() },
  render: function Render(args) {
    const [page, setPage] = useState(args.page);
    return (
      <Pagination
        {...args}
        page={page}
        onPageChange={(next) => {
          setPage(next);
          args.onPageChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Middle: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(6);
    await expect(canvas.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    await expect(pageWindow(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    canvas.getByRole('button', { name: 'Next page' }).blur();
  },
};
export const FirstPage: Story = {
  args: { page: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  },
};
export const LastPage: Story = {
  args: { page: 12 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};
export const SinglePage: Story = { args: { page: 1, pageCount: 1 } };
export const Dark: Story = { globals: { theme: 'dark' } };
