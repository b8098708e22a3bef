// The OpenAPI 3.1 document of the whole API, generated from the same zod schemas that validate
// requests (zod 4's z.toJSONSchema emits JSON Schema 2020-12, which OpenAPI 3.1 uses as is).
import {
  apiErrorBodySchema,
  SERVE_REPEATED_QUERY,
  type ServeAnswer,
  type ServeAnswerKind,
  type ServeRouteContract,
  servingContract,
} from '@adconsole/domain';
import { z } from 'zod';
import type { Config } from './config';
import { routeScope } from './http/bearer';
import type { RouteDef } from './http/routes';
import type { IdentityKind } from './services/identity/identity-limit';

const IDENTITY_WORDS: Record<IdentityKind, string> = {
  user: 'by one user',
  sharedToken: 'with one share link',
  email: 'for one e-mail address',
};

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
};

/** The error body, from the domain's schema like every other answer. */
const errorSchema = (): JsonSchema => toSchema(apiErrorBodySchema, 'output');

const commonErrors: Record<number, string> = {
  400: 'Invalid input: the message lists what to fix.',
  403: 'Refused: not allowed, or a state-changing call without the console origin or X-Requested-With: adconsole.',
};

export function buildOpenApi(routes: readonly RouteDef[], config: Config): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { call } = route;
    const url = `/api${call.path}`;
    const scope = routeScope(call, route.access);
    const operation: Record<string, unknown> = {
      operationId: `${call.method.toLowerCase()}${call.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      security: route.access === 'public' ? [] : [{ session: [] }, ...(scope ? [{ apiToken: [scope] }] : [])],
      ...(scope ? { 'x-token-scope': scope } : {}),
      // What a client account may do here (docs/security.md, "Client access"); absent: nothing (403).
      ...(route.clients && route.access !== 'public' ? { 'x-clients': route.clients } : {}),
    };
    if (call.input && call.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              ...toSchema(call.input, 'input'),
              properties: {
                ...((toSchema(call.input, 'input').properties as object | undefined) ?? {}),
                'files[]': {
                  type: 'array',
                  items: { type: 'string', format: 'binary' },
                  description: 'The files (also accepted as `files`), after the text fields.',
                },
              },
            },
          },
        },
      };
    } else if (call.input) {
      const schema = toSchema(call.input, 'input');
      if (call.method === 'GET' || call.method === 'DELETE') {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const required = new Set((schema.required ?? []) as string[]);
        operation.parameters = Object.entries(properties).map(([name, property]) => ({
          name,
          in: 'query',
          required: required.has(name),
          schema: property,
        }));
      } else {
        operation.requestBody = { required: true, content: { 'application/json': { schema } } };
      }
    }
    const status = route.successStatus ?? 200;
    const extras = Object.entries(call.extras ?? {});
    const responses: Record<string, unknown> = {
      [String(status)]: {
        description: 'Success.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['status', 'data', ...extras.map(([name]) => name)],
              properties: {
                status: { type: 'integer', const: status },
                data: toSchema(call.answer, 'output'),
                ...Object.fromEntries(extras.map(([name, schema]) => [name, toSchema(schema, 'output')])),
              },
            },
          },
        },
      },
    };
    const errors: Record<number, string> = {
      ...commonErrors,
      ...(route.access === 'public' ? {} : ({ 401: 'Not signed in.' } as Record<number, string>)),
      ...(route.errors ?? {}),
      ...(route.perIpLimit === undefined && route.perIdentityLimit === undefined
        ? {}
        : ({
            429: [
              route.perIpLimit === undefined
                ? undefined
                : `More than ${route.perIpLimit} calls from one address in 15 minutes.`,
              route.perIdentityLimit === undefined
                ? undefined
                : `More than ${route.perIdentityLimit.max} calls ${IDENTITY_WORDS[route.perIdentityLimit.by]} in 15 minutes, from any address (Retry-After says when to try again).`,
            ]
              .filter(Boolean)
              .join(' '),
          } as Record<number, string>)),
      ...(scope
        ? ({
            401: 'Not signed in, or the API token is unknown, revoked or its owner removed.',
            403: `Refused: not allowed, a token without the scope ${scope}, or a state-changing call with the session cookie but without the console origin or X-Requested-With: adconsole.`,
            429: `More than ${config.apiTokenRequestsPerMinute} calls a minute with one API token (Retry-After says when to try again).`,
          } as Record<number, string>)
        : {}),
    };
    for (const [code, description] of Object.entries(errors)) {
      responses[code] = {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    operation.responses = responses;
    paths[url] = { ...(paths[url] ?? {}), [call.method.toLowerCase()]: operation };
  }
  paths['/api/uploads/{file}'] = {
    get: {
      operationId: 'getUpload',
      summary:
        'Fetch a stored file: an asset (public, used by ad tags) or a generated file such as a tag sheet (its owner only).',
      tags: ['Files'],
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          schema: { type: 'string' },
          description: 'The file name the API answered, may contain slashes.',
        },
      ],
      responses: {
        '200': {
          description:
            'The file, streamed, with its content type, Content-Length, an ETag (304 on If-None-Match) and Accept-Ranges: bytes. Images and video show inline; every other type is an attachment. A sandboxing Content-Security-Policy keeps any file from running as a page.',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        '206': {
          description:
            'One byte range of the file (a `Range: bytes=start-end` request), with Content-Range; video players seek this way.',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        '416': {
          description: 'The range is outside the file (Content-Range: bytes */size).',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        '404': {
          description: 'No such file, or not yours.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
  Object.assign(paths, servingPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'Adconsole API',
      version: '0.1.0',
      description:
        'Campaign management and ad-tag API. Every JSON answer is the envelope {status, data} with the HTTP status equal to status; errors are {status, code, message, errors?}. State-changing calls need the console origin or the header X-Requested-With: adconsole. GET and DELETE take their input from the query string, POST and PUT from the JSON body (never from the query string).',
    },
    servers: [{ url: config.publicUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema() },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'adconsole_session' },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token (`Authorization: Bearer adc_...`), made on the profile screen or with POST /api/v1/tokens. Accepted only by operations whose security lists it, with the scope shown there (also in `x-token-scope`); it acts as its owner. No CSRF header is needed when the request carries no cookie.',
        },
      },
    },
  };
}

/** The body of each kind of serving answer that has one: its media type and schema. */
const SERVE_MEDIA: Record<Exclude<ServeAnswerKind, 'redirect' | 'empty'>, () => Record<string, unknown>> = {
  json: () => ({}),
  error: () => ({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } }),
  javascript: () => ({ 'text/javascript': { schema: { type: 'string' } } }),
  xml: () => ({ 'application/xml': { schema: { type: 'string' } } }),
  html: () => ({ 'text/html': { schema: { type: 'string' } } }),
  pixel: () => ({ 'image/gif': { schema: { type: 'string', format: 'binary' } } }),
  file: () => ({ '*/*': { schema: { type: 'string', format: 'binary' } } }),
};

/** One serving answer: its description, its body's media types, and Location for a redirect. */
function servingAnswer(answer: ServeAnswer): JsonSchema {
  const content: Record<string, unknown> = {};
  for (const kind of ([] as ServeAnswerKind[]).concat(answer.kind)) {
    if (kind === 'json' && answer.schema) {
      content['application/json'] = { schema: toSchema(answer.schema, 'output') };
    } else if (kind !== 'redirect' && kind !== 'empty') Object.assign(content, SERVE_MEDIA[kind]());
  }
  const redirect = ([] as ServeAnswerKind[]).concat(answer.kind).includes('redirect');
  return {
    description: answer.description,
    ...(redirect
      ? { headers: { Location: { description: 'Where the browser goes.', schema: { type: 'string' } } } }
      : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

/** The OpenAPI parameters of a zod object: each property's description on the parameter. */
function parametersOf(schema: z.core.$ZodObject | undefined, where: 'path' | 'query' | 'header') {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description === undefined ? {} : { description }),
      schema: rest,
    };
  });
}

/**
 * The ad-serving routes (cookieless, CORS-open, not enveloped), documented beside the console's API
 * from the domain's serving contract, the same entries the server registers them from.
 */
function servingPaths(
  contract: Readonly<Record<string, ServeRouteContract>> = servingContract,
): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of Object.values(contract)) {
    const parameters = [
      ...parametersOf(entry.params, 'path'),
      ...parametersOf(entry.query, 'query'),
      ...parametersOf(entry.headers, 'header'),
    ];
    paths[entry.path] = {
      ...(paths[entry.path] ?? {}),
      [entry.method.toLowerCase()]: {
        operationId: entry.operationId,
        summary: entry.summary,
        ...(entry.query ? { description: SERVE_REPEATED_QUERY } : {}),
        tags: ['Ad serving'],
        security: [],
        ...(parameters.length > 0 ? { parameters } : {}),
        responses: Object.fromEntries(
          Object.entries(entry.answers).map(([status, answer]) => [status, servingAnswer(answer)]),
        ),
      },
    };
  }
  return paths;
}
