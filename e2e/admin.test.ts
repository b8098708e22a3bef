import { describe, expect, it } from 'vitest';
import { companyDomain, fillSignUp, signIn, uniqueEmail } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { linkInMail } from './support/outbox';

describe('admin screens', () => {
  const newPage = useBrowser();

  it('shows Admin to an admin, who invites a user that receives a sign-up link', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('table', { name: 'Users' }).getByText(DEMO_EMAIL).waitFor();

    await page.getByRole('link', { name: 'Invite users' }).first().click();
    const invitee = uniqueEmail(await companyDomain(), 'newhire');
    const form = page.getByRole('form', { name: 'Invite users' });
    await form.getByLabel('Invitee 1 e-mail').fill(invitee);
    await form.getByLabel('Invitee 1 first name (optional)').fill('Newton');
    await form.getByRole('button', { name: 'Send invitations' }).click();
    await page.getByText(`Invitations sent to ${invitee}.`).waitFor();

    const link = await linkInMail(invitee, '/signup');
    expect(link.searchParams.get('email')).toBe(invitee);
    expect(link.searchParams.get('firstName')).toBe('Newton');
    expect(link.searchParams.get('invite')).toBeTruthy();

    // Back on the users page the invitation waits to be used; sent again, the invitee gets a new link.
    await page.goto('/admin');
    const open = page.getByRole('table', { name: 'Open invitations' });
    await open.getByRole('cell', { name: invitee, exact: true }).waitFor();
    await open.getByRole('button', { name: `Send again (${invitee})` }).click();
    await page.getByText('Invitation sent again', { exact: true }).waitFor();
    await expect
      .poll(async () => (await linkInMail(invitee, '/signup')).searchParams.get('invite'))
      .not.toBe(link.searchParams.get('invite'));
    expect((await linkInMail(invitee, '/signup')).searchParams.get('firstName')).toBe('Newton');
  });

  it('disables a user, who is signed out and cannot sign in, and enables them again', async () => {
    const userPage = await newPage();
    const email = uniqueEmail(await companyDomain(), 'disabled');
    const password = 'soon disabled password';
    await fillSignUp(userPage, { firstName: 'Dee', lastName: 'Sabled', email, password });
    const verify = await linkInMail(email, '/signin');
    await userPage.goto(`${verify.pathname}${verify.search}`);
    await signIn(userPage, email, password);
    await userPage.waitForURL('**/dashboard');

    const adminPage = await newPage();
    await adminPage.goto('/signin');
    await signIn(adminPage, DEMO_EMAIL, DEMO_PASSWORD);
    await adminPage.waitForURL('**/dashboard');
    await adminPage.goto('/admin');
    const row = adminPage.getByRole('table', { name: 'Users' }).getByRole('row', { name: /Dee Sabled/ });
    await row.getByRole('button', { name: 'Disable Dee Sabled' }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();

    // The user's session has ended: the next page asks them to sign in, and signing in is refused.
    await userPage.goto('/campaigns');
    await userPage.waitForURL('**/signin**');
    await signIn(userPage, email, password, 403);
    await userPage.getByText('This account is disabled', { exact: false }).waitFor();

    await row.getByRole('button', { name: 'Enable Dee Sabled' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    // Signed in again, the user is back on the page they were sent away from.
    await signIn(userPage, email, password);
    await userPage.waitForURL('**/campaigns');
  });

  it('hides Admin from a plain user, and /admin shows them nothing', async () => {
    const page = await newPage();
    const email = uniqueEmail(await companyDomain(), 'plain');
    const password = 'plain user password';
    await fillSignUp(page, { firstName: 'Plain', lastName: 'User', email, password });
    await page.getByText(`We sent a verification link to ${email}`).waitFor();
    const link = await linkInMail(email, '/signin');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Email verified! Sign in below').waitFor();
    await signIn(page, email, password);
    await page.waitForURL('**/dashboard');

    // The menu is drawn (with the user's own links) before asking what it lacks.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Profile', exact: true }).waitFor();
    expect(await menu.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // The server refuses too: the user list is for admins only.
    const cookies = await page.context().cookies();
    const response = await fetch(`${baseURL()}/api/v1/users`, {
      headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
    });
    expect(response.status).toBe(403);
  });
});
