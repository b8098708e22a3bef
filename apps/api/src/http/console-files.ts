// The built console as the browser downloads it: hashed files under /assets/ cached for a year, the
// page itself never cached without asking; every text file sent in the encoding the browser prefers,
// from the brotli and gzip copies the console's build wrote beside it. The page is held in memory with
// the public config inlined, so the console's first paint does not wait for GET /api/config: the
// account pages (sign in, sign up, password reset, ping) get account.html, which does not preload the
// console's router; every other path index.html, which does (docs/console.md, "The account pages
// without React Router"). A share link's page and a signed-in campaign report also get their first view
// drawn by the server (http/server-view.ts, http/signed-in-pages.ts), made for each request.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isAccountPath, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@adconsole/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DrawnPage, scriptsOnTouch, withServerView } from './server-view';

/** Hashed file names never change content: a year, and no revalidation. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page names the current hashed files: the browser must ask each time (a 304 is cheap). */
export const REVALIDATE = 'no-cache';

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from the request's Accept-Encoding: the first of `preferred` (brotli
 * before gzip unless the caller says otherwise) among those with the highest weight, an encoding given
 * `q=0` refused, none (identity) when neither is acceptable.
 */
export function negotiateEncoding(
  header: string | undefined,
  preferred: readonly Encoding[] = ['br', 'gzip'],
): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  let best: Encoding | undefined;
  for (const encoding of preferred)
    if (weight(encoding) > (best === undefined ? 0 : weight(best))) best = encoding;
  return best;
}

/** index.html with the public config as a JSON data block (`<` escaped so no value can close the tag). */
export function inlinePublicConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  // A function, not a string, so `$&` or `$'` in a value stays text (a replacement string reads them).
  return html.includes('</head>') ? html.replace('</head>', () => `${block}</head>`) : `${block}${html}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What the page shows when its scripts never run. The console's CSP takes scripts from PUBLIC_URL's own
 * `/assets/` only, so the page opened at another address this server also answers on (127.0.0.1, a
 * LAN address, beside PUBLIC_URL's `localhost`) would stay white without a word. The root element holds
 * a notice naming the address that works; it stays invisible for its first seconds, and the console
 * replaces it as it starts, so a working page never shows it.
 */
export function withStartNotice(html: string, publicUrl: string): string {
  const url = escapeHtml(publicUrl);
  const notice =
    '<p data-start-notice style="margin:3rem auto;max-width:32rem;padding:0 1rem;font:16px/1.5 system-ui,sans-serif;' +
    'opacity:0;animation:adconsole-start-notice 0s 3s forwards">' +
    `Adconsole did not start at this address. Open it at <a href="${url}/">${url}</a> ` +
    '(the address set as PUBLIC_URL, where its scripts are allowed to load from).</p>' +
    '<style>@keyframes adconsole-start-notice{to{opacity:1}}</style>';
  return html.replace('<div id="root"></div>', `<div id="root">${notice}</div>`);
}

interface ConsolePage {
  html: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** What the served page carries besides the build: the public config and the address that works. */
export interface ConsolePageSettings {
  config: PublicConfig;
  /** PUBLIC_URL: the one address the console's scripts load from. */
  publicUrl: string;
  /**
   * The first view the server draws of a page (a share link's report, a signed-in page:
   * http/server-view.ts, http/signed-in-pages.ts), and the data block it comes with; undefined where it
   * draws none.
   */
  firstView?: (request: FastifyRequest) => Promise<DrawnPage | undefined>;
  /** Where a page moves to first (a share link's page to its campaign's zone: http/server-view.ts). */
  movedTo?: (request: FastifyRequest) => Promise<string | undefined>;
}

function consolePage(consoleDir: string, file: string, settings: ConsolePageSettings): ConsolePage {
  // A console folder with index.html only (a test's own small build, an older build) sends it everywhere.
  const source = existsSync(path.join(consoleDir, file)) ? file : 'index.html';
  const built = readFileSync(path.join(consoleDir, source), 'utf8');
  const text = withStartNotice(inlinePublicConfig(built, settings.config), settings.publicUrl);
  const html = Buffer.from(text);
  return {
    html: text,
    identity: html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * Serves the console from `consoleDir`: its files through @fastify/static (pre-compressed copies,
 * cache headers by kind), and `sendPage(request, reply)` for the page (account.html or index.html),
 * which the app's not-found handler answers for every console path.
 */
export async function registerConsoleFiles(
  app: FastifyInstance,
  consoleDir: string,
  settings: ConsolePageSettings,
): Promise<{ sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> }> {
  const consolePages = consolePage(consoleDir, 'index.html', settings);
  const accountPages = consolePage(consoleDir, 'account.html', settings);
  await app.register(fastifyStatic, {
    root: consoleDir,
    prefix: '/',
    // `/`, `/index.html` and `/account.html` fall through to the pages held in memory (they carry the
    // config), and so does every folder: without an index, send answers a folder 403 to a client that
    // asks for no compression (the pre-compressed lookup, taken otherwise, falls through on its own).
    index: false,
    allowedPath: (pathname) =>
      !pathname.endsWith('/') && pathname !== '/index.html' && pathname !== '/account.html',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (fileReply, filePath) => {
      const relative = path.relative(consoleDir, filePath).split(path.sep).join('/');
      fileReply.header('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
  return {
    async sendPage(request, reply) {
      const page = isAccountPath(new URL(request.url, 'http://console').pathname)
        ? accountPages
        : consolePages;
      const moved = page === consolePages ? await settings.movedTo?.(request) : undefined;
      if (moved) return reply.header('Cache-Control', REVALIDATE).redirect(moved, 302);
      reply
        .header('Cache-Control', REVALIDATE)
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      // A page with a first view of its own is made for this request (compressed on the way out).
      const first = page === consolePages ? await settings.firstView?.(request) : undefined;
      // Its charts are drawn at a phone's width or a window's, as the user agent says.
      if (first) {
        // A signed-in page's drawing is the user's: no shared cache keeps it.
        if (first.private) reply.header('Cache-Control', `private, ${REVALIDATE}`);
        reply.header('Vary', 'Accept-Encoding, User-Agent');
        return reply.send(scriptsOnTouch(withServerView(page.html, first.drawn, first.block, first.search)));
      }
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.identity);
    },
  };
}
