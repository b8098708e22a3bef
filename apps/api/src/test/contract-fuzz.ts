// The contract fuzzer: reads the API's own description (/api/openapi.json), as an outside client would,
// and sends every operation requests made from its schemas: plausible values first, then mutations
// (impossible dates, control characters, lone surrogates, deep nesting, huge and negative numbers,
// wrong types, duplicate keys, long strings, other users' ids). What must hold for every request: no
// 5xx, an answer within a bound, and an error in the envelope with a message. What must hold after the
// run: nothing of another owner changed. A seed makes a run repeatable; `routes/contract-fuzz.test.ts`
// runs a fixed sample in `npm test`, `npm run test:fuzz` a long one (docs/testing.md).
import { mulberry32 } from '../services/demo/seeded-random';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  schema?: JsonSchema;
}

/** One operation of the document: where it is, and the schemas of what it reads. */
export interface FuzzOperation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
}

export function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      };
      const [contentType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        ...(contentType && content ? { body: { contentType, schema: content.schema } } : {}),
      });
    }
  }
  return operations;
}

/** Ids that are somebody's: the fuzzing user's own (to reach deep into a call) and another owner's. */
export interface FuzzIds {
  own: string[];
  others: string[];
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** A value a field of this name probably takes, when its schema alone cannot say (patterns, ids). */
function namedValue(name: string, random: Random, ids: FuzzIds): unknown {
  const lower = name.toLowerCase();
  if (/(^|_)(id|ids)$|id$|ids$|token$|^l$|^i$/.test(lower) || lower.endsWith('liveids')) {
    return pick(random, random() < 0.5 ? ids.others : ids.own);
  }
  if (lower === 'start_dt') return '2026-03-01 00:00:00';
  if (lower === 'end_dt') return '2026-03-07 23:59:59';
  if (lower === 'tzoffset') return pick(random, ['+00:00', '+05:45', '-03:30']);
  if (lower === 'timezone') return pick(random, ['UTC', 'Europe/Berlin', 'Asia/Kathmandu']);
  if (lower.includes('email') || lower === 'username')
    return `fuzz.${Math.floor(random() * 1e6)}@adconsole.test`;
  if (lower.includes('url') || lower === 'page' || lower === 'click') return 'https://example.com/landing';
  if (lower.includes('date')) return '2026-03-01';
  return undefined;
}

/** A plausible value of a schema: what a well-meaning client would send. */
function plausibleValue(
  schema: JsonSchema | undefined,
  random: Random,
  ids: FuzzIds,
  name = '',
  depth = 0,
): unknown {
  if (!schema || depth > 6) return null;
  const named = namedValue(name, random, ids);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(random, schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0)
    return plausibleValue(pick(random, choices), random, ids, name, depth + 1);
  if (schema.allOf?.[0]) return plausibleValue(schema.allOf[0], random, ids, name, depth + 1);
  const type = Array.isArray(schema.type) ? pick(random, schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random() < 0.6)
          value[key] = plausibleValue(property, random, ids, key, depth + 1);
      }
      return value;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, Math.floor(random() * 3));
      return Array.from({ length: count }, () => plausibleValue(schema.items, random, ids, name, depth + 1));
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? 0;
      const high = Math.min(schema.maximum ?? low + 100, low + 1000);
      const value = low + random() * (high - low);
      return type === 'integer' ? Math.round(value) : value;
    }
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    case 'string': {
      if (typeof named === 'string') return named;
      if (schema.format === 'date-time') return '2026-03-01T10:15:00Z';
      if (schema.format === 'email') return `fuzz@adconsole.test`;
      if (schema.format === 'uri') return 'https://example.com/';
      const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
      return 'fuzz-value-x'.padEnd(length, 'x').slice(0, length);
    }
    default:
      return named ?? 'fuzz';
  }
}

/** What a hostile or broken client sends instead of a value. */
const BAD_VALUES: readonly unknown[] = [
  '2026-02-30 00:00:00',
  '2026-04-31',
  '9999-12-31 23:59:59',
  'a\u0000b',
  'a\u0001b\u001f',
  'broken \ud800 half',
  '\udc00',
  'x'.repeat(20_000),
  '',
  ' ',
  -1,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  3.5,
  0,
  true,
  null,
  [],
  {},
  [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]],
  '../../etc/passwd',
  "'; drop table users; --",
  '%00',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil")',
];

