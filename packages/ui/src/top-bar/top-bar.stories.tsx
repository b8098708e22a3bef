import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Breadcrumbs } from '../breadcrumbs';
import { TopBar } from './top-bar';

/** A campaign report's trail, as the console's top bar shows it. */
const reportTrail = (campaign: string) => (
  <Breadcrumbs
    oneLine
    items={[
      { label: 'Campaigns', href: '#/campaigns' },
      { label: campaign, href: '#/campaigns/42' },
      { label: 'Reporting' },
    ]}
  />
);

const meta = {
  title: 'Shell/TopBar',
  component: TopBar,
  args: {
    breadcrumbs: reportTrail('Spring sale'),
    theme: 'light',
    onThemeChange: fn(),
    user: { name: 'Ada Lovelace', href: '#/profile' },
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedIn: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '#/profile');
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Dark mode' }));
    await expect(args.onThemeChange).toHaveBeenCalledWith('dark');
    canvas.getByRole('button', { name: 'Dark mode' }).blur();
  },
};

export const LoggedOut: Story = {
  args: { user: undefined, breadcrumbs: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  },
};

export const LongText: Story = {
  args: { user: { name: 'Maximilian Alexander von Hohenzollern-Sigmaringen', href: '#/profile' } },
};

export const Dark: Story = { args: { theme: 'dark' }, globals: { theme: 'dark' } };

/**
 * A 390 px wide phone with a long trail: one line in the bar's height, the parent and the current page
 * only, the parent's long name cut with an ellipsis (its whole name in its title).
 */
export const Phone: Story = {
  args: {
    breadcrumbs: reportTrail('Spring sale 2026 – in-banner video, EU traffic only'),
  },
  decorators: [
    (Story) => (
      <div className="w-[390px]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner').getBoundingClientRect().height).toBe(56);
    await expect(canvas.getByRole('link', { name: 'Campaigns', hidden: true })).not.toBeVisible();
    const parent = canvas.getByRole('link', { name: /^Spring sale 2026/ });
    await expect(parent).toBeVisible();
    await expect(parent.closest('li')).toHaveAttribute(
      'title',
      'Spring sale 2026 – in-banner video, EU traffic only',
    );
    await expect(canvas.getByText('Reporting')).toBeVisible();
    const trail = canvas.getByRole('list');
    await expect(trail.scrollWidth).toBeLessThanOrEqual(trail.clientWidth);
  },
};
