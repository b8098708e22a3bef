import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { BellIcon } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShellContext } from '../app-shell/app-shell-context';
import { Breadcrumbs } from '../breadcrumbs';
import { IconButton } from '../icon-button';
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

/** The bar in a 390 px wide phone's width. */
const phoneWide: Decorator = (Story) => (
  <div className="w-[390px]">
    <Story />
  </div>
);

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

/** A page for readers without accounts (a shared report): neither a user nor a Sign In link. */
export const WithoutSignIn: Story = {
  args: { user: undefined, signInHref: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Dark mode' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Ada Lovelace' })).toBeNull();
  },
};

export const LongText: Story = {
  args: { user: { name: 'Maximilian Alexander von Hohenzollern-Sigmaringen', href: '#/profile' } },
};

export const Dark: Story = { args: { theme: 'dark' }, globals: { theme: 'dark' } };

/**
 * A 390 px wide phone with a long trail: one line in the bar's height, the parent and the current page
 * only, the parent's long name cut with an ellipsis (its whole name in its title). The user shows as
 * initials (the link still named after them), so the current page's name has room whole.
 */
export const Phone: Story = {
  args: {
    breadcrumbs: reportTrail('Spring sale 2026 – in-banner video, EU traffic only'),
  },
  decorators: [phoneWide],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner').getBoundingClientRect().height).toBe(56);
    await expect(canvas.getByRole('link', { name: 'Campaigns', hidden: true })).not.toBeVisible();
    const parent = canvas.getByRole('link', { name: /^Spring sale 2026/ });
    await expect(parent).toBeVisible();
    await expect(parent.closest('li')).toHaveAttribute(
      'title',
      'Spring sale 2026 – in-banner video, EU traffic only',
    );
    const current = canvas.getByText('Reporting');
    await expect(current).toBeVisible();
    await expect(current.scrollWidth).toBeLessThanOrEqual(current.clientWidth);
    const trail = canvas.getByRole('list');
    await expect(trail.scrollWidth).toBeLessThanOrEqual(trail.clientWidth);
    const user = canvas.getByRole('link', { name: 'Ada Lovelace' });
    await expect(user).toHaveTextContent('AL');
    // The avatar shows, and names the link; the name itself does not show.
    await expect(within(user).getByRole('img', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(within(user).getByText('Ada Lovelace')).not.toBeVisible();
  },
};

/**
 * The console's dashboard on a phone: the menu button, the one-word title, the alert bell, the theme
 * switch and a user whose name is not short. The title stays whole (with the name it was cut to
 * "Dashbo…"); the user shows as initials.
 */
export const PhoneOneWordTitle: Story = {
  args: {
    breadcrumbs: <Breadcrumbs oneLine items={[{ label: 'Dashboard' }]} />,
    user: { name: 'Margaret Hamilton', href: '#/profile' },
    // The console's alert bell stands there too.
    actions: (
      <IconButton aria-label="Alerts">
        <BellIcon aria-hidden="true" />
      </IconButton>
    ),
  },
  decorators: [
    phoneWide,
    (Story) => (
      <AppShellContext.Provider value={{ compact: true, navOpen: false, setNavOpen: () => undefined }}>
        <Story />
      </AppShellContext.Provider>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    const title = canvas.getByText('Dashboard');
    await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
    await expect(canvas.getByRole('link', { name: 'Margaret Hamilton' })).toHaveTextContent('MH');
  },
};

/** On a tablet (the menu already behind its button) there is room: the user's name shows in full. */
export const Tablet: Story = {
  decorators: [
    (Story) => (
      <div className="w-[768px]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const user = canvas.getByRole('link', { name: 'Ada Lovelace' });
    await expect(within(user).getByText('Ada Lovelace')).toBeVisible();
    await expect(within(user).getByText('AL')).not.toBeVisible();
  },
};
