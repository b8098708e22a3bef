// The ad-serving routes at the server root under /serve/ (not under /api): cookieless, open to every
// origin (the caller's Origin echoed with credentials allowed: servingCors), without the console's
// framing or CSP headers, so any publisher page and any player can load them and they can move to their
// own host or CDN (AD_SERVING_URL). Each is a declaration plus one call into services/serving. None ever
// answers 5xx for an unknown live creative.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AD_SANDBOX, ApiError } from '@adconsole/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { sendFile } from '../http/send-file';
import { readableFile } from '../services/file-rows';
import { demoPage } from '../services/serving/demo-page';
import { html5File } from '../services/serving/html5';
import { findRuntimeScript } from '../services/serving/runtime-script';
import {
  type ClickParams,
  click,
  type ServeQuery,
  servedAd,
  type TrackParams,
  track,
} from '../services/serving/serving';
import type { TrafficClient } from '../services/serving/traffic-quality';
import { EMPTY_VAST, vastDocument } from '../services/serving/vast';

/** A 1×1 transparent GIF: what an image pixel gets. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const serveConfig = { csrf: false as const, embeddable: true as const };

/** The headers a page may read from a cross-origin answer beyond the safelisted ones (video seeking). */
export const EXPOSED_HEADERS = 'Content-Range, Accept-Ranges, Content-Length';

/**
 * CORS of every serving answer, in one place (an onSend hook below, so errors and 404s carry it too).
 * Players fetch VAST and media with credentials (`withCredentials`), and a browser refuses `*` for a
 * credentialed request: a request with an `Origin` gets that origin echoed, with credentials allowed
 * and `Vary: Origin` so no cache hands one publisher's answer to another; `*` only without an Origin.
 * Serving still never sets or reads a cookie: credentials are allowed, never used.
 */
export function servingCors(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  const vary = reply.getHeader('Vary');
  if (!vary) reply.header('Vary', 'Origin');
  else if (!/\borigin\b/i.test(String(vary))) reply.header('Vary', `${vary}, Origin`);
  if (origin) {
    reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Allow-Credentials', 'true');
  } else {
    reply.header('Access-Control-Allow-Origin', '*');
  }
  reply
    .header('Access-Control-Expose-Headers', EXPOSED_HEADERS)
    .header('Cross-Origin-Resource-Policy', 'cross-origin');
}

const isServing = (request: FastifyRequest) => request.url.startsWith('/serve/');

/** `{liveID}.{extension}` of a path parameter; undefined for any other shape. */
const liveIdOf = (file: string, extension: string) =>
  file.endsWith(`.${extension}`) ? file.slice(0, -extension.length - 1) : undefined;

