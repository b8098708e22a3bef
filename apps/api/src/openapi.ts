// The OpenAPI 3.1 document of the whole API, generated from the same zod schemas that validate
// requests (zod 4's z.toJSONSchema emits JSON Schema 2020-12, which OpenAPI 3.1 uses as is).
import {
  apiErrorBodySchema,
  CODED_EVENT_KINDS,
  COUNTED_EVENT_TYPES,
  servedAdSchema,
} from '@adconsole/domain';
import { z } from 'zod';
import type { Config } from './config';
import { routeScope } from './http/bearer';
import type { RouteDef } from './http/routes';
import type { IdentityKind } from './services/identity-limit';

const IDENTITY_WORDS: Record<IdentityKind, string> = {
  user: 'by one user',
  sharedToken: 'with one share link',
  email: 'for one e-mail address',
};

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
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

/** The ad-serving routes (cookieless, CORS-open, not enveloped), documented beside the console's API. */
function servingPaths(): Record<string, Record<string, unknown>> {
  const liveFile = (extension: string) => ({
    name: 'file',
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: `The live creative's id and .${extension}.`,
  });
  const tagQuery = [
    {
      name: 'click',
      in: 'query',
      schema: { type: 'string' },
      description: "The platform's expanded click macro: the click-through goes through it.",
    },
    { name: 'cb', in: 'query', schema: { type: 'string' }, description: 'Cache-buster.' },
    { name: 'deal_id', in: 'query', schema: { type: 'string' } },
    { name: 'fallback_id', in: 'query', schema: { type: 'string' } },
  ];
  /** Every tracking type: the counted events, and the pings counted per code (docs/serving.md). */
  const TRACKED_TYPES = [...COUNTED_EVENT_TYPES, ...CODED_EVENT_KINDS];
  const codeQuery = {
    name: 'code',
    in: 'query',
    schema: { type: 'string' },
    description:
      'error: the VAST error code ([ERRORCODE]; missing or unknown counts as 900); verificationNotExecuted: the [REASON] (1-3).',
  };
  const impressionQuery = ['l', 'i', 's'].map((name) => ({
    name,
    in: 'query',
    schema: { type: 'string' },
    description: { l: 'Live creative id.', i: 'The signed impression id.', s: "The impression's signature." }[
      name
    ],
  }));
  const serving = (summary: string, extra: Record<string, unknown>) => ({
    tags: ['Ad serving'],
    summary,
    security: [],
    ...extra,
  });
  return {
    '/serve/init.js': {
      get: serving('The ad runtime (@adconsole/ad-runtime) that banner tags load; revalidated by its ETag.', {
        operationId: 'getServeInitJs',
        responses: { '200': { description: 'JavaScript.' }, '304': { description: 'Not modified.' } },
      }),
    },
    '/serve/ad/{file}': {
      get: serving(
        'What the runtime renders for one live creative, with a fresh signed impression (never cached).',
        {
          operationId: 'getServeAd',
          parameters: [liveFile('json'), ...tagQuery],
          responses: {
            '200': {
              description: "The served ad (the domain's servedAdSchema).",
              content: { 'application/json': { schema: toSchema(servedAdSchema, 'output') } },
            },
            '404': { description: 'No live creative with this id is serving.' },
          },
        },
      ),
    },
    '/serve/vast/{file}': {
      get: serving(
        'VAST 4.2 for one live creative; an empty <VAST version="4.2"/> (200) when it is unknown or removed.',
        {
          operationId: 'getServeVast',
          parameters: [liveFile('xml'), ...tagQuery],
          responses: { '200': { description: 'VAST 4.2 XML.', content: { 'application/xml': {} } } },
        },
      ),
    },
    '/serve/vpaid/{file}': {
      get: serving(
        'VAST 4.2 with the VPAID JavaScript MediaFile beside the video (.xml), or the VPAID script itself (.js).',
        {
          operationId: 'getServeVpaid',
          parameters: [liveFile('xml or .js'), ...tagQuery],
          responses: { '200': { description: 'VAST XML, or the script.' } },
        },
      ),
    },
    '/serve/t/{type}': {
      get: serving(
        'Counts one event of a signed impression (once per impression and type; errors and verifications not executed once per impression and code); answers a 1×1 GIF, or 204 with r=204.',
        {
          operationId: 'getServeTrack',
          parameters: [
            { name: 'type', in: 'path', required: true, schema: { enum: TRACKED_TYPES } },
            ...impressionQuery,
            codeQuery,
          ],
          responses: { '200': { description: 'A 1×1 GIF, after the event is committed (or not counted).' } },
        },
      ),
      post: serving(
        'The same as a beacon (navigator.sendBeacon): 204 after the event is committed (or not counted).',
        {
          operationId: 'postServeTrack',
          parameters: [
            { name: 'type', in: 'path', required: true, schema: { enum: TRACKED_TYPES } },
            ...impressionQuery,
            codeQuery,
          ],
          responses: {
            '204': {
              description: 'Committed, or not counted (bad signature, unknown or removed live creative).',
            },
          },
        },
      ),
    },
    '/serve/click/{liveID}': {
      get: serving(
        "Counts a click (once per impression) and redirects to the landing page through the platform's click tracker.",
        {
          operationId: 'getServeClick',
          parameters: [
            { name: 'liveID', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'i', in: 'query', schema: { type: 'string' } },
            { name: 's', in: 'query', schema: { type: 'string' } },
            {
              name: 'c',
              in: 'query',
              schema: { type: 'string' },
              description: "The platform's click prefix, covered by the signature.",
            },
          ],
          responses: {
            '302': { description: 'To the landing page.' },
            '204': { description: 'No landing page, or not serving.' },
          },
        },
      ),
    },
    '/serve/h5/{liveID}/{path}': {
      get: serving("A file of an HTML5 creative's ZIP.", {
        operationId: 'getServeHtml5',
        parameters: [
          { name: 'liveID', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'path', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'The file.' }, '404': { description: 'No such file.' } },
      }),
    },
    '/serve/files/{file}': {
      get: serving('A file a served ad loads (video, image): public assets only, with byte ranges.', {
        operationId: 'getServeFile',
        parameters: [
          { name: 'file', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'Range', in: 'header', schema: { type: 'string' }, description: 'One byte range.' },
        ],
        responses: {
          '200': { description: 'The file.' },
          '206': { description: 'The byte range asked for.' },
          '404': { description: 'No such public file.' },
          '416': { description: 'The range is outside the file.' },
        },
      }),
    },
    '/serve/demo': {
      get: serving("A publisher's page with the demo campaign's ads live.", {
        operationId: 'getServeDemo',
        responses: { '200': { description: 'HTML.' } },
      }),
    },
    '/serve/health': {
      get: serving('Does nothing: a health check for load balancers.', {
        operationId: 'getServeHealth',
        responses: { '204': { description: 'Up.' } },
      }),
    },
  };
}
