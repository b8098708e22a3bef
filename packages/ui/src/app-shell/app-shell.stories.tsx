import type { Meta, StoryObj } from '@storybook/react-vite';
import { FolderIcon, LayoutDashboardIcon, MegaphoneIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Breadcrumbs } from '../breadcrumbs';
import { Card, CardContent, CardHeader, CardTitle } from '../card';
import { Footer } from '../footer';
import type { RenderLink } from '../lib/link';
import { Sidebar, type SidebarSection } from '../sidebar';
import type { Theme } from '../theme-toggle';
import { TopBar } from '../top-bar';
import { AppShell } from './app-shell';

const sections: SidebarSection[] = [
  {
    id: 'main',
    items: [
      {
        id: 'dashboard',
        label: 'Dashboard',
        href: '#/dashboard',
        icon: <LayoutDashboardIcon aria-hidden="true" />,
      },
      {
        id: 'filemanager',
        label: 'File manager',
        href: '#/filemanager',
        icon: <FolderIcon aria-hidden="true" />,
      },
      {
        id: 'campaigns',
        label: 'Campaigns',
        href: '#/campaigns',
        icon: <MegaphoneIcon aria-hidden="true" />,
      },
      { id: 'profile', label: 'Profile', href: '#/profile', icon: <UserIcon aria-hidden="true" /> },
    ],
  },
];

// Stories stay on their page: a real app passes its router's Link here.
const stayOnPage: RenderLink = ({ children, onClick, ...props }) => (
  <a
    {...props}
    onClick={(event) => {
      event.preventDefault();
      onClick?.(event);
    }}
  >
    {children}
  </a>
);

type ShellArgs = { compact: boolean; collapsed: boolean; loggedIn: boolean };

function ConsoleShell({ compact, collapsed: initiallyCollapsed, loggedIn }: ShellArgs) {
  const [theme, setTheme] = useState<Theme>('light');
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  return (
    <div className="h-[560px] overflow-hidden rounded-md border">
      <AppShell
        className="h-full"
        compact={compact}
        sidebar={
          <Sidebar
            sections={sections}
            activeId="campaigns"
            header="Adconsole"
            collapsed={collapsed}
            onCollapsedChange={setCollapsed}
            renderLink={stayOnPage}
          />
        }
        topBar={
          <TopBar
            breadcrumbs={
              <Breadcrumbs
                oneLine
                items={[{ label: 'Campaigns', href: '#/campaigns' }, { label: 'Spring sale' }]}
              />
            }
            theme={theme}
            onThemeChange={setTheme}
            user={loggedIn ? { name: 'Ada Lovelace', href: '#/profile' } : undefined}
          />
        }
        footer={<Footer companyName="Adconsole" now={new Date(2026, 10, 18)} />}
      >
        <Card>
          <CardHeader>
            <CardTitle>Spring sale</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">3 creatives · 1,284,093 impressions</CardContent>
        </Card>
      </AppShell>
    </div>
  );
}

const meta = {
  title: 'Shell/AppShell',
  component: ConsoleShell,
  args: { compact: false, collapsed: false, loggedIn: true },
  parameters: {
    docs: {
      description: {
        component:
          "AppShell lays out `sidebar`, `topBar`, the page and `footer`. The app switches `compact` by window width (991 px in the console): the Sidebar then opens as a sheet from the TopBar's menu button and closes when a link is followed. Pass your router's Link through `renderLink` on Sidebar and TopBar. Share pages show only a TopBar above the page (no navigation, header info or footer).",
      },
    },
  },
} satisfies Meta<typeof ConsoleShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('main')).toHaveTextContent('Spring sale');
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('© 2026 Adconsole');
  },
};

export const CollapsedSidebar: Story = { args: { collapsed: true } };

export const Compact: Story = {
  args: { compact: true },
  play: async ({ canvas }) => {
    // Below the app's breakpoint the side menu leaves the page for a sheet.
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Open navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

export const CompactNavigationOpen: Story = {
  args: { compact: true },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
    await expect(within(sheet).getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(sheet).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Open navigation' }));
    await screen.findByRole('dialog', { name: 'Navigation' });
  },
};

/**
 * A 390 px wide phone: the compact layout, the menu behind its button, nothing wider than the screen,
 * the breadcrumbs on one line of the top bar.
 */
export const Phone: Story = {
  args: { compact: true },
  decorators: [
    (Story) => (
      <div className="w-[390px]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    const shell = canvasElement.querySelector('[data-slot="app-shell"]') as HTMLElement;
    await expect(shell.scrollWidth).toBeLessThanOrEqual(shell.clientWidth);
    // the breadcrumbs keep to one line of the bar
    await expect(canvas.getByRole('banner').getBoundingClientRect().height).toBe(56);
  },
};

export const LoggedOut: Story = { args: { loggedIn: false } };
export const Dark: Story = { globals: { theme: 'dark' } };
