// The OpenAPI 3.1 document of the whole API, generated from the same zod schemas that validate
// requests (zod 4's z.toJSONSchema emits JSON Schema 2020-12, which OpenAPI 3.1 uses as is).
import { z } from 'zod';
import type { Config } from './config';
import type { RouteDef } from './http/routes';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
};

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'integer', description: 'Equals the HTTP status.' },
    message: {
      type: 'string',
      description: 'A message a person can read; several messages are joined by newlines.',
    },
    errors: { type: 'array', items: { type: 'string' }, description: 'Each validation message on its own.' },
  },
};

const commonErrors: Record<number, string> = {
  400: 'Invalid input: the message lists what to fix.',
  403: 'Refused: not allowed, or a state-changing call without the console origin or X-Requested-With: adconsole.',
};

export function buildOpenApi(routes: readonly RouteDef[], config: Config): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const url = `/api${route.path}`;
    const operation: Record<string, unknown> = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      security: route.access === 'public' ? [] : [{ session: [] }],
    };
    if (route.input) {
      const schema = toSchema(route.input, 'input');
      if (route.method === 'GET') {
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
    if (route.multipart) {
      operation.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: toSchema(route.multipart, 'input') } },
      };
    }
    const status = route.successStatus ?? 200;
    const responses: Record<string, unknown> = {
      [String(status)]: route.raw
        ? {
            description: 'The file.',
            content: { [route.raw.contentType]: { schema: { type: 'string', format: 'binary' } } },
          }
        : {
            description: 'Success.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['status', 'data'],
                  properties: {
                    status: { type: 'integer', const: status },
                    data: toSchema(route.answer, 'output'),
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
      ...(route.perIpLimit === undefined
        ? {}
        : ({ 429: `More than ${route.perIpLimit} calls from one address in 15 minutes.` } as Record<
            number,
            string
          >)),
    };
    for (const [code, description] of Object.entries(errors)) {
      responses[code] = {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    operation.responses = responses;
    paths[url] = { ...(paths[url] ?? {}), [route.method.toLowerCase()]: operation };
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
          description: 'The file, with its content type and X-Content-Type-Options: nosniff.',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        '404': {
          description: 'No such file, or not yours.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Adconsole API',
      version: '0.1.0',
      description:
        'Campaign management and ad-tag API. Every JSON answer is the envelope {status, data} with the HTTP status equal to status; errors are {status, message, errors?}. State-changing calls need the console origin or the header X-Requested-With: adconsole.',
    },
    servers: [{ url: config.publicUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'adconsole_session' } },
    },
  };
}
