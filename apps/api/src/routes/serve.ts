// The ad-serving routes at the server root under /serve/ (not under /api): no session and no cookie but
// the frequency-cap history of the ad answers (services/serving/frequency-jar.ts), open to every
// origin (the caller's Origin echoed with credentials allowed: servingCors), without the console's
// framing or CSP headers, so any publisher page and any player can load them and they can move to their
// own host or CDN (AD_SERVING_URL). Each is declared once in the domain's serving contract
// (`servingContract`: method, path, what it reads and answers), which also documents it in
// /api/openapi.json; here each gets one handler: a call into services/serving and the answer's headers.
// None ever answers 5xx for an unknown live creative.

import {
  AD_SANDBOX,
  ApiError,
  expandedValue,
  MESSAGES,
  type ServeRouteContract,
  type ServeRouteName,
  type ServingContract,
  servingContract,
} from '@adconsole/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Context } from '../context';
import { SERVING_BODY_LIMIT } from '../http/request-bodies';
import { setHeaderPairs } from '../http/security-headers';
import { sendFile } from '../http/send-file';
import { sendServingText, servingCorsHeaders, writeServingAnswer } from '../http/serving-body';
import { demoPage } from '../services/demo/demo-page';
import { servedAd } from '../services/serving/ad';
import { requestConsent } from '../services/serving/consent';
import { type ConversionSender, convert } from '../services/serving/conversions';
import { CapJar } from '../services/serving/frequency-jar';
import { html5File } from '../services/serving/html5';
import { placementVastDocument, servedPlacementAd } from '../services/serving/placement-answers';
import { previewPage } from '../services/serving/preview-page';
import { runtimeScriptLoader } from '../services/serving/runtime-script';
import { click, track } from '../services/serving/tracking';
import type { TrafficClient } from '../services/serving/traffic-quality';
import { EMPTY_VAST, vastDocument, vpaidScript } from '../services/serving/vast';
import { readableFile } from '../services/stored-files/file-rows';

/** A 1×1 transparent GIF: what an image pixel gets. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A redirect's body: none, with its length said (Content-Length: 0), so the connection stays open. */
const EMPTY = Buffer.alloc(0);

const serveConfig = { csrf: false as const, embeddable: true as const };

/**
 * Whether a request to a counting route (a tracking pixel, a click, a conversion pixel) is one a person
 * made: a HEAD is a link scanner's, an unfurler's or a prefetch's, never a browser showing the ad or
 * following a link. It gets the same answer's headers and counts nothing, so it cannot take the one
 * count an impression's event or click has from the person who comes after it.
 */
const counts = (request: FastifyRequest) => request.method !== 'HEAD';

/** The routes every ad and every event goes through: each microsecond of theirs is a server more at scale. */
const HOT_ROUTES = new Set<ServeRouteName>([
  'health',
  'ad',
  'vast',
  'vpaid',
  'adPlacement',
  'vastPlacement',
  'vpaidPlacement',
  'track',
  'trackBeacon',
  'click',
  'conversion',
  'conversionPost',
]);

/**
 * CORS of every serving answer sent through Fastify, in one place (an onSend hook below, so errors and
 * 404s carry it too): the pairs of http/serving-body.ts, with Origin added to Vary.
 */
function servingCors(request: FastifyRequest, reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  if (!vary) reply.header('Vary', 'Origin');
  else if (!/\borigin\b/i.test(String(vary))) reply.header('Vary', `${vary}, Origin`);
  setHeaderPairs(reply, servingCorsHeaders(request.headers.origin));
}

const isServing = (request: FastifyRequest) => request.url.startsWith('/serve/');

/** A form's fields, `click` as a list when repeated (a postback's several click ids). */
function formFields(form: URLSearchParams): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key);
    fields[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return fields;
}

/** A conversion's sender: its Authorization header (the postback key), its fetch metadata and its classification. */
const senderOf = (request: FastifyRequest, client: () => TrafficClient): ConversionSender => ({
  authorization: request.headers.authorization,
  fetch: {
    method: request.method,
    site: request.headers['sec-fetch-site'],
    mode: request.headers['sec-fetch-mode'],
    dest: request.headers['sec-fetch-dest'],
  },
  client,
});

/**
 * The ad request's frequency-cap history (services/serving/frequency-jar.ts): its device's when the tag
 * carries an advertising id (`ifa=`), else its cookie's; `nocookie=1` without a device id says the client
 * keeps none (it cannot be capped). Either only with the request's consent (services/serving/consent.ts,
 * docs/privacy.md), read from its signals when a tag with caps or an EU creative first asks. An `ifa=`
 * that is a macro left as written (`[IFA]` of a player that fills none: every VAST tag carries one,
 * docs/tags.md "Request facts") is no id sent at all, so the browser's cookie still counts; a
 * placeholder (`undefined`, zeros) is still read as what it is.
 */
