// The HTTP application: envelope and error handling, CSRF defence on every state-changing request,
// security headers, sessions, the API routes under /api (each declared from the domain's contract),
// files under /api/uploads, the OpenAPI document, and the built console with an SPA fallback.

import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ApiError,
  type ApiErrorBody,
  codeForStatus,
  MAX_UPLOAD_BYTES,
  MESSAGES,
  notFoundMessage,
  servingUrlWarning,
} from '@adconsole/domain';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { z } from 'zod';
import type { Config } from './config';
import type { Context } from './context';
import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { bearerSecret, bearerSkipsCsrf, bearerUser, routeScope } from './http/bearer';
import { clientErrorInEnvelope } from './http/client-errors';
import { registerConsoleFiles } from './http/console-files';
import { sessionSecret } from './http/cookies';
import { PUBLIC_BODY_LIMIT, registerJsonParser, SIGNED_IN_BODY_LIMIT } from './http/request-bodies';
import { type RouteDef, WithExtras } from './http/routes';
import { buildOpenApi } from './openapi';
import { registerSignedFiles } from './routes/file-manager';
import { allRoutes } from './routes/index';
import { registerReportMailLinks } from './routes/report-mail';
import { registerServing } from './routes/serve';
import { registerUploads } from './routes/uploads';
import { inRequestScope } from './services/audit/record';
import { BackgroundTasks } from './services/background';
import { UploadSlots } from './services/campaigns/upload-slots';
import { openClickHouseEventStore } from './services/events/clickhouse';
import { EventJournal } from './services/events/journal';
import { createPostgresEventStore, type EventStore } from './services/events/store';
import { EventWriter } from './services/events/writer';
import { countAddressCall } from './services/identity/address-limit';
import { countIdentityCall, identityKey } from './services/identity/identity-limit';
import { loadServerSecret } from './services/identity/secret';
import { findSession } from './services/identity/sessions';
import { JobRunner } from './services/jobs/runner';
import { openObjectStores } from './services/object-store/open';
import type { ObjectBucket } from './services/object-store/store';
import { createMailer } from './services/outbound/mail';
import { webhookDeliveries } from './services/outbound/webhooks';
import { reportDeliveryJobs } from './services/reports/delivery-jobs';
import { ReportBuilder } from './services/reports/report-builder';
import { retryAfterOf } from './services/retry-after';
import { createCountryLookup } from './services/serving/country';
import { loadHostingRanges } from './services/serving/hosting-ranges';
import { LiveCreativeCache } from './services/serving/live-creatives';
import { TrafficQuality } from './services/serving/traffic-quality';
import { expiredFileSweep } from './services/stored-files/file-rows';
import { publicConfigOf } from './services/system/public-config';
import { textProblem, validationError } from './services/validation';

export interface AppOptions {
  /** An open, migrated database; when absent the app opens and migrates the configured one and closes it on close. */
  db?: Database;
  /** The bucket of uploaded assets and generated files; by default the configured object store's. */
  storage?: ObjectBucket;
  /** The event store; by default ClickHouse when EVENTS_URL is set, otherwise the main database. */
  eventStore?: EventStore;
  /** Fastify logging; tests turn it off. */
  logger?: boolean;
  /** Where log lines go (JSON, one a line); standard output by default. */
  logStream?: { write(line: string): void };
  /** The serving edge's clock (the rate rule's minute, in ms); tests pin it. Date.now by default. */
  clock?: () => number;
}

export async function prepareDatabase(config: Config): Promise<Database> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await migrate(db);
  return db;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes a publisher's page calls without the console's header (ad serving, beacons) opt out. */
    csrf?: false;
    /** Routes embedded in other sites (ad serving) carry none of the console's framing or CSP headers. */
    embeddable?: true;
  }
}

/** Readable messages for the framework's own 4xx errors (bad JSON, wrong content type, size limits). */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON (application/json); multipart/form-data is accepted only by the asset upload.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The file is too large.';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'The request is not multipart/form-data.';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'The upload has too many parts.';
    default:
      return error.message.replace(/^FST_[A-Z_]+:?\s*/, '') || 'Bad request.';
  }
}

