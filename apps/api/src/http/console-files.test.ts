// How the built console and the API's answers travel: pre-compressed console files by content
// negotiation, cache headers by kind of file, the public config inlined into the page, JSON compressed.

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PUBLIC_CONFIG_ELEMENT_ID, publicConfigSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { signedInUser } from '../test/helpers';
import {
  IMMUTABLE,
  inlinePublicConfig,
  negotiateEncoding,
  REVALIDATE,
  withStartNotice,
} from './console-files';
import { isPhone, scriptsOnTouch, withServerView } from './server-view';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that reads the bytes as sent (fetch would decode them and hide what travelled). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decoded = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
};

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const PAGE =
  '<!doctype html><html><head><title>Adconsole</title><script type="module" src="/assets/index-AbC123.js"></script><link rel="modulepreload" href="/assets/console-Xy9.js"></head><body><div id="root"></div></body></html>';
/** The account pages' page: the same entry, without the console router's preload (console-pages.ts). */
const ACCOUNT_PAGE = PAGE.replace('<link rel="modulepreload" href="/assets/console-Xy9.js">', '');

describe('negotiateEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
  it("takes the caller's order among equal weights, never an encoding of lower weight", () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', ['gzip', 'br'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip', 'br'])).toBe('br');
    expect(negotiateEncoding('gzip;q=0.5, br', ['gzip', 'br'])).toBe('br');
    expect(negotiateEncoding('gzip;q=0, br;q=0', ['gzip', 'br'])).toBeUndefined();
  });
});