/** A plausible value with one field (at any depth) replaced by a bad one, or dropped, or a wrong type. */
function mutatedValue(value: unknown, random: Random, ids: FuzzIds): unknown {
  if (value === null || typeof value !== 'object') return pick(random, BAD_VALUES);
  if (Array.isArray(value)) {
    if (value.length === 0 || random() < 0.3) return [...value, pick(random, BAD_VALUES)];
    const copy = [...value];
    const index = Math.floor(random() * copy.length);
    copy[index] = mutatedValue(copy[index], random, ids);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const roll = random();
  if (keys.length === 0 || roll < 0.1)
    copy[`unknown_${Math.floor(random() * 100)}`] = pick(random, BAD_VALUES);
  else if (roll < 0.2) delete copy[pick(random, keys)];
  else if (roll < 0.35) copy[pick(random, keys)] = pick(random, ids.others);
  else {
    const key = pick(random, keys);
    copy[key] = mutatedValue(copy[key], random, ids);
  }
  return copy;
}

/** A JSON text of a value, sometimes with a key written twice or nested far too deep. */
function jsonText(value: unknown, random: Random): string {
  const text = JSON.stringify(value) ?? 'null';
  const roll = random();
  if (roll < 0.05) return `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
  if (roll < 0.1 && text.startsWith('{"')) {
    const key = text.slice(1, text.indexOf(':'));
    return `{${key}:"first",${text.slice(1)}`;
  }
  return text;
}

/**
 * A path segment as a client would send it; a lone surrogate, which no URL can carry as text, becomes
 * its invalid UTF-8 bytes (ED A0 80), which a broken client could still send.
 */
const pathSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .replace(/[\ud800-\udfff]/g, '%ED%A0%80')
      .replace(/[^A-Za-z0-9%._~-]/g, (c) => encodeURIComponent(c));
  }
};

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One request for an operation: plausible or (most often) mutated, from the seeded random. */
function requestFor(operation: FuzzOperation, random: Random, ids: FuzzIds, origin: string): FuzzRequest {
  const mutate = random() < 0.8;
  const headers: Record<string, string> = {
    'X-Requested-With': 'adconsole',
    'User-Agent':
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    // A new address each time: the per-address limits would otherwise answer most requests 429.
    'X-Forwarded-For': `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${1 + Math.floor(random() * 250)}`,
  };
  const query = new URLSearchParams();
  let path = operation.path;
  for (const parameter of operation.parameters) {
    let value = plausibleValue(parameter.schema, random, ids, parameter.name);
    if (mutate && random() < 0.4) value = pick(random, BAD_VALUES);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, pathSegment(text ?? ''));
    else if (parameter.in === 'query' && (value !== undefined || random() < 0.5))
      query.set(parameter.name, text ?? '');
  }
  let body: string | undefined;
  if (operation.body?.contentType === 'application/json') {
    const plausible = plausibleValue(operation.body.schema, random, ids);
    const value = mutate ? mutatedValue(plausible, random, ids) : plausible;
    headers['Content-Type'] = 'application/json';
    body = jsonText(value, random);
  } else if (operation.body) {
    // A multipart call (the asset upload) gets its text fields as a form, files left out.
    const plausible = plausibleValue(operation.body.schema, random, ids) as Record<string, unknown>;
    const boundary = `fuzz${Math.floor(random() * 1e9)}`;
    headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    body = `${Object.entries(mutate ? (mutatedValue(plausible, random, ids) as object) : plausible)
      .map(
        ([key, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
  }
  const search = query.toString();
  return {
    method: operation.method,
    url: `${origin}${path}${search ? `?${search}` : ''}`,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

export interface FuzzResult {
  sent: number;
  byStatus: Record<number, number>;
  failures: string[];
  slowestMs: number;
  slowest: string;
}

/**
 * Sends `count` requests over the operations (in turn, so every operation gets its share), each as
 * `cookie`'s user (or nobody, now and then), and reports every 5xx, every answer slower than
 * `boundMs`, and every error answer outside the envelope.
 */
export async function runFuzz(options: {
  origin: string;
  operations: readonly FuzzOperation[];
  ids: FuzzIds;
  cookie: string;
  seed: number;
  count: number;
  boundMs: number;
}): Promise<FuzzResult> {
  const random = mulberry32(options.seed);
  const result: FuzzResult = { sent: 0, byStatus: {}, failures: [], slowestMs: 0, slowest: '' };
  for (let index = 0; index < options.count; index += 1) {
    const operation = options.operations[index % options.operations.length] as FuzzOperation;
    const request = requestFor(operation, random, options.ids, options.origin);
    if (random() < 0.9) request.headers.Cookie = options.cookie;
    const label = `${request.method} ${request.url.slice(options.origin.length, options.origin.length + 160)}`;
    const started = performance.now();
    let status: number;
    let text: string;
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        redirect: 'manual',
        ...(request.body !== undefined && request.method !== 'GET' ? { body: request.body } : {}),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // A URL fetch itself refuses (a lone surrogate cannot be encoded) never reached the server.
      if (
        error instanceof TypeError &&
        /URI|Invalid URL|ByteString/i.test(String(error.cause ?? error.message))
      )
        continue;
      result.failures.push(`${label}: no answer (${String(error)})`);
      continue;
    }
    const elapsed = performance.now() - started;
    result.sent += 1;
    result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
    if (elapsed > result.slowestMs) {
      result.slowestMs = elapsed;
      result.slowest = label;
    }
    if (status >= 500) result.failures.push(`${label}: ${status} ${text.slice(0, 200)}`);
    if (elapsed > options.boundMs) result.failures.push(`${label}: answered in ${Math.round(elapsed)} ms`);
    const json = request.url.includes('/api/') && !request.url.includes('/api/uploads/');
    if (json && status >= 400 && status < 500) {
      let envelope: { status?: number; message?: unknown } = {};
      try {
        envelope = JSON.parse(text) as typeof envelope;
      } catch {
        // reported below
      }
      if (envelope.status !== status || typeof envelope.message !== 'string' || envelope.message === '')
        result.failures.push(`${label}: ${status} outside the envelope: ${text.slice(0, 200)}`);
    }
  }
  return result;
}
