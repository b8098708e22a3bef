import type { Meta, StoryObj } from '@storybook/react-vite';
import { FolderIcon, LayoutDashboardIcon, MegaphoneIcon, UserIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Sidebar, type SidebarSection } from './sidebar';

export const consoleSections: SidebarSection[] = [
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
  {
    id: 'admin',
    title: 'Admin',
    items: [
      { id: 'admin', label: 'Invite users', href: '#/admin/invite', icon: <UsersIcon aria-hidden="true" /> },
    ],
  },
];

const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  args: { sections: consoleSections, activeId: 'campaigns', header: 'Adconsole', onCollapsedChange: fn() },
  decorators: [(Story) => <div className="h-[420px]">{Story()}</div>],
  render: function Render(args) {
    const [collapsed, setCollapsed] = useState(args.collapsed ?? false);
    return (
      <Sidebar
        {...args}
        collapsed={collapsed}
        onCollapsedChange={(next) => {
          setCollapsed(next);
          args.onCollapsedChange?.(next);
        }}
      />
    );
  },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('list', { name: 'Admin' })).toBeVisible();
  },
};

export const CollapseAndExpand: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Collapse sidebar' }));
    await expect(args.onCollapsedChange).toHaveBeenCalledWith(true);
    const expand = canvas.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Labels stay in the accessible name while only icons show.
    await expect(canvas.getByRole('link', { name: 'Campaigns' })).toBeVisible();
    expand.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    canvas.getByRole('button', { name: 'Collapse sidebar' }).blur();
  },
};

export const Collapsed: Story = { args: { collapsed: true } };
export const NoActiveItem: Story = { args: { activeId: undefined } };
export const LongText: Story = {
  args: {
    sections: [
      {
        id: 'long',
        title: 'Campaigns with very long names that must truncate',
        items: [
          {
            id: 'a',
            label: 'Spring sale 2026 – in-banner video, EU traffic only',
            href: '#/a',
            icon: <MegaphoneIcon aria-hidden="true" />,
          },
        ],
      },
    ],
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