describe('inlinePublicConfig', () => {
  it('puts the config in a JSON data block in the head, where no value can close the tag', () => {
    const html = inlinePublicConfig(PAGE, {
      companyDomain: 'example.com',
      companyName: '</script><script>alert(1)</script>',
      adServingUrl: 'https://ads.example.com',
      tcfVendorID: 1,
    });
    expect(html).toContain(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">`);
    expect(html.indexOf(PUBLIC_CONFIG_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('</script><script>alert(1)');
  });
});

describe('what the server writes into the page keeps its dollar signs', () => {
  // String.replace with a replacement string reads `$&` (the match), `` $` `` and `$'` (the page before and
  // after it) and `$$`: a campaign named so would copy the page into itself.
  const NAME = "Spend $& save $' and $` or $$";
  it('the public config', () => {
    const html = inlinePublicConfig(PAGE, {
      companyDomain: 'example.com',
      companyName: NAME,
      adServingUrl: 'https://ads.example.com',
      tcfVendorID: 1,
    });
    expect(html).toContain(JSON.stringify(NAME));
    expect(html.split('<head>').length).toBe(2);
  });
  it("the share page's first view and its report", () => {
    const html = withServerView(PAGE, `<h1>${NAME}</h1>`, {
      query: { sharedToken: 'x'.repeat(40) },
      data: { name: NAME },
    });
    expect(html).toContain(`<h1>${NAME}</h1>`);
    expect(html).toContain(JSON.stringify({ name: NAME }));
    expect(html.split('<div id="root">').length).toBe(2);
    expect(html.split('<head>').length).toBe(2);
  });
  it('names the state it drew on the drawing, escaped as an attribute', () => {
    const html = withServerView(PAGE, '<h1>x</h1>', { query: {}, data: {} }, '?start=1&end=2&x="><b>');
    expect(html).toContain(
      '<div data-server-view data-search="?start=1&amp;end=2&amp;x=&quot;&gt;&lt;b&gt;">',
    );
  });
});

describe("the share page's scripts when the server has drawn it", () => {
  const vite = [
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">',
    '<link rel="modulepreload" crossorigin href="/assets/app-jkl.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">',
  ].join('\n');

  it('fetches and runs no script of the console: /assets/on-touch-v4.js names the entry and its preloads', () => {
    const page = scriptsOnTouch(vite);
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain(
      '<script defer src="/assets/on-touch-v4.js" data-entry="/assets/index-abc.js" data-preload="/assets/vendor-def.js /assets/app-jkl.js"></script>',
    );
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
  });

  it("draws a phone's charts for a phone's user agent, a window's for any other", () => {
    expect(
      isPhone(
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe(true);
    expect(
      isPhone(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(true);
    expect(
      isPhone(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(isPhone(undefined)).toBe(false);
  });
});

describe('withStartNotice', () => {
  it('puts a notice naming PUBLIC_URL in the root element, escaped, for a page whose scripts never run', () => {
    const html = withStartNotice('<body><div id="root"></div></body>', 'http://localhost:4000"><b>x');
    expect(html).toContain('<div id="root"><p data-start-notice');
    expect(html).toContain('Adconsole did not start at this address');
    expect(html).toContain('href="http://localhost:4000&#34;&#62;&#60;b&#62;x/"');
    expect(html).not.toContain('"><b>x');
  });
});

describe(`the console's files and the API's answers on the wire on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let consoleDir: string;

  beforeAll(async () => {
    // The test writes its own small console build: a page, a hashed script with its brotli and gzip
    // copies (as the console's build writes them), and an unhashed file at the root.
    consoleDir = await mkdtemp(path.join(tmpdir(), 'adconsole-console-'));
    await mkdir(path.join(consoleDir, 'assets'), { recursive: true });
    await writeFile(path.join(consoleDir, 'index.html'), PAGE);
    await writeFile(path.join(consoleDir, 'account.html'), ACCOUNT_PAGE);
    const script = path.join(consoleDir, 'assets', 'index-AbC123.js');
    await writeFile(script, SCRIPT);
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    await writeFile(path.join(consoleDir, 'robots.txt'), 'User-agent: *\n');
    server = await startServer({ CONSOLE_DIR: consoleDir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(consoleDir, { recursive: true, force: true });
  });

  it('sends a hashed asset in the encoding the browser prefers, from the build copies, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await rawGet(`${server.url}/assets/index-AbC123.js`, { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control'], accept).toBe(IMMUTABLE);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
      expect(decoded(answer)).toBe(SCRIPT);
    }
    const plain = await rawGet(`${server.url}/assets/index-AbC123.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
  });

  it('sends index.html compressed, never cached without revalidation, with the public config inlined', async () => {
    for (const pathname of ['/', '/signin', '/share/abc', '/index.html']) {
      const answer = await rawGet(`${server.url}${pathname}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['content-encoding'], pathname).toBe('br');
      expect(answer.headers.vary, pathname).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control'], pathname).toBe(REVALIDATE);
      // Scripts only from the built console's own asset path (an uploaded .js can never run here).
      expect(answer.headers['content-security-policy'], pathname).toMatch(
        /script-src https?:\/\/[^ ;]+\/assets\/;/,
      );
      const html = decoded(answer);
      const block = html.match(
        new RegExp(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`),
      );
      const config = publicConfigSchema.parse(JSON.parse(block?.[1] ?? 'null'));
      expect(config.companyDomain, pathname).toBe(server.config.companyDomain);
    }
    const gzip = await rawGet(`${server.url}/campaigns`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toContain('/assets/index-AbC123.js');
  });

  it('sends the account pages account.html, without the preload of the console router, and any other path index.html', async () => {
    const accountPaths = ['/signin', '/SignUp/', '/forgotpassword?forgotToken=abc', '/ping'];
    const consolePaths = ['/', '/dashboard', '/share/abc', '/signin/more', '/account.html', '/index.html'];
    for (const pathname of [...accountPaths, ...consolePaths]) {
      const answer = await rawGet(`${server.url}${pathname}`, { 'accept-encoding': 'gzip' });
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['cache-control'], pathname).toBe(REVALIDATE);
      const html = decoded(answer);
      expect(html, pathname).toContain('/assets/index-AbC123.js');
      expect(html.includes('/assets/console-Xy9.js'), pathname).toBe(consolePaths.includes(pathname));
    }
  });

  it('sends the page to a client that asks for no compression, on every path, folders included', async () => {
    const noCompression: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
    for (const pathname of ['/', '/assets/', '/dashboard', '/signin']) {
      for (const headers of noCompression) {
        const answer = await rawGet(`${server.url}${pathname}`, headers);
        expect(answer.status, `${pathname} ${JSON.stringify(headers)}`).toBe(200);
        expect(answer.headers['content-encoding'], pathname).toBeUndefined();
        expect(answer.body.toString('utf8'), pathname).toContain('/assets/index-AbC123.js');
      }
    }
  });

  it('asks the browser to revalidate files outside /assets/ (their names carry no hash)', async () => {
    const answer = await rawGet(`${server.url}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(REVALIDATE);
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const { client } = await signedInUser(server);
    for (let i = 0; i < 12; i += 1) {
      await client.post('/v1/campaign/new', { name: `Wire campaign number ${i} with a longer name` });
    }
    const cookie = client.cookie ?? '';
    const list = await rawGet(`${server.url}/api/v1/campaign/mine`, {
      'accept-encoding': 'br, gzip',
      cookie,
    });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(list)).data.length).toBe(12);
    const small = await rawGet(`${server.url}/api/ping`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).data).toBe('Pong');
  });

  it("moves a share link's page that names no zone to its campaign's zone (docs/reports.md, \"The report's zone\")", async () => {
    const { client } = await signedInUser(server);
    const shareOf = async (timezone: string) => {
      const made = await client.post<{ id: string }>('/v1/campaign/new', {
        name: 'Zoned',
        data: { timezone },
      });
      expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
      const link = await client.post<{ token: string }>('/v1/campaign/newToken', {
        campaignID: made.body.data?.id,
      });
      expect(link.httpStatus).toBe(200);
      return link.body.data?.token ?? '';
    };
    const newYork = await shareOf('America/New_York');
    const summary = await rawGet(`${server.url}/share/${newYork}`);
    expect(summary.status).toBe(302);
    expect(summary.headers.location).toBe(`/share/${newYork}?zone=America%2FNew_York`);
    // A creative's page keeps what its address named.
    const creative = await rawGet(`${server.url}/share/${newYork}/creative/k1?start=1&end=2`);
    expect(creative.status).toBe(302);
    expect(creative.headers.location).toBe(
      `/share/${newYork}/creative/k1?start=1&end=2&zone=America%2FNew_York`,
    );
    // A reader's pick of zone, or a link's fixed offset, is kept.
    for (const query of ['?zone=Europe%2FBerlin', '?tz=%2B01%3A00']) {
      expect((await rawGet(`${server.url}/share/${newYork}${query}`)).status, query).toBe(200);
    }
    // A UTC campaign's page reads UTC without a zone; a link that is no share link's is sent as it is.
    expect((await rawGet(`${server.url}/share/${await shareOf('UTC')}`)).status).toBe(200);
    expect((await rawGet(`${server.url}/share/${'x'.repeat(43)}`)).status).toBe(200);
  });
});
