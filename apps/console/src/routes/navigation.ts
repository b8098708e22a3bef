// The side menu (spec section 2): everyone signed in sees the main entries; admins also see the
// staff entries (the spec's hard-coded staff account became the admin role).
import type { SidebarSection } from '@adconsole/ui';

export function sideMenu(isAdmin: boolean): SidebarSection[] {
  const main: SidebarSection = {
    id: 'main',
    items: [
      { id: 'dashboard', label: 'Dashboard', href: '/dashboard' },
      { id: 'campaigns', label: 'Campaigns', href: '/campaigns' },
      { id: 'profile', label: 'Profile', href: '/profile' },
    ],
  };
  if (!isAdmin) return [main];
  return [
    main,
    {
      id: 'admin',
      title: 'Administration',
      items: [
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
