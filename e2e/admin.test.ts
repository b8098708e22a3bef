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