const originOf = (url: string) => new URL(url).origin;

/**
 * The console's Content-Security-Policy: scripts only from the built console's own asset path (a CSP
 * source with a path: `<origin>/assets/`, never 'self', which would let a user-uploaded `.js` under
 * /api/uploads run on a console page), never framed, images and video from its
 * origin and the web (creatives' assets and trackers), ad previews from the serving origin.
 */
export function consolePolicy(config: Config): string {
  const serving = originOf(config.adServingUrl);
  // The file manager's browser sends bytes to presigned storage URLs: the S3 endpoint, or AWS S3's
  // virtual-hosted bucket hosts when no endpoint is set.
  const storage = config.s3
    ? config.s3.endpoint
      ? ` ${originOf(config.s3.endpoint)}`
      : ` https://*.s3.amazonaws.com https://*.s3.${config.s3.region}.amazonaws.com`
    : '';
  const extra = serving === originOf(config.publicUrl) ? '' : ` ${serving}`;
  return [
    "default-src 'self'",
    `script-src ${originOf(config.publicUrl)}/assets/`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extra}${storage}`,
    `frame-src 'self'${extra}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // No client address in any log line (serving stores no raw IP anywhere): a request logs its
            // method and path only, whatever logs it (docs/serving.md, "Privacy signals").
            serializers: { req: (request: FastifyRequest) => ({ method: request.method, url: request.url }) },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: SIGNED_IN_BODY_LIMIT,
    // What the HTTP parser refuses (an address over 16 KB, a broken request line) in the envelope too.
    clientErrorHandler: clientErrorInEnvelope,
    // One line per request is noise for a console server; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Only the proxies TRUST_PROXY names may set X-Forwarded-For: the per-IP limits read the address.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // The router's own refusals (a malformed URL such as /api/%zz) answer in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      const body = { status, code: codeForStatus(status), message: frameworkMessage(error) };
      void (reply as FastifyReply).code(status).type('application/json; charset=utf-8').send(body);
    },
  });
  const ownsDb = options.db === undefined;
  const db = options.db ?? (await prepareDatabase(config));
  const log = (line: string) => app.log.info(line);
  // Said once at start, where an operator looks: platforms refuse tags served from a non-https origin.
  const insecureServing = servingUrlWarning(config.adServingUrl);
  if (insecureServing) app.log.warn(insecureServing);
  const clickhouse =
    options.eventStore === undefined && config.events !== undefined
      ? await openClickHouseEventStore(config.events, db)
      : undefined;
  const eventStore = options.eventStore ?? clickhouse?.store ?? createPostgresEventStore(db);
  // Events another process acknowledged and never wrote (it died) go into the store before this one answers.
  const journal = config.eventsJournalDir ? await EventJournal.open(config.eventsJournalDir) : undefined;
  if (journal) {
    const recovered = await journal.recover(eventStore);
    if (recovered > 0) log(`${recovered} events of a stopped process written from the journal`);
  }
  const secret = await loadServerSecret(config);
  const objects = openObjectStores(config, secret);
  const ctx: Context = {
    config,
    db,
    storage: options.storage ?? objects.storage,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: `no-reply@${config.companyDomain}`,
      fromName: 'Adconsole',
      log,
      logLinks: config.logMailLinks,
    }),
    secret,
    uploadSlots: new UploadSlots(config.uploadConcurrency, config.uploadConcurrency * 8),
    events: { store: eventStore, writer: new EventWriter(eventStore, undefined, journal) },
    liveCreatives: new LiveCreativeCache(db),
    traffic: new TrafficQuality({
      hosting: await loadHostingRanges(),
      ssaiProxies: config.traffic.ssaiProxies,
      rateLimit: config.traffic.adRequestsPerMinute,
      ...(config.traffic.countryDatabaseFile
        ? { country: createCountryLookup(config.traffic.countryDatabaseFile) }
        : {}),
      ...(options.clock ? { now: options.clock } : {}),
    }),
    files: objects.files,
    diskFiles: objects.diskFiles,
    background: new BackgroundTasks(log),
    reportBuilder: new ReportBuilder(),
    lifecycle: { draining: false },
    log,
  };
  app.decorate('adconsole', ctx);
  // Scheduled reports and other background work, shared by every process through the jobs table.
  const jobs = new JobRunner(ctx, [reportDeliveryJobs, expiredFileSweep, webhookDeliveries]);
  app.decorate('jobs', jobs);
  if (config.jobPollSeconds > 0) app.addHook('onReady', async () => jobs.start(config.jobPollSeconds * 1000));
  // One hook, in the order shutdown needs (Fastify runs separate onClose hooks last added first, which
  // once closed the database before the event writer's last flush): mail still on its way after its
  // answer, then the jobs, then events still held by the writer, then the stores.
  app.addHook('onClose', async () => {
    await ctx.background.settled();
    await jobs.stop();
    await ctx.reportBuilder.close();
    await ctx.events.writer.close();
    if (clickhouse) await clickhouse.close();
    if (ownsDb) await db.close();
  });

  await app.register(fastifyCookie);
  // Answers above 1 KB (JSON, VAST, CSV) go out in brotli or gzip as the client accepts; the console's
  // files come pre-compressed from its build and carry their Content-Encoding already, so they pass.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // While the process drains (SIGTERM, http/drain.ts) every answer closes its connection, so the load
  // balancer opens its next one to another process.
  app.addHook('onSend', async (_request, reply) => {
    if (ctx.lifecycle.draining) reply.header('Connection', 'close');
  });

  // CSRF: every state-changing request, whatever its path looks like before the router decodes it,
  // needs the console's origin or the header a cross-site form cannot send. Only routes that declare
  // themselves callable from any page (ad serving) are exempt.
  const publicOrigin = originOf(config.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || request.routeOptions.config.csrf === false) return;
    if (bearerSkipsCsrf(request)) return;
    if (request.headers['x-requested-with'] === 'adconsole') return;
    if (request.headers.origin === publicOrigin) return;
    throw ApiError.of(403, MESSAGES.csrfRefused);
  });

  const policy = consolePolicy(config);
  const https = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.routeOptions.config.embeddable) return;
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', policy);
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let body: ApiErrorBody;
    if (error instanceof ApiError) {
      body = error.toJSON();
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      body = {
        status: error.statusCode,
        code: codeForStatus(error.statusCode),
        message: frameworkMessage(error),
      };
    } else {
      request.log.error({ err: error }, 'request failed');
      body = {
        status: 500,
        code: codeForStatus(500),
        message: MESSAGES.serverError,
      };
    }
    const retryAfter = retryAfterOf(error, body.status);
    if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
    return reply.code(body.status).type('application/json; charset=utf-8').send(body);
  });

  registerJsonParser(app);
  const routes: RouteDef[] = allRoutes;
  const plain = routes.filter((route) => !route.call.multipart);
  for (const route of plain) app.route(apiRoute(route, ctx));
  // multipart/form-data is parsed only where a call declares it (the asset upload); everywhere else it
  // is an unsupported content type, so no handler can be fed form fields it does not expect.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 20, fields: 50, fieldSize: 1024 * 1024, parts: 80 },
    });
    for (const route of routes.filter((r) => r.call.multipart)) scope.route(apiRoute(route, ctx));
  });

  registerUploads(app, ctx);
  registerReportMailLinks(app, ctx);
  await registerSignedFiles(app, ctx);
  registerServing(app, ctx);
  const openApi = buildOpenApi(routes, config);
  app.get('/api/openapi.json', async () => openApi);

  const consoleExists = existsSync(path.join(config.consoleDir, 'index.html'));
  const consoleFiles = consoleExists
    ? await registerConsoleFiles(app, config.consoleDir, {
        config: publicConfigOf(config),
        publicUrl: config.publicUrl,
      })
    : undefined;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      consoleFiles &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !pathname.startsWith('/serve')
    ) {
      return consoleFiles.sendPage(request, reply);
    }
    return reply
      .code(404)
      .send({ status: 404, code: codeForStatus(404), message: notFoundMessage(request.method, pathname) });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    adconsole: Context;
    jobs: JobRunner;
  }
}