const capJar = (
  ctx: Context,
  request: FastifyRequest,
  query: { nocookie?: string | undefined; ifa?: string | undefined },
  client: () => TrafficClient,
) =>
  new CapJar(
    ctx,
    request.headers.cookie,
    query.nocookie !== '1',
    expandedValue(query.ifa),
    requestConsent(ctx.config.privacy, {
      query,
      headers: request.headers,
      country: () => client().dimensions().country,
    }),
  );

/** `{liveID}.{extension}` of a path parameter; undefined for any other shape. */
const liveIdOf = (file: string, extension: string) =>
  file.endsWith(`.${extension}`) ? file.slice(0, -extension.length - 1) : undefined;

/** Fastify's path of a contract path: `{name}` as `:name`, the rest parameter as `*`. */
export const fastifyPath = (entry: Pick<ServeRouteContract, 'path' | 'rest'>) =>
  entry.path.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === entry.rest ? '*' : `:${name}`));

type Fields<S> = S extends z.core.$ZodObject ? z.output<S> : Record<string, never>;

/** What a serving handler gets: the request's parameters and query as the contract types them. */
interface ServeCall<E extends ServeRouteContract> {
  params: Fields<E['params']>;
  /**
   * The query as sent, a repeated parameter as its first value (firstValues): the contract's schema types
   * it, the server never refuses a request on it.
   */
  query: Fields<E['query']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The request's traffic classification, made once when first asked (services/serving/traffic-quality.ts). */
  client: () => TrafficClient;
}

type ServeHandlers = {
  [N in ServeRouteName]: (call: ServeCall<ServingContract[N]>) => Promise<unknown>;
};

/** The runtime's scripts, each read and compressed once (services/serving/runtime-script.ts). */
const runtimeScripts = () => ({
  init: runtimeScriptLoader('init.js'),
  video: runtimeScriptLoader('video.js'),
  preview: runtimeScriptLoader('preview.js'),
  conv: runtimeScriptLoader('conv.js'),
});
type RuntimeScripts = ReturnType<typeof runtimeScripts>;

// Tags name /serve/init.js without a version (and init.js names /serve/video.js without one), so each
// is revalidated by its ETag rather than pinned.
const runtimeScript =
  (scripts: RuntimeScripts, file: keyof RuntimeScripts) =>
  async ({ request, reply }: ServeCall<ServingContract['init']>) => {
    const runtime = await scripts[file]();
    reply
      .type('text/javascript; charset=utf-8')
      .header('ETag', runtime.etag)
      .header('Cache-Control', 'public, max-age=300, stale-while-revalidate=86400');
    if (request.headers['if-none-match'] === runtime.etag) return reply.code(304).send();
    return reply.send(runtime.body);
  };

const vast =
  (ctx: Context, flavour: 'vast' | 'vpaid') =>
  async ({ params, query, request, reply, client }: ServeCall<ServingContract['vpaid']>) => {
    if (flavour === 'vpaid' && params.file.endsWith('.js')) {
      const body = await vpaidScript(ctx, params.file.slice(0, -3));
      if (!body) throw ApiError.of(404, MESSAGES.noVpaidScript);
      return reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(body);
    }
    const liveId = liveIdOf(params.file, 'xml');
    const jar = capJar(ctx, request, query, client);
    const document =
      liveId === undefined ? EMPTY_VAST : await vastDocument(ctx, liveId, query, flavour, client(), jar);
    return sendServingText(ctx, request, reply, document, 'application/xml; charset=utf-8', jar.setCookie());
  };

// A placement's VAST and VPAID tags: one of its live creatives' documents (services/serving/placement-answers.ts).
const placementVast =
  (ctx: Context, flavour: 'vast' | 'vpaid') =>
  async ({ params, query, request, reply, client }: ServeCall<ServingContract['vpaidPlacement']>) => {
    const placementId = liveIdOf(params.file, 'xml');
    const jar = capJar(ctx, request, query, client);
    const document =
      placementId === undefined
        ? EMPTY_VAST
        : await placementVastDocument(ctx, placementId, query, flavour, client(), jar);
    return sendServingText(ctx, request, reply, document, 'application/xml; charset=utf-8', jar.setCookie());
  };

