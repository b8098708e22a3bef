import { describe, expect, it } from 'vitest';
import { signIn } from './support/account';
import { baseURL, useBrowser } from './support/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from './support/constants';

describe('the product as a user starts it', () => {
  const newPage = useBrowser();

  it('docs/product.md §2: the public route /ping shows the text Pong, rendered by the console', async () => {
    const page = await newPage();
    await page.goto('/ping');
    await page.getByText('Pong', { exact: true }).waitFor();
    expect(await page.title()).toBe('Adconsole');
  });

  it('answers GET /api/ping with the envelope {"status":200,"data":"Pong"}', async () => {
    const response = await fetch(`${baseURL()}/api/ping`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200, data: 'Pong' });
  });

  it('sends a signed-out visitor of an unknown path to /signin, as for any path that is not public', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/signin');
  });

  it('renders a not-found page with a link home for an unknown route, signed in', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname !== '/no/such/page');
  });

  it('answers an unknown API path with a JSON 404, not the console page', async () => {
    const response = await fetch(`${baseURL()}/api/no-such-call`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
