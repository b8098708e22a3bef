import { describe, expect, it } from 'vitest';
import {
  accountPathOf,
  afterLoginPath,
  homePath,
  isAccountPath,
  isAdminPath,
  isClientPath,
  isPublicPath,
  isSharePath,
} from './routes';

describe('route guard rules (docs/product.md §2)', () => {
  it('treats paths starting with /signin, /signup, /ping, /forgotpassword or /share as public', () => {
    for (const path of [
      '/signin',
      '/signup',
      '/ping',
      '/forgotpassword',
      '/share/abc',
      '/share/abc/creative/7',
      '/preview/abc',
    ]) {
      expect(isPublicPath(path)).toBe(true);
    }
  });

  it('requires login for any other path, /profile included', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/campaigns',
      '/campaigns/1/reporting',
      '/profile',
      '/admin',
      '/builder',
    ]) {
      expect(isPublicPath(path)).toBe(false);
    }
  });

  it('knows the account pages: /signin, /signup, /forgotpassword and /ping, exactly', () => {
    for (const path of ['/signin', '/signup', '/forgotpassword', '/ping', '/signin/', '/SignIn']) {
      expect(isAccountPath(path)).toBe(true);
    }
    for (const path of ['/', '/share/abc', '/signin/x', '/signing', '/dashboard', '/pingpong', '//']) {
      expect(isAccountPath(path)).toBe(false);
    }
    expect(accountPathOf('/ForgotPassword/')).toBe('/forgotpassword');
    expect(accountPathOf('/signin/x')).toBeUndefined();
  });

  it('sends / to /dashboard when logged in and to /signin otherwise', () => {
    expect(homePath(true)).toBe('/dashboard');
    expect(homePath(false)).toBe('/signin');
  });

  it('hides the chrome on share pages only', () => {
    expect(isSharePath('/share/token')).toBe(true);
    expect(isSharePath('/campaigns/1/reporting')).toBe(false);
  });

  it('knows the admin screens', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/invite')).toBe(true);
    expect(isAdminPath('/administrator-guide')).toBe(false);
  });

  it('keeps the demo page (/tables) to admins, as the staff menu entries; /billing (the statement) is for everyone', () => {
    expect(isAdminPath('/tables')).toBe(true);
    expect(isAdminPath('/billing')).toBe(false);
    expect(isAdminPath('/tablesaw')).toBe(false);
    expect(isAdminPath('/filemanager')).toBe(false);
  });

  it('goes to the stored after-login path, or /dashboard', () => {
    expect(afterLoginPath('/campaigns?view=all')).toBe('/campaigns?view=all');
    expect(afterLoginPath(null)).toBe('/dashboard');
  });

  it('never goes to another host or back to a public page after login', () => {
    expect(afterLoginPath('//evil.example/phish')).toBe('/dashboard');
    expect(afterLoginPath('/\\evil.example')).toBe('/dashboard');
    expect(afterLoginPath('https://evil.example')).toBe('/dashboard');
    expect(afterLoginPath('/signin')).toBe('/dashboard');
    expect(afterLoginPath('/')).toBe('/dashboard');
  });
});

describe('client pages (docs/security.md, "Client access")', () => {
  it("opens a client's dashboard, campaigns, a campaign, its saved creatives and reports, advertisers, an advertiser and profile", () => {
    for (const path of [
      '/dashboard',
      '/campaigns',
      '/campaigns/c1',
      '/campaigns/c1/',
      '/campaigns/c1/reporting',
      '/campaigns/c1/reporting/creative/k1',
      '/campaigns/c1/creative/k1',
      '/advertisers',
      '/advertisers/a1',
      '/profile',
    ])
      expect(isClientPath(path), path).toBe(true);
  });

  it('refuses a client every other signed-in page: a new creative, orders, files, builder, billing, alerts, admin', () => {
    for (const path of [
      '/filemanager',
      '/builder',
      '/billing',
      '/tables',
      '/alerts',
      '/admin',
      '/admin/invite',
      '/campaigns/c1/alerts',
      '/campaigns/c1/creative/new',
      '/campaigns/c1/creative/k1/more',
      '/advertisers/a1/orders/o1',
      '/dashboardx',
      '/campaigns/c1/reporting/creative/k1/more',
    ])
      expect(isClientPath(path), path).toBe(false);
  });
});
