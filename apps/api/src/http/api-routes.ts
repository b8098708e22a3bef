// The API's routes under /api, each from its declaration (http/routes.ts): who may call it (session
// cookie or bearer token, role), its limits per address and per identity, its input read and checked
// against the contract, and its answer checked against the contract too.
import { ApiError, CLIENT_MESSAGES, clientMayCall, MAX_UPLOAD_BYTES, MESSAGES } from '@adconsole/domain';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Context } from '../context';
import { type AuditCall, actorInCall } from '../services/audit/record';
import { normalizeClientAddress } from '../services/client-address';
import { countAddressCall } from '../services/identity/address-limit';
import { countIdentityCall, identityKey } from '../services/identity/identity-limit';
import { findSession } from '../services/identity/sessions';
import { textProblem, validationError } from '../services/validation';
import { bearerSecret, bearerUser, routeScope } from './bearer';
import { sessionSecret } from './cookies';
import { PUBLIC_BODY_LIMIT, registerJsonParser } from './request-bodies';
import { type RouteDef, WithExtras } from './routes';

/** Registers every declared route: JSON ones on the app, multipart ones in a scope of their own. */
export async function registerApiRoutes(
  app: FastifyInstance,
  ctx: Context,
  routes: RouteDef[],
): Promise<void> {
  registerJsonParser(app);
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
              normalizeClientAddress(request.ip),
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
      // The one rule of client access (docs/security.md, "Client access"): a client calls only the
      // signed-in routes that declare what it may do there; public ones are anyone's.
      if (route.access !== 'public' && user?.role === 'client' && !clientMayCall(route.clients)) {
        throw ApiError.of(403, CLIENT_MESSAGES.notForClients);
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
      // The call the handler's changes are audited under (services/audit/record.ts).
      const call: AuditCall = { route: `${route.call.method} ${route.call.path}` };
      const actor = user === undefined ? undefined : actorInCall(user, call);
      const result = await route.handler({
        input: input as never,
        request,
        reply,
        user: actor as never,
        ctx,
        call,
      });
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