const hasQuery = (request: FastifyRequest) => Object.keys((request.query ?? {}) as object).length > 0;

/** The request's input: the query of GET and DELETE (a DELETE's JSON body wins), the JSON body of POST and PUT. */
function rawInput(route: RouteDef, request: FastifyRequest): unknown {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  if (route.call.method === 'GET') return query;
  if (route.call.method === 'DELETE') {
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...query, ...body } : query;
  }
  if (hasQuery(request)) throw ApiError.of(400, MESSAGES.queryOnBodyCall);
  return body === undefined || body === null ? {} : body;
}

/** Checks a handler's answer against the contract's schema: a mismatch is the server's bug, not the client's. */
function checkedAnswer(route: RouteDef, data: unknown, request: FastifyRequest): unknown {
  const parsed = z.safeParse(route.call.answer, data);
  if (parsed.success) return parsed.data;
  request.log.error(
    { issues: parsed.error.issues, path: route.call.path },
    'answer does not match the contract',
  );
  throw new Error(`The answer of ${route.call.method} ${route.call.path} does not match its contract`);
}

function apiRoute(route: RouteDef, ctx: Context) {
  const apiScope = routeScope(route.call, route.access);
  return {
    method: route.call.method,
    url: `/api${route.call.path}`,
    // Public calls read small bodies (http/request-bodies.ts); a route may name its own limit.
    ...(route.bodyLimit !== undefined
      ? { bodyLimit: route.bodyLimit }
      : route.access === 'public'
        ? { bodyLimit: PUBLIC_BODY_LIMIT }
        : {}),
    // Per address, only on public calls (where the caller has no identity), before the body is read;
    // counted in the database like the limits on an identity (services/identity/address-limit.ts), so it holds
    // across API processes.
    ...(route.perIpLimit === undefined
      ? {}
      : {
          onRequest: async (request: FastifyRequest) =>
            countAddressCall(
              ctx,
              `${route.call.method} ${route.call.path}`,
              request.ip,
              route.perIpLimit ?? 0,
            ),
        }),
    config: {
      ...(apiScope === undefined ? {} : { apiScope }),
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // A bearer token speaks for its owner on the calls its scopes allow (http/bearer.ts); else the cookie.
      const bearer = bearerSecret(request);
      const secret = sessionSecret(request);
      const user =
        bearer !== undefined
          ? await bearerUser(ctx, apiScope, bearer)
          : secret === undefined
            ? undefined
            : await findSession(ctx.db, secret);
      if (route.access !== 'public' && user === undefined) throw ApiError.of(401, MESSAGES.notSignedIn);
      if (route.access === 'admin' && user?.role !== 'admin') {
        throw ApiError.of(403, MESSAGES.onlyAdministrators);
      }
      let input: unknown;
      if (!route.call.multipart) {
        const raw = rawInput(route, request);
        const problem = textProblem(raw);
        if (problem) throw ApiError.of(400, problem);
        input = raw;
        if (route.call.input) {
          const parsed = z.safeParse(route.call.input, raw);
          if (!parsed.success) throw validationError(parsed.error);
          input = parsed.data;
        }
      }
      if (route.perIdentityLimit) {
        const { max, by } = route.perIdentityLimit;
        const key = identityKey(`${route.call.method} ${route.call.path}`, by, user, input);
        if (key !== undefined) await countIdentityCall(ctx.db, key, max);
      }
      const result = await inRequestScope(`${route.call.method} ${route.call.path}`, () =>
        route.handler({ input: input as never, request, reply, user: user as never, ctx }),
      );
      const status = route.successStatus ?? 200;
      if (result instanceof WithExtras) {
        const extras = Object.fromEntries(
          Object.entries(result.extras).map(([key, value]) => {
            const schema = route.call.extras?.[key];
            return [key, schema ? z.parse(schema, value) : value];
          }),
        );
        return reply
          .code(status)
          .send({ ...extras, status, data: checkedAnswer(route, result.data, request) });
      }
      return reply.code(status).send({ status, data: checkedAnswer(route, result ?? null, request) });
    },
  };
}
