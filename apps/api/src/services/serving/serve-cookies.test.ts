// Credentialed CORS on /serve/ for any origin is safe only while the serving origin's own partitioned
// cookies, which grant nothing (the frequency-cap history and the random reach id), are the only cookies
// set there (docs/security.md, "Round 5: conversions"; docs/serving.md, "Frequency caps"; docs/reports.md, "Reach"):
// every /serve/ route of the app's own route table is called, so a route added later is called too,
// and no answer may set another cookie.
import { FREQUENCY_COOKIE, REACH_COOKIE } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  demoAsset,
  publishedLive,
  signedInUser,
  visitorAddress,
} from '../../test/helpers';
import { serveRoutes } from '../../test/serve-routes';

describe('cookies under /serve/', () => {
  let server: TestServer;
  let banner = '';
  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '1000' });
    const { client } = await signedInUser(server);
    const campaignID =
      (await client.post<{ id: string }>('/v1/campaign/new', { name: 'Cookies' })).body.data?.id ?? '';
    banner = await publishedLive(
      client,
      campaignID,
      { name: 'Banner', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: await demoAsset('banner.png') }],
    );
  });
  afterAll(() => server?.close());

  it("no cookie other than the partitioned cap and reach cookies is ever set under /serve/ (every /serve/ route of the app's route table, each method)", async () => {
    const routes = serveRoutes(server.app);
    // The table has the serving contract's routes (and whatever is added after them).
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const fill = (path: string, variant: number) =>
      path
        .replace(':file', variant === 0 ? `${banner}.json` : `${banner}.js`)
        .replace(':liveID', banner)
        .replace(':type', 'impression')
        .replace(':action', 'made-up-action')
        .replace(/\*$|:path$/, 'index.html');
    const seen: string[] = [];
    for (const { method, path } of routes) {
      if (method === 'OPTIONS') continue;
      for (const variant of [0, 1]) {
        const url = `${server.url}${fill(path, variant)}?click=c1.x.y&i=1&d=&s=x&cb=1&nocookie=${variant}`;
        const answer = await fetch(url, {
          method,
          redirect: 'manual',
          headers: {
            'User-Agent': BROWSER_USER_AGENT,
            'X-Forwarded-For': visitorAddress(),
            Origin: 'https://publisher.example',
            Cookie: `${FREQUENCY_COOKIE}=junk; adc_session=stolen`,
            ...(method === 'POST' ? { 'Content-Type': 'text/plain;charset=UTF-8' } : {}),
          },
          ...(method === 'POST' ? { body: '' } : {}),
        });
        await answer.arrayBuffer();
        for (const cookie of answer.headers.getSetCookie()) {
          seen.push(`${method} ${path}: ${cookie}`);
          expect(
            cookie.startsWith(`${FREQUENCY_COOKIE}=`) || cookie.startsWith(`${REACH_COOKIE}=`),
            `${method} ${path}: ${cookie}`,
          ).toBe(true);
          expect(cookie, `${method} ${path}`).toContain('Partitioned');
          expect(cookie, `${method} ${path}`).toContain('Path=/serve');
        }
      }
    }
    // Checked over every route: the answers were read, not skipped.
    expect(routes.map((route) => route.path)).toContain('/serve/conv/:action');
    expect(seen.some((line) => line.includes(`${REACH_COOKIE}=`))).toBe(true);
  });
});
