// The advertiser screens on the built product with the demo's data (docs/product.md §2; docs/console.md,
// "Advertisers and insertion orders"): the side menu's Advertisers, Northwind's page with its insertion
// order and its campaigns, the order's own page, and the breadcrumbs naming both.
import { describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';

describe('advertisers', () => {
  const newPage = useBrowser();

  it('opens Northwind from the side menu: its insertion order with the budget spent, its campaigns, the order', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');

    await page.getByRole('link', { name: 'Advertisers' }).click();
    await page.waitForURL('**/advertisers');
    const list = page.getByRole('table', { name: 'Advertisers' });
    await list.getByRole('link', { name: 'Contoso Coffee' }).waitFor();
    await list.getByRole('link', { name: 'Northwind Outdoor' }).click();

    await page.getByRole('heading', { level: 1, name: 'Northwind Outdoor' }).waitFor();
    const orders = page.getByRole('table', { name: 'Insertion orders' });
    const order = orders.getByRole('row', { name: /PO-NW-2026-014/ });
    await order.waitFor();
    expect(await order.textContent()).toContain('Northwind summer flight');
    expect(await order.textContent()).toContain('$7,500.00');
    await order.getByRole('progressbar', { name: 'PO-NW-2026-014 budget spent' }).waitFor();
    const campaigns = page.getByRole('table', { name: 'Campaigns of Northwind Outdoor' });
    await campaigns.getByRole('link', { name: 'Demo campaign' }).waitFor();
    expect(await campaigns.getByRole('row', { name: /Demo campaign/ }).textContent()).toContain(
      'PO-NW-2026-014',
    );
    await page.getByRole('table', { name: /Figures by campaign/ }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    // The breadcrumbs name the advertiser (the current page, not a link), then the order under it.
    await crumbs.getByText('Northwind Outdoor').waitFor();

    await order.getByRole('link', { name: 'PO-NW-2026-014' }).click();
    await page.getByRole('heading', { level: 1, name: 'Northwind summer flight' }).waitFor();
    expect(await page.locator('[data-slot="order-figures"]').textContent()).toContain('Budget$7,500.00');
    await page
      .getByRole('table', { name: 'Campaigns of PO-NW-2026-014' })
      .getByRole('link', { name: 'Demo campaign' })
      .waitFor();
    await crumbs.getByRole('link', { name: 'Northwind Outdoor' }).waitFor();
    await crumbs.getByText('PO-NW-2026-014 · Northwind summer flight').waitFor();
  });
});
