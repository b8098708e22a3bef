// The built console as the browser downloads it: hashed files under /assets/ cached for a year, the
// page itself never cached without asking; every text file sent in the encoding the browser prefers,
// from the brotli and gzip copies the console's build wrote beside it. The page is held in memory with
// the public config inlined, so the console's first paint does not wait for GET /api/config: the
// account pages (sign in, sign up, password reset, ping) get account.html, which does not preload the
// console's router; every other path index.html, which does (docs/console.md, "The account pages
// without React Router").
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isAccountPath, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@adconsole/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Hashed file names never change content: a year, and no revalidation. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page names the current hashed files: the browser must ask each time (a 304 is cheap). */
export const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli before gzip, an encoding
 * given `q=0` refused, none (identity) when neither is acceptable.
 */
export function negotiateEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

/** index.html with the public config as a JSON data block (`<` escaped so no value can close the tag). */
export function inlinePublicConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : `${block}${html}`;
}

interface ConsolePage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function consolePage(consoleDir: string, file: string, config: PublicConfig): ConsolePage {
  // A console folder with index.html only (a test's own small build, an older build) sends it everywhere.
  const source = existsSync(path.join(consoleDir, file)) ? file : 'index.html';
  const html = Buffer.from(inlinePublicConfig(readFileSync(path.join(consoleDir, source), 'utf8'), config));
  return {
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
  config: PublicConfig,
): Promise<{ sendPage(request: FastifyRequest, reply: FastifyReply): FastifyReply }> {
  const consolePages = consolePage(consoleDir, 'index.html', config);
  const accountPages = consolePage(consoleDir, 'account.html', config);
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
    sendPage(request, reply) {
      const page = isAccountPath(new URL(request.url, 'http://console').pathname)
        ? accountPages
        : consolePages;
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      reply
        .header('Cache-Control', REVALIDATE)
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.identity);
    },
  };
}