export function registerServing(app: FastifyInstance, ctx: Context) {
  app.addHook('onSend', async (request, reply) => {
    if (isServing(request)) servingCors(request, reply);
  });
  // Preflights (a player sending a custom header, a POST beacon of JSON): every method and header a
  // serving route takes, for a day.
  app.options('/serve/*', { config: serveConfig }, async (request, reply) =>
    reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS')
      .header(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? 'Content-Type, Range',
      )
      .header('Access-Control-Max-Age', '86400')
      .send(),
  );
  // Every serving request is classified once, here, before its handler runs (only when the handler asks:
  // files and the runtime script never need it): services/serving/traffic-quality.ts.
  const route = (
    method: 'GET' | 'POST' | ('GET' | 'POST')[],
    url: string,
    handler: (request: FastifyRequest, reply: FastifyReply, client: () => TrafficClient) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url,
      config: serveConfig,
      handler: (request, reply) => {
        let client: TrafficClient | undefined;
        const classified = () => {
          client ??= ctx.traffic.classify({ ip: request.ip, headers: request.headers });
          return client;
        };
        return handler(request, reply, classified);
      },
    });

  // A route that does nothing: the load balancer's health check, and the ceiling the benchmarks compare
  // the serving routes with (bench/serving.mjs).
  route('GET', '/serve/health', async (_request, reply) => reply.code(204).send());

  let runtime: { body: Buffer; etag: string } | undefined;
  route('GET', '/serve/init.js', async (request, reply) => {
    if (!runtime) {
      const file = findRuntimeScript();
      if (!file) throw ApiError.of(503, 'The ad runtime is not built: run `pnpm build`.');
      const body = await readFile(file);
      runtime = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 20)}"` };
    }
    // Tags name /serve/init.js without a version, so it is revalidated by its ETag rather than pinned.
    reply
      .type('text/javascript; charset=utf-8')
      .header('ETag', runtime.etag)
      .header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    if (request.headers['if-none-match'] === runtime.etag) return reply.code(304).send();
    return reply.send(runtime.body);
  });

  route('GET', '/serve/ad/:file', async (request, reply, client) => {
    const liveId = liveIdOf((request.params as { file: string }).file, 'json');
    const ad =
      liveId === undefined ? undefined : await servedAd(ctx, liveId, request.query as ServeQuery, client());
    if (!ad) throw ApiError.of(404, 'No live creative with this id is serving.');
    // A fresh signed impression each time: never cached.
    return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(ad);
  });

  const vast =
    (flavour: 'vast' | 'vpaid') =>
    async (request: FastifyRequest, reply: FastifyReply, client: () => TrafficClient) => {
      const file = (request.params as { file: string }).file;
      if (flavour === 'vpaid' && file.endsWith('.js')) return vpaidScript(ctx, file.slice(0, -3), reply);
      const liveId = liveIdOf(file, 'xml');
      const document =
        liveId === undefined
          ? EMPTY_VAST
          : await vastDocument(ctx, liveId, request.query as ServeQuery, flavour, client());
      return reply.header('Cache-Control', 'no-store').type('application/xml; charset=utf-8').send(document);
    };
  route('GET', '/serve/vast/:file', vast('vast'));
  route('GET', '/serve/vpaid/:file', vast('vpaid'));

  // GET answers a 1×1 GIF (or 204 with r=204); POST is a beacon. Either way only after the event's
  // batch is committed, and 204/GIF alike whether it counted or not (nothing to learn from probing).
  route(['GET', 'POST'], '/serve/t/:type', async (request, reply, client) => {
    const { type } = request.params as { type: string };
    const query = request.query as TrackParams & { r?: string };
    await track(ctx, type, query, client());
    reply.header('Cache-Control', 'no-store');
    if (request.method === 'POST' || query.r === '204') return reply.code(204).send();
    return reply.type('image/gif').send(PIXEL);
  });

  route('GET', '/serve/click/:liveId', async (request, reply, client) => {
    const location = await click(
      ctx,
      (request.params as { liveId: string }).liveId,
      request.query as ClickParams,
      client(),
    );
    reply.header('Cache-Control', 'no-store');
    return location === undefined ? reply.code(204).send() : reply.redirect(location, 302);
  });

  route('GET', '/serve/h5/:liveId/*', async (request, reply) => {
    const { liveId, '*': path } = request.params as { liveId: string; '*': string };
    const file = await html5File(ctx, liveId, path);
    if (!file) throw ApiError.of(404, 'No such file in this creative.');
    // The creative's own pages get the ad frame's sandbox from the response too: opened directly (a
    // link to /serve/h5/... sent to a signed-in admin), they run in an opaque origin, never as the
    // console's origin with its session, whatever AD_SERVING_URL is.
    return reply
      .type(file.contentType)
      .header('Cache-Control', 'public, max-age=3600')
      .header('Content-Security-Policy', `sandbox ${AD_SANDBOX}`)
      .send(file.body);
  });

  // The files a served ad loads (video, image), by storage key: public files only (assets), streamed
  // with byte ranges (http/send-file.ts), never by a session: serving reads no cookie.
  route('GET', '/serve/files/*', async (request, reply) => {
    const name = (request.params as { '*': string })['*'] ?? '';
    // No reader: public files only, a private one answers 404 as a missing one does.
    const file = await readableFile(ctx.db, name, { user: async () => undefined });
    return sendFile(ctx, request, reply, file);
  });

  route('GET', '/serve/demo', async (_request, reply) => {
    const page = await demoPage(ctx);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', page.policy)
      .send(page.html);
  });
}

/** GET /serve/vpaid/{liveID}.js: the creative's VPAID script, for players (never from /api/uploads). */
async function vpaidScript(ctx: Context, liveId: string, reply: FastifyReply) {
  const live = await ctx.liveCreatives.get(liveId);
  const script = live?.snapshot.assets.find((asset) => asset.uploadType === 'vpaid');
  const body = script?.path ? await ctx.storage.open(script.path) : undefined;
  if (!body) throw ApiError.of(404, 'No VPAID script for this live creative.');
  return reply
    .type('text/javascript; charset=utf-8')
    .header('Cache-Control', 'public, max-age=3600')
    .send(body);
}
