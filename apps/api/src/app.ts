// The HTTP application: envelope and error handling, CSRF defence, sessions, the API routes under
// /api, files under /api/uploads, the OpenAPI document, and the built console with an SPA fallback.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ApiError as DomainApiError } from '@adconsole/domain';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config';
import type { Context } from './context';
import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { ApiError, codeForStatus, type ErrorEnvelope } from './http/errors';
import { type RouteDef, WithExtras } from './http/routes';
import { containsNul, NUL_MESSAGE, validationError } from './http/validation';
import { buildOpenApi } from './openapi';
import { allRoutes } from './routes/index';
import { registerUploads } from './routes/uploads';
import { MAX_UPLOAD_BYTES } from './services/assets';
import { createMailer } from './services/mail';
import { findSession, sessionSecret } from './services/sessions';
import { createDiskStorage, createS3Storage, type Storage } from './services/storage';

export interface AppOptions {
  /** An open, migrated database; when absent the app opens and migrates the configured one and closes it on close. */
  db?: Database;
  storage?: Storage;
  /** Fastify logging; tests turn it off. */
  logger?: boolean;
}

export async function prepareDatabase(config: Config): Promise<Database> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await migrate(db);
  return db;
}

export const TOO_MANY_REQUESTS = 'Too many requests from your address. Please wait 15 minutes and try again.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Readable messages for the framework's own 4xx errors (bad JSON, wrong content type, size limits). */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON (application/json) or, for uploads, multipart/form-data.';
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

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // One line per request is noise for a console server; errors and mail links are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Only behind a proxy that sets X-Forwarded-For may it be trusted: the sign-in limit counts per IP.
    trustProxy: config.trustProxy,
  });
  const ownsDb = options.db === undefined;
  const db = options.db ?? (await prepareDatabase(config));
  const ctx: Context = {
    config,
    db,
    storage:
      options.storage ??
      (config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, 'files'))),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: `Adconsole <no-reply@${config.companyDomain}>`,
      log: (line) => app.log.info(line),
    }),
    log: (line) => app.log.info(line),
  };
  if (ownsDb) app.addHook('onClose', async () => db.close());

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 50, fieldSize: 1024 * 1024, parts: 80 },
  });

  // Per-process, in memory: a second line of defence for calls that send mail or take tokens. The
  // sign-in limit, which must hold across processes, lives in the database (services/login-limit.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, TOO_MANY_REQUESTS),
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.headers['x-requested-with'] === 'adconsole') return;
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin === publicOrigin) return;
    throw new ApiError(
      403,
      'Request refused: changes must come from the console (same origin, or the header X-Requested-With: adconsole).',
    );
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });

  app.setErrorHandler((error: FastifyError | ApiError | DomainApiError, request, reply) => {
    let body: ErrorEnvelope;
    if (error instanceof ApiError) {
      body = {
        status: error.status,
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      };
    } else if (error instanceof DomainApiError) {
      body = {
        status: error.status,
        code: error.code,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      };
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
        message: 'Something went wrong on our side. Please try again.',
      };
    }
    if (body.status === 429) reply.header('Retry-After', '900');
    return reply.code(body.status).type('application/json; charset=utf-8').send(body);
  });

  const routes: RouteDef[] = allRoutes;
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/api${route.path}`,
      ...(route.perIpLimit === undefined
        ? {}
        : { config: { rateLimit: { max: route.perIpLimit, timeWindow: 15 * 60 * 1000 } } }),
      handler: async (request, reply) => {
        const secret = sessionSecret(request);
        const user = secret === undefined ? undefined : await findSession(db, secret);
        if (route.access !== 'public' && user === undefined)
          throw new ApiError(401, 'You are not signed in.');
        if (route.access === 'admin' && user?.role !== 'admin') {
          throw new ApiError(403, 'Only administrators can do this.');
        }
        const query = (request.query ?? {}) as Record<string, unknown>;
        const body = request.body;
        let raw: unknown = query;
        if (route.method !== 'GET' && body !== undefined && body !== null) {
          raw =
            typeof body === 'object' && !Array.isArray(body) && !request.isMultipart()
              ? { ...query, ...body }
              : body;
        }
        if (containsNul(raw)) throw new ApiError(400, NUL_MESSAGE, [NUL_MESSAGE]);
        let input: unknown = raw;
        if (route.input) {
          const parsed = route.input.safeParse(raw);
          if (!parsed.success) throw validationError(parsed.error.issues);
          input = parsed.data;
        }
        const data = await route.handler({ input: input as never, request, reply, user, ctx });
        if (route.raw) return reply;
        const status = route.successStatus ?? 200;
        if (data instanceof WithExtras)
          return reply.code(status).send({ ...data.extras, status, data: data.data ?? null });
        return reply.code(status).send({ status, data: data ?? null });
      },
    });
  }

  registerUploads(app, ctx);
  const openApi = buildOpenApi(routes, config);
  app.get('/api/openapi.json', async () => openApi);

  const consoleExists = existsSync(path.join(config.consoleDir, 'index.html'));
  if (consoleExists) {
    await app.register(fastifyStatic, { root: config.consoleDir, prefix: '/', index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      consoleExists &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api')
    ) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ status: 404, code: codeForStatus(404), message: `Not found: ${request.method} ${pathname}` });
  });

  return app;
}
