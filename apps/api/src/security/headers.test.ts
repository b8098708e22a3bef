// The security headers: the console's CSP (frame-ancestors 'none', scripts from its asset path only),
// Referrer-Policy, X-Frame-Options and HSTS over https, and the demo and preview pages' nonce-based CSP.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondProcess, startServer, type TestServer, testDatabaseKind } from '../test/harness';

describe(`security headers on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ COMPANY_DOMAIN: 'adconsole.test' });
  });
  afterAll(() => server.close());

  describe("every answer carries the security headers; the demo page's scripts carry a fresh nonce", () => {
    it("sends CSP with frame-ancestors 'none', Referrer-Policy: no-referrer, and HSTS when PUBLIC_URL is https", async () => {
      const ping = await fetch(`${server.url}/api/ping`);
      expect(ping.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      // Scripts only from the built console's asset path, never 'self' (which covers /api/uploads).
      expect(ping.headers.get('content-security-policy')).toContain(
        `script-src ${server.config.publicUrl}/assets/;`,
      );
      expect(ping.headers.get('referrer-policy')).toBe('no-referrer');
      expect(ping.headers.get('x-frame-options')).toBe('DENY');
      expect(ping.headers.get('strict-transport-security')).toBeNull();
      const consoleDir = path.join(server.dataDir, 'console-build');
      await mkdir(consoleDir, { recursive: true });
      await writeFile(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
      // A second process on the same database (docs/testing.md, "Why the headers suite was slow"): a
      // server of its own would load a second copy of the migrated database, the file's longest work.
      const secure = await startSecondProcess(server, {
        PUBLIC_URL: 'https://console.example.com',
        CONSOLE_DIR: consoleDir,
      });
      try {
        for (const pathname of ['/api/ping', '/campaigns']) {
          const response = await fetch(`${secure.url}${pathname}`);
          expect(response.headers.get('strict-transport-security'), pathname).toMatch(/max-age=31536000/);
          expect(response.headers.get('content-security-policy'), pathname).toMatch(/frame-ancestors 'none'/);
        }
      } finally {
        await secure.close();
      }
    });

    it('answers a nonce policy, a new nonce each time, and every script of the page carries it', async () => {
      const first = await fetch(new URL('/serve/demo', server.url));
      const second = await fetch(new URL('/serve/demo', server.url));
      const policy = first.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy).toContain("'strict-dynamic'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(second.headers.get('content-security-policy')).not.toBe(policy);
      const html = await first.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    });

    it("the creative editor's preview page: a fresh nonce on its one script, framed by the console alone, which it names as the only sender", async () => {
      const first = await fetch(new URL('/serve/preview', server.url));
      const second = await fetch(new URL('/serve/preview', server.url));
      expect(first.status).toBe(200);
      const policy = first.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy).toContain("'strict-dynamic'");
      expect(policy).not.toContain('unsafe-inline');
      const consoleOrigin = new URL(server.config.publicUrl).origin;
      expect(policy).toContain(`frame-ancestors ${consoleOrigin}`);
      // Not the console's headers: it is framed (by the console), so neither DENY nor frame-ancestors 'none'.
      expect(first.headers.get('x-frame-options')).toBeNull();
      expect(second.headers.get('content-security-policy')).not.toBe(policy);
      const scripts = (await first.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts).toEqual([
        `<script nonce="${nonce}" src="/serve/preview.js" data-console-origin="${consoleOrigin}">`,
      ]);
      const script = await fetch(new URL('/serve/preview.js', server.url));
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toContain('javascript');
    });
  });
});
