import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PublicFrame } from './public-layout';

const meta = {
  title: 'Console/Routes/PublicFrame',
  component: PublicFrame,
  args: {
    companyName: 'Adconsole',
    page: '/signin',
    theme: 'light',
    onThemeChange: fn(),
    now: new Date('2026-11-22T10:00:00Z'),
    children: <p className="p-6 text-muted-foreground text-sm">The account page stands here.</p>,
  },
} satisfies Meta<typeof PublicFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The sign-in page: its top bar has the light/dark switch and no Sign In link, which would lead to the
 * page it stands on.
 */
export const SignInPage: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('banner');
    await expect(bar).toHaveTextContent('Adconsole');
    await expect(canvas.getByRole('button', { name: 'Dark mode' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull();
  },
};

/** The other account pages keep the Sign In link for a visitor who has an account after all. */
export const SignUpPage: Story = {
  args: { page: '/signup' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  },
};

/** Signed in (a session kept from before), the bar names the user on every account page. */
export const SignedIn: Story = {
  args: { page: '/ping', user: { name: 'Ada Lovelace', href: '/profile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/profile');
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull();
  },
};

export const SignInPageDark: Story = { args: { theme: 'dark' }, globals: { theme: 'dark' } };
