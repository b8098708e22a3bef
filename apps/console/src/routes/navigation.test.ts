import type { UserRole } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { activeMenuItem, sideMenu } from './navigation';

const labels = (role: UserRole | boolean) =>
  sideMenu(role === true ? 'admin' : role === false ? 'user' : role).flatMap((section) =>
    section.items.map((item) => item.label),
  );

describe('side menu (docs/product.md §2)', () => {
  it('shows Dashboard, File manager, Campaigns, Advertisers, Billing and Profile to every signed-in user', () => {
    expect(labels(false)).toEqual([
      'Dashboard',
      'File manager',
      'Campaigns',
      'Advertisers',
      'Billing',
      'Profile',
    ]);
  });

  it('adds Tables, Admin and Invite users for admins (the staff account became a role)', () => {
    expect(labels(true)).toEqual([
      'Dashboard',
      'File manager',
      'Campaigns',
      'Advertisers',
      'Billing',
      'Profile',
      'Tables',
      'Admin',
      'Invite users',
    ]);
    const hrefs = sideMenu('admin').flatMap((section) => section.items.map((item) => item.href));
    expect(hrefs).toContain('/filemanager');
    expect(hrefs).toContain('/tables');
    expect(hrefs).toContain('/billing');
  });

  it('shows a client Dashboard, Campaigns, Advertisers and Profile only (docs/security.md, "Client access")', () => {
    expect(labels('client')).toEqual(['Dashboard', 'Campaigns', 'Advertisers', 'Profile']);
  });

  it('marks the entry of the current path, the longest match winning', () => {
    const menu = sideMenu('admin');
    expect(activeMenuItem(menu, '/admin/invite')).toBe('invite');
    expect(activeMenuItem(menu, '/admin')).toBe('admin');
    expect(activeMenuItem(menu, '/filemanager')).toBe('filemanager');
    expect(activeMenuItem(menu, '/campaigns/abc/reporting')).toBe('campaigns');
    expect(activeMenuItem(menu, '/advertisers/adv1/orders/io1')).toBe('advertisers');
  });
});
