// Privacy of ad serving (docs/serving.md, "Privacy signals"): serving stores no raw IP address anywhere, neither in the database
// (events, invalid traffic, anything) nor in the log, even at the most verbose log level; only coarse
// results derived from it (an invalid-traffic reason) are kept.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { startServer, type TestServer } from '../../test/harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive, signedInUser } from '../../test/helpers';

/** Documentation addresses (RFC 5737 / 3849): a visitor's and a data centre's. */
const VISITOR = '203.0.113.77';
const VISITOR_V6 = '2001:db8::7:77';

describe('serving stores no raw IP address', () => {
  let server: TestServer;
  let banner = '';

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '1000' });
    const { client } = await signedInUser(server);
    const campaignID =
      (await client.post<{ id: string }>('/v1/campaign/new', { name: 'Privacy' })).body.data?.id ?? '';
    banner = await publishedLive(
      client,
      campaignID,
      { name: 'Banner', type: 'Banner', width: 300, height: 250 },
      [
        {
          name: 'banner.png',
          bytes: await demoAsset('banner.png'),
        },
      ],
    );
  });
  afterAll(() => server.close());

  it('keeps no visitor address in any table after ad requests, events, clicks and invalid traffic', async () => {
    for (const [address, userAgent] of [
      [VISITOR, BROWSER_USER_AGENT],
      [VISITOR_V6, BROWSER_USER_AGENT],
      [VISITOR, 'Googlebot/2.1 (+http://www.google.com/bot.html)'],
    ] as const) {
      const headers = { 'User-Agent': userAgent, 'X-Forwarded-For': address };
      const ad = servedAdSchema.parse(
        await (await fetch(`${server.url}/serve/ad/${banner}.json`, { headers })).json(),
      );
      const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;
      await fetch(local(ad.events.impression ?? ''), { method: 'POST', headers });
      await fetch(local(ad.clickUrl), { headers, redirect: 'manual' });
    }
    const tables = await server.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(5);
    let events = '';
    for (const { table_name: table } of tables) {
      const rows = await server.db.query(`select * from "${table}"`);
      const text = JSON.stringify(rows);
      if (table === 'events') events = text;
      expect(text, table).not.toContain(VISITOR);
      expect(text, table).not.toContain('2001:db8');
    }
    // The events are there, with the coarse verdict only.
    expect(events).toContain('"bot"');
  });

  it('logs no client address, even at trace level', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'adconsole-privacy-log-'));
    const lines: string[] = [];
    const app = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        CONSOLE_DIR: path.join(dataDir, 'none'),
        LOG_LEVEL: 'trace',
        TRUST_PROXY: '127.0.0.1',
      }),
      { db: server.db, logStream: { write: (line) => lines.push(line) } },
    );
    // What Fastify's request logging writes, were it turned on: the request through the serializer.
    app.addHook('onRequest', async (request) => request.log.info({ req: request }, 'incoming request'));
    try {
      for (const url of [
        `/serve/ad/${banner}.json`,
        '/serve/ad/nope.json',
        '/serve/t/impression?l=x',
        '/serve/vast/x.xml',
      ]) {
        await app.inject({
          url,
          headers: { 'user-agent': BROWSER_USER_AGENT, 'x-forwarded-for': VISITOR },
          remoteAddress: '127.0.0.1',
        });
      }
      // A bad request that the framework itself refuses is logged too.
      await app.inject({
        method: 'POST',
        url: '/serve/t/impression',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': VISITOR },
        payload: '{not json',
        remoteAddress: '127.0.0.1',
      });
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain(VISITOR);
      expect(line).not.toContain('remoteAddress');
    }
  });
});
