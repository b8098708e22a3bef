import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Breadcrumbs } from './breadcrumbs';

const meta = {
  title: 'UI/Breadcrumbs',
  component: Breadcrumbs,
  args: {
    items: [
      { label: 'Campaigns', href: '#/campaigns' },
      { label: 'Spring sale', href: '#/campaigns/42' },
      { label: 'Reporting' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('href', '#/campaigns');
    await expect(canvas.getByText('Reporting')).toHaveAttribute('aria-current', 'page');
  },
};
export const SingleLevel: Story = { args: { items: [{ label: 'Dashboard' }] } };
export const LongText: Story = {
  args: {
    items: [
      { label: 'Campaigns', href: '#/campaigns' },
      { label: 'Spring sale 2026 – in-banner video, EU traffic only', href: '#/campaigns/42' },
      { label: 'Reporting', href: '#/campaigns/42/reporting' },
      { label: 'Banner 300x250 with fallback creative for in-app inventory' },
    ],
  },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
};
export const Dark: Story = { globals: { theme: 'dark' } };
