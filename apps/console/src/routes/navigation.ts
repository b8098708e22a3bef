// The side menu (docs/product.md §2): everyone signed in sees Dashboard, File manager, Campaigns,
// Advertisers, Billing and Profile; admins also see the staff entries Tables, Admin and Invite users (the original
// brief's hard-coded staff account became the admin role, §6). Its Sign In and Sign Up staff entries are
// left out: they lead a signed-in admin to pages that send them back to the dashboard. A client sees
// Dashboard, Campaigns, Advertisers and Profile only (docs/security.md, "Client access").
import type { UserRole } from '@adconsole/domain';
import type { SidebarSection } from '@adconsole/ui';

/** The entries a client's menu keeps. */
const CLIENT_ENTRIES = new Set(['dashboard', 'campaigns', 'advertisers', 'profile']);

export function sideMenu(role: UserRole | undefined): SidebarSection[] {
  const isAdmin = role === 'admin';
  const main: SidebarSection = {
    id: 'main',
    items: [
      { id: 'dashboard', label: 'Dashboard', href: '/dashboard' },
      { id: 'filemanager', label: 'File manager', href: '/filemanager' },
      { id: 'campaigns', label: 'Campaigns', href: '/campaigns' },
      { id: 'advertisers', label: 'Advertisers', href: '/advertisers' },
      { id: 'billing', label: 'Billing', href: '/billing' },
      { id: 'profile', label: 'Profile', href: '/profile' },
    ],
  };
  if (role === 'client')
    return [{ ...main, items: main.items.filter((item) => CLIENT_ENTRIES.has(item.id)) }];
  if (!isAdmin) return [main];
  return [
    main,
    {
      id: 'admin',
      title: 'Administration',
      items: [
        { id: 'tables', label: 'Tables', href: '/tables' },
        { id: 'admin', label: 'Admin', href: '/admin' },
        { id: 'invite', label: 'Invite users', href: '/admin/invite' },
      ],
    },
  ];
}

/** The menu entry a path belongs to: the longest href that is a prefix of the path. */
export function activeMenuItem(sections: SidebarSection[], pathname: string): string | undefined {
  const items = sections.flatMap((section) => section.items);
  const matches = items.filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`));
  return matches.sort((a, b) => b.href.length - a.href.length)[0]?.id;
}
