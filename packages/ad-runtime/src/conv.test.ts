// The built conversion tag (dist/conv.js as tsup builds it) on an advertiser's pages in Chromium: the
// landing page keeps the click id in the advertiser's own localStorage, a later page sends it with the
// conversion as a beacon to the serving origin the script came from (docs/conversions.md).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../../scripts/chromium';
import { scriptBuild } from '../tsup.config';

const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

async function serve(handle: (request: IncomingMessage, response: ServerResponse, url: URL) => void) {
  const server: Server = createServer((request, response) =>
    handle(request, response, new URL(request.url ?? '/', 'http://127.0.0.1')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { origin: `http://127.0.0.1:${address.port}`, server };
}

describe("dist/conv.js on an advertiser's pages", () => {
  const work = mkdtempSync(path.join(tmpdir(), 'conv-tag-'));
  let ads: Awaited<ReturnType<typeof serve>>;
  let shop: Awaited<ReturnType<typeof serve>>;
  let browser: Browser;
  let page: Page;
  /** Conversions the serving origin received: method and URL. */
  const received: { method: string; url: URL }[] = [];
  const errors: string[] = [];

  /** A page of the shop: the tag (its data-param when given), then the snippet's stub and `calls`. */
  const shopPage = (calls: string, param?: string) =>
    `<!doctype html><title>Shop</title>
<script async src="${ads.origin}/serve/conv.js"${param ? ` data-param="${param}"` : ''}></script>
<script>
  window.adconsole = window.adconsole || function () { (adconsole.q = adconsole.q || []).push(arguments); };
  ${calls}
</script>`;

  beforeAll(async () => {
    await build({
      ...scriptBuild,
      entry: { conv: path.join(packageDir, scriptBuild.entry.conv) },
      outDir: work,
      config: false,
      silent: true,
    });
    const script = readFileSync(path.join(work, 'conv.js'));
    ads = await serve((request, response, url) => {
      if (url.pathname === '/serve/conv.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      } else if (url.pathname.startsWith('/serve/conv/')) {
        received.push({ method: request.method ?? 'GET', url });
        response
          .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
          .end('{"counted":true}');
      } else {
        response.writeHead(404).end();
      }
    });
    shop = await serve((_, response, url) => {
      const calls = url.searchParams.get('calls') ?? '';
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(shopPage(calls, url.searchParams.get('param') ?? undefined));
    });
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumLaunchArgs });
    page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    for (const started of [ads, shop]) started?.server.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Opens a shop page and waits for the tag to have run (its global is the real one then). */
  const open = async (pathAndQuery: string) => {
    await page.goto(`${shop.origin}${pathAndQuery}`);
    await page.waitForFunction(() => !(window as unknown as { adconsole?: { q?: unknown } }).adconsole?.q);
  };
  const convert = (conversion: Record<string, unknown>) =>
    page.evaluate(
      (c) =>
        (window as unknown as { adconsole: (name: string, c: unknown) => boolean }).adconsole(
          'conversion',
          c,
        ),
      conversion,
    );
  const nextConversion = async (count: number) => {
    await expect.poll(() => received.length).toBe(count);
    return received[count - 1] as { method: string; url: URL };
  };

  it('without a click id kept, a conversion sends nothing', async () => {
    await open('/checkout');
    expect(await convert({ action: 'act1', value: '10' })).toBe(false);
    await page.waitForTimeout(200);
    expect(received).toEqual([]);
  });

  it('the landing page keeps the click id (first-party localStorage, 90 days); a later page sends it with the conversion as a beacon', async () => {
    await open('/landing?utm_source=adconsole&adc_click=c1.first.sig');
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('adconsole_click'))) ?? '{}');
    expect(kept.id).toBe('c1.first.sig');
    const days = (kept.until - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    await open('/thanks');
    expect(await convert({ action: 'act 1', value: 49.99, currency: 'USD', order: 'A-1001' })).toBe(true);
    const conversion = await nextConversion(1);
    expect(conversion.method).toBe('POST');
    expect(conversion.url.pathname).toBe('/serve/conv/act%201');
    expect(Object.fromEntries(conversion.url.searchParams)).toEqual({
      click: 'c1.first.sig',
      src: 'tag',
      value: '49.99',
      currency: 'USD',
      order: 'A-1001',
    });
  });

  it('calls made before the script loaded (the snippet stub) are sent once it has', async () => {
    await page.goto(
      `${shop.origin}/thanks?calls=${encodeURIComponent("adconsole('conversion', {action: 'lead', order: 7});")}`,
    );
    const conversion = await nextConversion(2);
    expect(conversion.url.pathname).toBe('/serve/conv/lead');
    expect(conversion.url.searchParams.get('order')).toBe('7');
    expect(conversion.url.searchParams.has('value')).toBe(false);
  });

  it('a newer click replaces the kept one: the last click wins', async () => {
    await open('/landing?adc_click=c1.second.sig');
    await open('/thanks');
    await convert({ action: 'act1' });
    expect((await nextConversion(3)).url.searchParams.get('click')).toBe('c1.second.sig');
  });

  it("the script tag's data-param names the campaign's own parameter", async () => {
    await open('/landing?param=ref_click&ref_click=c1.third.sig&adc_click=c1.other.sig');
    await convert({ action: 'act1' });
    expect((await nextConversion(4)).url.searchParams.get('click')).toBe('c1.third.sig');
  });

  it('an expired click id (past its 90 days) is dropped and sends nothing', async () => {
    await page.evaluate(() =>
      localStorage.setItem('adconsole_click', JSON.stringify({ id: 'c1.old.sig', until: Date.now() - 1 })),
    );
    await open('/thanks');
    expect(await convert({ action: 'act1' })).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('adconsole_click'))).toBeNull();
    await page.waitForTimeout(200);
    expect(received).toHaveLength(4);
    expect(errors).toEqual([]);
  });
});