// GET answers a 1×1 GIF (or 204 with r=204); POST is a beacon. Either way only after the event's
// batch is committed, and 204/GIF alike whether it counted or not (nothing to learn from probing).
const tracking =
  (ctx: Context) =>
  async ({ params, query, request, reply, client }: ServeCall<ServingContract['track']>) => {
    if (counts(request)) await track(ctx, params.type, query, client);
    if (request.method === 'POST' || query.r === '204')
      return writeServingAnswer(ctx, request, reply, 204, undefined);
    return writeServingAnswer(ctx, request, reply, 200, PIXEL, { type: 'image/gif' });
  };

/** One handler per entry of the serving contract: a call into services/serving and its answer's headers. */
function servingHandlers(ctx: Context): ServeHandlers {
  const scripts = runtimeScripts();
  const tracked = tracking(ctx);
  return {
    // A route that does nothing: the load balancer's health check, and the ceiling the benchmarks
    // compare the serving routes with (bench/serving.mjs).
    health: async ({ reply }) => reply.code(ctx.lifecycle.draining ? 503 : 204).send(),

    init: runtimeScript(scripts, 'init'),
    video: runtimeScript(scripts, 'video'),

    ad: async ({ params, query, request, reply, client }) => {
      const liveId = liveIdOf(params.file, 'json');
      const jar = capJar(ctx, request, query, client);
      const ad = liveId === undefined ? undefined : await servedAd(ctx, liveId, query, client(), jar);
      if (!ad) throw ApiError.of(404, MESSAGES.noServingLiveCreative);
      // A fresh signed impression each time: never cached (sendServingText says no-store).
      return sendServingText(ctx, request, reply, ad, 'application/json; charset=utf-8', jar.setCookie());
    },

    vast: vast(ctx, 'vast'),
    vpaid: vast(ctx, 'vpaid'),

    adPlacement: async ({ params, query, request, reply, client }) => {
      const placementId = liveIdOf(params.file, 'json');
      const jar = capJar(ctx, request, query, client);
      const ad =
        placementId === undefined
          ? undefined
          : await servedPlacementAd(ctx, placementId, query, client(), jar);
      if (!ad) throw ApiError.of(404, MESSAGES.noServingLiveCreative);
      return sendServingText(ctx, request, reply, ad, 'application/json; charset=utf-8', jar.setCookie());
    },
    vastPlacement: placementVast(ctx, 'vast'),
    vpaidPlacement: placementVast(ctx, 'vpaid'),
    track: tracked,
    trackBeacon: tracked,

    click: async ({ params, query, request, reply, client }) => {
      const location = await click(ctx, params.liveID, query, client(), counts(request));
      // Written straight to the response, as the beacons' answers (http/serving-body.ts): no store.
      return location === undefined
        ? writeServingAnswer(ctx, request, reply, 204, undefined)
        : writeServingAnswer(ctx, request, reply, 302, EMPTY, { location });
    },

    // The conversion tag on the advertiser's pages, and conversions (services/serving/conversions.ts):
    // 400 in the error envelope for a malformed one (nothing stored), else 200 with whether it counted.
    conversionTag: runtimeScript(scripts, 'conv'),
    // The sender: its postback key (Authorization) and, for an unsigned one, its traffic classification.
    conversion: async ({ params, query, request, reply, client }) => {
      reply.header('Cache-Control', 'no-store');
      // A HEAD stores nothing: the GET's headers, no body.
      if (!counts(request)) return reply.type('application/json; charset=utf-8').send();
      return reply.send(await convert(ctx, params.action, query, senderOf(request, client)));
    },
    // A postback may also send its fields as a form (application/x-www-form-urlencoded): the query's win.
    conversionPost: async ({ params, query, request, reply, client }) => {
      const form = request.body instanceof URLSearchParams ? request.body : undefined;
      const fields = form ? formFields(form) : {};
      const answer = await convert(ctx, params.action, { ...fields, ...query }, senderOf(request, client));
      return reply.header('Cache-Control', 'no-store').send(answer);
    },

    html5: async ({ params, reply }) => {
      const file = await html5File(ctx, params.liveID, params.path);
      if (!file) throw ApiError.of(404, MESSAGES.noCreativeFile);
      // The creative's own pages get the ad frame's sandbox from the response too: opened directly (a
      // link to /serve/h5/... sent to a signed-in admin), they run in an opaque origin, never as the
      // console's origin with its session, whatever AD_SERVING_URL is.
      return reply
        .type(file.contentType)
        .header('Cache-Control', 'public, max-age=3600')
        .header('Content-Security-Policy', `sandbox ${AD_SANDBOX}`)
        .send(file.body);
    },

    // The files a served ad loads (video, image), by storage key: public files only (assets), streamed
    // with byte ranges (http/send-file.ts), never by a session: serving reads no cookie.
    files: async ({ params, request, reply }) => {
      // No reader: public files only, a private one answers 404 as a missing one does.
      const file = await readableFile(ctx.db, params.file, { user: async () => undefined });
      return sendFile(ctx, request, reply, file);
    },

    demo: async ({ reply }) => {
      const page = await demoPage(ctx);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', page.policy)
        .send(page.html);
    },

    // The creative editor's preview (services/serving/preview-page.ts): framed by the console alone.
    preview: async ({ reply }) => {
      const page = previewPage(ctx.config.publicUrl);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', page.policy)
        .send(page.html);
    },
    previewScript: runtimeScript(scripts, 'preview'),
  };
}

