// EVENTS_URL over HTTP, against a stand-in for ClickHouse's HTTP interface that records what it is sent
// (the ClickHouse engine itself is tested in the opt-in suite, npm run test:clickhouse): the server
// migrates the database its path names, with the credentials and settings of the URL, sets the raw
// events' TTL, and answers a tracked event only after ClickHouse accepted its insert; a refused insert
// fails the event and leaves no replay key behind.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer, testDatabaseKind } from '../../test/harness';

interface Received {
  query: string;
  search: URLSearchParams;
  authorization: string | undefined;
}

describe(`EVENTS_URL: events go to ClickHouse over HTTP (main database on ${testDatabaseKind()})`, () => {
  let clickhouse: Server;
  let server: TestServer;
  const received: Received[] = [];
  /** How the stand-in answers inserts: once `hold` resolves (the test releases it), or with ClickHouse's error. */
  let insertAnswer: { hold?: Promise<void>; fail: boolean } = { fail: false };

  const bodyOf = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  beforeAll(async () => {
    clickhouse = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://clickhouse');
      const body = await bodyOf(request);
      const query = url.searchParams.get('query') ?? body;
      const isInsert = /^insert/i.test(query.trim());
      received.push({
        query: isInsert ? `${query}\n${body}` : query,
        search: url.searchParams,
        authorization: request.headers.authorization,
      });
      if (isInsert) await insertAnswer.hold;
      if (isInsert && insertAnswer.fail) {
        response.writeHead(500, { 'X-ClickHouse-Exception-Code': '241' });
        response.end('Code: 241. DB::Exception: Memory limit exceeded. (MEMORY_LIMIT_EXCEEDED)');
        return;
      }
      // Empty answers: no migration applied yet, no TTL, no rows.
      response.writeHead(200, { 'X-ClickHouse-Summary': '{}' });
      response.end('');
    });
    await new Promise<void>((resolve) => clickhouse.listen(0, '127.0.0.1', resolve));
    const { port } = clickhouse.address() as AddressInfo;
    server = await startServer({
      EVENTS_URL: `http://adconsole:s3cret@127.0.0.1:${port}/ads_test?ch_insert_quorum=2`,
      EVENTS_TTL_DAYS: '400',
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => clickhouse.close(resolve));
  });

  it('migrates the database named by the path, with the credentials and settings of the URL, and sets the TTL', () => {
    const queries = received.map((request) => request.query.replace(/\s+/g, ' '));
    expect(queries).toContain('create database if not exists ads_test');
    expect(queries.some((q) => q.startsWith('create table if not exists ads_test.events ('))).toBe(true);
    expect(queries.some((q) => q.includes('engine = SummingMergeTree'))).toBe(true);
    expect(
      queries.some((q) => q.startsWith('create materialized view if not exists ads_test.event_rollups_mv')),
    ).toBe(true);
    expect(queries.some((q) => q.includes('INSERT INTO ads_test.schema_migrations'))).toBe(true);
    expect(queries).toContain('alter table ads_test.events modify ttl toDateTime(at) + toIntervalDay(400)');
    const basic = `Basic ${Buffer.from('adconsole:s3cret').toString('base64')}`;
    expect(received.every((request) => request.authorization === basic)).toBe(true);
    expect(received.every((request) => request.search.get('insert_quorum') === '2')).toBe(true);
  });

  it('answers a tracked event only after ClickHouse accepted its batch, inserted synchronously', async () => {
    let release = () => {};
    insertAnswer = {
      hold: new Promise((resolve) => {
        release = resolve;
      }),
      fail: false,
    };
    let acknowledged = false;
    const recorded = server.app.adconsole.events.writer
      .record({
        liveId: 'live-1',
        type: 'impression',
        at: new Date('2026-11-01T10:00:00.250Z'),
        count: 1,
        impressionId: 'imp.http',
      })
      .then(() => {
        acknowledged = true;
      });
    const inserted = () =>
      received.find((request) => request.query.startsWith('INSERT INTO ads_test.events'));
    // The insert has reached ClickHouse, which holds its answer: the event is not acknowledged yet.
    await vi.waitFor(() => expect(inserted()).toBeDefined(), { timeout: 10_000 });
    expect(acknowledged).toBe(false);
    release();
    await recorded;
    insertAnswer = { fail: false };
    const insert = inserted();
    expect(insert?.search.get('async_insert')).toBe('0');
    expect(insert?.query).toContain(
      '{"live_id":"live-1","type":"impression","at":"2026-11-01 10:00:00.250","count":1,"impression_id":"imp.http","reason":"","site":"","device":"","os":"","browser":"","country":""}',
    );
    // Its replay is not sent at all.
    const inserts = received.length;
    await server.app.adconsole.events.writer.record({
      liveId: 'live-1',
      type: 'impression',
      at: new Date(),
      count: 1,
      impressionId: 'imp.http',
    });
    expect(received.length).toBe(inserts);
  });

  it('a batch ClickHouse refuses fails its events and keeps no replay key, so a retried beacon counts', async () => {
    insertAnswer = { fail: true };
    const event = {
      liveId: 'live-1',
      type: 'click' as const,
      at: new Date(),
      count: 1,
      impressionId: 'imp.refused',
    };
    await expect(server.app.adconsole.events.writer.record(event)).rejects.toThrow(/Memory limit exceeded/);
    expect(await server.db.query("select 1 from event_seen where impression_id = 'imp.refused'")).toEqual([]);
    insertAnswer = { fail: false };
    await server.app.adconsole.events.writer.record(event);
    expect(await server.db.query("select type from event_seen where impression_id = 'imp.refused'")).toEqual([
      { type: 'click' },
    ]);
  });
});

describe(`EVENTS_ASYNC_INSERT: a fleet's inserts through ClickHouse's async-insert buffer (main database on ${testDatabaseKind()})`, () => {
  let clickhouse: Server;
  let server: TestServer;
  const inserts: URLSearchParams[] = [];

  beforeAll(async () => {
    clickhouse = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://clickhouse');
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const query = url.searchParams.get('query') ?? Buffer.concat(chunks).toString('utf8');
      if (/^insert into ads_fleet\.events/i.test(query.trim())) inserts.push(url.searchParams);
      response.writeHead(200, { 'X-ClickHouse-Summary': '{}' });
      response.end('');
    });
    await new Promise<void>((resolve) => clickhouse.listen(0, '127.0.0.1', resolve));
    const { port } = clickhouse.address() as AddressInfo;
    server = await startServer({
      EVENTS_URL: `http://127.0.0.1:${port}/ads_fleet?ch_insert_quorum=2&ch_insert_quorum_parallel=1`,
      EVENTS_ASYNC_INSERT: 'true',
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => clickhouse.close(resolve));
  });

  it('each insert asks for async_insert=1 with wait_for_async_insert=1 (answered once written) and carries the quorum of EVENTS_URL', async () => {
    await server.app.adconsole.events.writer.record({
      liveId: 'live-fleet',
      type: 'impression',
      at: new Date(),
      count: 1,
      impressionId: 'imp.fleet',
    });
    expect(inserts).toHaveLength(1);
    const [settings] = inserts;
    expect(settings?.get('async_insert')).toBe('1');
    expect(settings?.get('wait_for_async_insert')).toBe('1');
    expect(settings?.get('insert_quorum')).toBe('2');
    expect(settings?.get('insert_quorum_parallel')).toBe('1');
  });
});
