// A fuzz pass over every endpoint: wrong types, missing fields, huge strings, unknown fields and
// malformed bodies must all be answered with a 4xx and a readable message, never a 5xx.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mulberry32 } from '../services/demo/seeded-random';
import { type Client, startServer, type TestServer, testDatabaseKind } from '../test/harness';
import { signedInAdmin } from '../test/helpers';
import { allRoutes } from './index';

const HUGE = 'x'.repeat(200_000);
const wrongValues: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  3.5,
  '',
  ' ',
  HUGE,
  [],
  [1, 'a'],
  {},
  { nested: { deep: [null] } },
  'new_abcdefghijklmn',
  '../../etc/passwd',
  "'; drop table users; --",
  '\u0000\uffff',
  '2026-13-45',
];

function fieldNames(schema: z.core.$ZodType | undefined): string[] {
  if (!schema) return ['id', 'campaignID', 'name'];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    allOf?: { properties?: Record<string, unknown> }[];
  };
  const properties = {
    ...(json.properties ?? {}),
    ...Object.assign({}, ...(json.allOf ?? []).map((part) => part.properties ?? {})),
  };
  const names = Object.keys(properties);
  return names.length > 0 ? names : ['id'];
}

interface Probe {
  label: string;
  query?: string;
  body?: unknown;
  raw?: { contentType: string; payload: string };
}