/** The query parameters a route's contract takes as a list (a postback's several click ids): each kept whole. */
const listParams = (entry: ServeRouteContract): ReadonlySet<string> =>
  new Set(
    Object.entries(entry.query?.shape ?? {})
      .filter(([, schema]) => z.safeParse(schema, ['a', 'b']).success)
      .map(([name]) => name),
  );

/**
 * The query with a parameter sent more than once (`?ifa=a&ifa=b`, a list from the query parser) read as
 * its first value, as URLSearchParams.get reads one: the handlers, the request's classification and its
 * consent read text only (a list answered 500, after an ad request's cap was spent). A parameter the
 * route's contract takes as a list keeps every value. The query itself when nothing is repeated.
 */
function firstValues(query: unknown, lists: ReadonlySet<string>): Record<string, unknown> {
  const sent = (query ?? {}) as Record<string, unknown>;
  let read: Record<string, unknown> | undefined;
  for (const name in sent) {
    const value = sent[name];
    if (!Array.isArray(value) || lists.has(name)) continue;
    read ??= { ...sent };
    read[name] = value[0];
  }
  return read ?? sent;
}

/** One serving route on Fastify, its handler given the contract's parameters and the request's classification. */
function registerRoute(
  instance: FastifyInstance,
  ctx: Context,
  name: ServeRouteName,
  entry: ServeRouteContract,
  handlers: ServeHandlers,
) {
  const handler = handlers[name] as (call: ServeCall<ServeRouteContract>) => Promise<unknown>;
  const lists = listParams(entry);
  instance.route({
    method: entry.method,
    url: fastifyPath(entry),
    config: serveConfig,
    // The hot routes (ad requests, beacons, clicks) skip @fastify/compress's hooks: the VAST and ad
    // JSON answers compress themselves (http/serving-body.ts), the rest has no body worth it.
    ...(HOT_ROUTES.has(name) ? { compress: false, decompress: false } : {}),
    // Serving reads no body (a beacon's facts are in its query): a few KB at most, 413 beyond.
    bodyLimit: SERVING_BODY_LIMIT,
    handler: (request, reply) => {
      const raw = request.params as Record<string, string | undefined>;
      const params = entry.rest === undefined ? raw : { ...raw, [entry.rest]: raw['*'] ?? '' };
      // Read once, here: whatever reads the request's query after this reads the same values.
      const query = firstValues(request.query, lists);
      request.query = query;
      // Every serving request is classified once, here, before its handler runs (only when the
      // handler asks: files and the runtime script never need it).
      let client: TrafficClient | undefined;
      const classified = () => {
        client ??= ctx.traffic.classify({
          ip: request.ip,
          method: request.method,
          headers: request.headers,
          query,
        });
        return client;
      };
      return handler({
        params: params as never,
        query: query as never,
        request,
        reply,
        client: classified,
      });
    },
  });
}

export function registerServing(app: FastifyInstance, ctx: Context) {
  // A callback rather than an async hook: no promise for each of the serving routes' answers.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isServing(request)) servingCors(request, reply);
    done(null, payload);
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

  const handlers = servingHandlers(ctx);
  for (const [name, entry] of Object.entries(servingContract) as [ServeRouteName, ServeRouteContract][]) {
    if (name === 'conversionPost') {
      // Its own scope: a form body is read there only (every other serving route reads no body).
      app.register(async (scope) => {
        scope.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string', bodyLimit: SERVING_BODY_LIMIT },
          (_request, body, done) => done(null, new URLSearchParams(String(body))),
        );
        // A beacon's text body (or any other) is not read.
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        registerRoute(scope, ctx, name, entry, handlers);
      });
    } else {
      registerRoute(app, ctx, name, entry, handlers);
    }
  }
}
