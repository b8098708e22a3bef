// Off-boarding (docs/security.md, "Off-boarding"), in real Chromium: a user shares a campaign report; an
// outsider opens the link; an administrator sees the link beside the account's webhooks, disables the
// account, and the outsider's link answers as an unknown one (404, "no longer works").
import { describe, expect, it } from 'vitest';
import { companyDomain, fillSignUp, signIn, uniqueEmail } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';
import { linkInMail } from './support/outbox';

describe('off-boarding', () => {
  const newPage = useBrowser();

  it("an admin disables an account: its share link answers 404, as an unknown token's", async () => {
    const userPage = await newPage();
    const email = uniqueEmail(await companyDomain(), 'leaver');
    const password = 'leaving soon password';
    await fillSignUp(userPage, { firstName: 'Lee', lastName: 'Ver', email, password });
    const verify = await linkInMail(email, '/signin');
    await userPage.goto(`${verify.pathname}${verify.search}`);
    await signIn(userPage, email, password);
    await userPage.waitForURL('**/dashboard');
    // The user's campaign and its share link, through the console's own API session.
    const token = await userPage.evaluate(async () => {
      const call = async (path: string, body: unknown) => {
        const answer = await fetch(`/api${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'adconsole' },
          body: JSON.stringify(body),
        });
        return ((await answer.json()) as { data: { id?: string; token?: string } }).data;
      };
      const campaign = await call('/v1/campaign/new', { name: 'Leaver campaign' });
      return (await call('/v1/campaign/newToken', { campaignID: campaign.id })).token ?? '';
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const outsider = await newPage();
    await outsider.goto(`/share/${token}`);
    await outsider.getByRole('heading', { name: 'Campaign summary' }).waitFor();

    const adminPage = await newPage();
    await adminPage.goto('/signin');
    await signIn(adminPage, DEMO_EMAIL, DEMO_PASSWORD);
    await adminPage.waitForURL('**/dashboard');
    await adminPage.goto('/admin');
    const row = adminPage.getByRole('table', { name: 'Users' }).getByRole('row', { name: /Lee Ver/ });
    // The per-user view lists the link beside the webhooks.
    await row.getByRole('button', { name: 'Webhooks (Lee Ver)' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Webhooks of Lee Ver' });
    const links = dialog.getByRole('list', { name: 'Share links of the account' });
    await links.getByText(/Leaver campaign/).waitFor();
    await adminPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Disable Lee Ver' }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();

    // The outsider's link no longer works, exactly as a link that never existed.
    await outsider.goto(`/share/${token}`);
    await outsider.getByText('This report link no longer works').waitFor();
    const figures = await fetch(
      `${baseURL()}/api/share/reports?sharedToken=${token}&start_dt=2026-01-01 00:00:00&end_dt=2026-12-31 23:59:59`,
    );
    const unknown = await fetch(
      `${baseURL()}/api/share/reports?sharedToken=${'x'.repeat(43)}&start_dt=2026-01-01 00:00:00&end_dt=2026-12-31 23:59:59`,
    );
    expect(figures.status).toBe(404);
    expect(await figures.json()).toEqual(await unknown.json());
  });
});
