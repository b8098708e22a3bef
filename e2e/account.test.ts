import { describe, expect, it } from 'vitest';
import { companyDomain, fillSignUp, signIn, uniqueEmail } from './support/account';
import { useBrowser } from './support/browser';
import { holdAnswers } from './support/network';
import { linkInMail } from './support/outbox';

describe('account journeys', () => {
  const newPage = useBrowser();
  const password = 'correct horse battery';

  it('signs up with a company e-mail, verifies through the mailed link and signs in to the dashboard', async () => {
    const page = await newPage();
    const email = uniqueEmail(await companyDomain(), 'ada');
    await fillSignUp(page, { firstName: 'Ada', lastName: 'Lovelace', email, password });
    await page.getByText(`We sent a verification link to ${email}`).waitFor();

    const link = await linkInMail(email, '/signin');
    expect(link.searchParams.get('verifyCode')).toBeTruthy();
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Email verified! Sign in below').waitFor();

    await signIn(page, email, password);
    await page.waitForURL('**/dashboard');

    // The side menu of a user (not an admin), then the profile: names saved, the password changed
    // with the current one (a wrong one is refused).
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'File manager', exact: true }).waitFor();
    expect(await menu.getByRole('link', { name: 'Tables', exact: true }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Profile', exact: true }).click();
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('First name').fill('Augusta');
    await details.getByRole('button', { name: 'Save profile' }).click();
    await details.getByText('Your profile has been saved.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Augusta Lovelace', exact: true }).first().waitFor();
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill('not my password');
    await passwordForm.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await passwordForm.getByLabel('Confirm new password').fill('a brand new secret');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Your current password is not correct.', { exact: true }).waitFor();
    await passwordForm.getByLabel('Current password').fill(password);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText(/Your password has been changed/).waitFor();

    // An API token for another product: made with a scope, its secret shown once, working as a bearer
    // on the calls its scope allows, then revoked.
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByText('No API tokens yet.').waitFor();
    await tokens.getByLabel('Token name').fill('Partner report screen');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secret = await tokens.getByRole('textbox', { name: 'New API token' }).inputValue();
    expect(secret).toMatch(/^adc_/);
    const dashboard = new URL(
      '/api/v1/dashboard?start_dt=2026-11-16%2000:00:00&end_dt=2026-11-22%2023:59:59&tzOffset=%2B00:00',
      page.url(),
    );
    const asProduct = await fetch(dashboard, { headers: { Authorization: `Bearer ${secret}` } });
    expect(asProduct.status).toBe(200);
    await tokens.getByRole('button', { name: 'I have copied it' }).click();
    // The list already names the new token (it is there from its creation): what the click changes is
    // the secret's box, which goes. Waited for, not counted at once (a flake of a clean-clone run).
    await tokens.getByRole('textbox', { name: 'New API token' }).waitFor({ state: 'detached' });
    await tokens.getByRole('list', { name: 'API tokens' }).getByText('Partner report screen').waitFor();
    expect(await tokens.textContent()).not.toContain(secret);
    await tokens.getByRole('button', { name: 'Revoke Partner report screen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
    await tokens.getByText('No API tokens yet.').waitFor();
    expect((await fetch(dashboard, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(401);
  });

  it("signs in at once from the mailed link: a sign-in sent before the link's verification answered waits for it", async () => {
    const page = await newPage();
    const email = uniqueEmail(await companyDomain(), 'quick');
    await fillSignUp(page, { firstName: 'Quinn', lastName: 'Quick', email, password });
    await page.getByText(`We sent a verification link to ${email}`).waitFor();
    const link = await linkInMail(email, '/signin');
    // The verification's answer is held back (a slow network) until the form has been sent.
    const verification = await holdAnswers(page, '**/api/verify');
    await page.goto(`${link.pathname}${link.search}`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    const logins: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/login') logins.push(response.status());
    });
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => form.getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy'))
      .toBe('true');
    verification.release();
    await page.waitForURL('**/dashboard');
    // One sign-in, after the verification: never a refusal first.
    expect(logins).toEqual([200]);
  });

  it("refuses a non-company e-mail with 'Only {host} emails allowed!'", async () => {
    const page = await newPage();
    const host = await companyDomain();
    await fillSignUp(page, { firstName: 'Eve', lastName: 'Outsider', email: 'eve@example.org', password });
    await page.getByText(`Only ${host} emails allowed!`).waitFor();
  });

  it('sends a signed-out visitor of /campaigns to /signin and back to /campaigns after sign-in', async () => {
    const page = await newPage();
    const email = uniqueEmail(await companyDomain(), 'grace');
    await fillSignUp(page, { firstName: 'Grace', lastName: 'Hopper', email, password });
    await page.getByText(`We sent a verification link to ${email}`).waitFor();
    const link = await linkInMail(email, '/signin');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Email verified! Sign in below').waitFor();

    const visitor = await newPage();
    await visitor.goto('/campaigns');
    await visitor.waitForURL('**/signin');
    await signIn(visitor, email, password);
    await visitor.waitForURL('**/campaigns');
  });
});