function probesFor(fields: string[], random: () => number, method: string): Probe[] {
  const pick = () => wrongValues[Math.floor(random() * wrongValues.length)];
  const probes: Probe[] = [
    { label: 'no input' },
    { label: 'empty object', body: {} },
    { label: 'array body', body: [1, 2, 3] },
    { label: 'string body', body: 'hello' },
    { label: 'unknown fields only', body: { unexpected: 1, __proto__x: 'y', constructor: 'z' } },
    { label: 'broken JSON', raw: { contentType: 'application/json', payload: '{"a":' } },
    { label: 'text body', raw: { contentType: 'text/plain', payload: 'hello' } },
    {
      label: 'urlencoded body',
      raw: { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
    },
    {
      label: 'body over 1 MB',
      raw: { contentType: 'application/json', payload: JSON.stringify({ name: 'y'.repeat(1_100_000) }) },
    },
    { label: 'garbage query', query: '?%zz=%%&paginate[page]=-1&id[]=1&id[]=2' },
  ];
  for (const field of fields) {
    for (const value of wrongValues)
      probes.push({ label: `${field}=${JSON.stringify(value).slice(0, 40)}`, body: { [field]: value } });
    const query = `?${encodeURIComponent(field)}=${encodeURIComponent(String(pick()).slice(0, 5000))}`;
    probes.push({ label: `query ${field}`, query });
  }
  for (let round = 0; round < 25; round += 1) {
    const body: Record<string, unknown> = {};
    for (const field of fields) if (random() < 0.7) body[field] = pick();
    if (random() < 0.5) body[`unknown_${round}`] = pick();
    probes.push({ label: `random ${round}`, body });
  }
  return method === 'GET'
    ? probes.map((p) => ({
        ...p,
        query:
          p.query ??
          (p.body && typeof p.body === 'object' && !Array.isArray(p.body)
            ? `?${new URLSearchParams(Object.entries(p.body).map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 5000) : JSON.stringify(v)])).toString()}`
            : ''),
      }))
    : probes;
}

describe(`fuzzing every endpoint on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startServer();
    admin = (await signedInAdmin(server)).client;
  });
  afterAll(() => server.close());

  const send = async (client: Client, method: string, path: string, probe: Probe) => {
    const headers: Record<string, string> = {
      'X-Requested-With': 'adconsole',
      'X-Forwarded-For': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    };
    if (client.cookie) headers.Cookie = client.cookie;
    let body: string | undefined;
    if (probe.raw) {
      headers['Content-Type'] = probe.raw.contentType;
      body = probe.raw.payload;
    } else if (probe.body !== undefined && method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(probe.body);
    }
    const response = await fetch(`${server.url}/api${path}${probe.query ?? ''}`, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body }),
    });
    const text = await response.text();
    return { status: response.status, text };
  };

  const routes = allRoutes.filter((route) => route.call.path !== '/logout');
  it.each(routes.map((route) => [`${route.call.method} ${route.call.path}`, route] as const))(
    '%s never answers 5xx to bad input',
    async (_name, route) => {
      const random = mulberry32(route.call.path.length * 7919 + route.call.method.length);
      const failures: string[] = [];
      for (const probe of probesFor(fieldNames(route.call.input), random, route.call.method)) {
        const { status, text } = await send(admin, route.call.method, route.call.path, probe);
        if (status >= 500) failures.push(`${probe.label}: ${status} ${text.slice(0, 200)}`);
        if (status >= 400) {
          const parsed = JSON.parse(text) as { status?: number; message?: unknown };
          if (parsed.status !== status || typeof parsed.message !== 'string' || parsed.message === '') {
            failures.push(`${probe.label}: ${status} without a message: ${text.slice(0, 200)}`);
          }
          if (/\bat .+\.(ts|js):\d+/.test(text)) failures.push(`${probe.label}: stack trace in answer`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('answers bad multipart bodies to the upload with 4xx', async () => {
    const bodies: { contentType: string; payload: string }[] = [
      { contentType: 'multipart/form-data', payload: 'no boundary' },
      { contentType: 'multipart/form-data; boundary=b', payload: '' },
      {
        contentType: 'multipart/form-data; boundary=b',
        payload: '--b\r\nContent-Disposition: form-data; name="creativeID"\r\n\r\nabc\r\n--b--\r\n',
      },
      {
        contentType: 'multipart/form-data; boundary=b',
        payload:
          '--b\r\nContent-Disposition: form-data; name="files[]"; filename="a.png"\r\n\r\nnot a png\r\n--b\r\nContent-Disposition: form-data; name="creativeID"\r\n\r\n0123456789abcdef01234567\r\n--b--\r\n',
      },
      {
        contentType: 'multipart/form-data; boundary=b',
        payload:
          '--b\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\n\r\nx\r\n--b--\r\n',
      },
      {
        contentType: 'multipart/form-data; boundary=b',
        payload: `--b\r\nContent-Disposition: form-data; name="assets"\r\n\r\n${'['.repeat(5000)}\r\n--b\r\nContent-Disposition: form-data; name="creativeID"\r\n\r\nabc\r\n--b\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n--b--\r\n`,
      },
    ];
    for (const raw of bodies) {
      const { status, text } = await send(admin, 'POST', '/v1/campaign/creatives/assets', {
        label: 'multipart',
        raw,
      });
      expect(status, text).toBeGreaterThanOrEqual(400);
      expect(status, text).toBeLessThan(500);
      expect((JSON.parse(text) as { message: string }).message).toBeTruthy();
    }
  });

  it("the second security review's 500s answer a 4xx in the envelope (docs/security.md)", async () => {
    const campaignID =
      (await admin.post<{ id: string }>('/v1/campaign/new', { name: 'Fuzz' })).body.data?.id ?? '';
    const token =
      (await admin.post<{ token: string }>('/v1/campaign/newToken', { campaignID })).body.data?.token ?? '';
    const year9999 = 'start_dt=9999-12-01%2000:00:00&end_dt=9999-12-31%2023:59:59&tzOffset=%2B00:00';
    const probes: { label: string; method: string; path: string; body?: unknown }[] = [
      { label: 'NUL in an upload name', method: 'GET', path: '/api/uploads/%00' },
      {
        label: 'NUL in an upload name (the download path of docs/product.md §7)',
        method: 'GET',
        path: '/uploads/%00',
      },
      { label: 'an upload name of 5,000 bytes', method: 'GET', path: `/api/uploads/${'a'.repeat(5000)}` },
      { label: 'dashboard in year 9999', method: 'GET', path: `/api/v1/dashboard?${year9999}` },
      {
        label: 'report in year 9999',
        method: 'GET',
        path: `/api/v1/campaign/report?campaignID=${campaignID}&type=json&${year9999}`,
      },
      {
        label: 'share link in year 9999',
        method: 'GET',
        path: `/api/share/reports?sharedToken=${token}&${year9999}`,
      },
      {
        label: 'share link download in year 9999',
        method: 'GET',
        path: `/api/share/reports?sharedToken=${token}&type=csv&${year9999}`,
      },
      {
        label: 'folder name of 256 bytes',
        method: 'POST',
        path: '/api/v1/files/folder',
        body: { name: 'é'.repeat(128) },
      },
      {
        label: 'upload ticket with a name of 256 bytes',
        method: 'POST',
        path: '/api/v1/files/upload',
        body: { name: `${'é'.repeat(126)}.png`, size: 10 },
      },
      {
        label: 'admin import in year 9999',
        method: 'POST',
        path: '/api/v1/events/import',
        body: { events: [{ liveID: 'abc', type: 'impression', at: '9999-01-01T00:00:00Z', count: 1 }] },
      },
      {
        label: 'admin import counting past 100 million',
        method: 'POST',
        path: '/api/v1/events/import',
        body: {
          events: Array.from({ length: 200 }, () => ({
            liveID: 'abc',
            type: 'impression',
            at: '2026-01-01T00:00:00Z',
            count: 1_000_000,
          })),
        },
      },
      { label: 'malformed URL', method: 'GET', path: '/api/%zz' },
      { label: 'malformed URL in a route', method: 'GET', path: '/api/v1/files/%E0%A4%A' },
    ];
    const failures: string[] = [];
    for (const probe of probes) {
      const response = await fetch(`${server.url}${probe.path}`, {
        method: probe.method,
        headers: {
          'X-Requested-With': 'adconsole',
          Cookie: admin.cookie ?? '',
          ...(probe.body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(probe.body ? { body: JSON.stringify(probe.body) } : {}),
      });
      const text = await response.text();
      let envelope: { status?: number; message?: unknown } = {};
      try {
        envelope = JSON.parse(text) as typeof envelope;
      } catch {
        // reported below
      }
      if (
        response.status < 400 ||
        response.status >= 500 ||
        envelope.status !== response.status ||
        !envelope.message
      )
        failures.push(`${probe.label}: ${response.status} ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
