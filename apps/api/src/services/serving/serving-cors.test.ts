// CORS of ad serving and where ad files come from (docs/serving.md, "CORS"): players and publisher pages call /serve/
// with credentials, so every serving answer echoes the caller's Origin with credentials allowed and
// `Vary: Origin`, `*` only without an Origin; preflights are answered; the files an ad loads come from
// the serving origin's /serve/files/ (not the console's /api/uploads), with byte ranges readable
// cross-origin; serving sets and reads no cookie but the frequency-cap history of an ad with caps, on a
// credentialed answer that echoes the Origin (never `*`), and a player fetching without credentials
// still gets its document.
import { REACH_COOKIE, servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFile } from '../../db/queries/files';
import { type Client, startServer, type TestServer } from '../../test/harness';
import { demoAsset, publishedLive, signedInUser, visit } from '../../test/helpers';

const PUBLISHER = 'https://publisher.example';
/** A CDN host in front of /serve/ alone. */
const SERVING = 'https://ads-cdn.example';

describe('CORS of ad serving', () => {
  let server: TestServer;
  let owner: Client;
  let banner = '';
  let vast = '';
  let vpaid = '';
  /** The serving origin in the answers swapped for the test server's address. */
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '1000', AD_SERVING_URL: SERVING });
    owner = (await signedInUser(server)).client;
    const campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'CORS' })).body.data?.id ?? '';
    const [image, clip] = await Promise.all([demoAsset('banner.png'), demoAsset('main.mp4')]);
    banner = await publishedLive(
      owner,
      campaignID,
      { name: 'Banner', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: image }],
    );
    vast = await publishedLive(
      owner,
      campaignID,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    vpaid = await publishedLive(
      owner,
      campaignID,
      { name: 'Interactive', type: 'VPAID', width: 640, height: 360 },
      [
        { name: 'main.mp4', bytes: clip },
        { name: 'vpaid.js', bytes: Buffer.from('var getVPAIDAd = function () { return {}; };') },
      ],
    );
  });
  afterAll(() => server.close());

  const servingUrls = () => [
    `/serve/ad/${banner}.json`,
    `/serve/vast/${vast}.xml`,
    `/serve/vpaid/${vpaid}.xml`,
    `/serve/vpaid/${vpaid}.js`,
    '/serve/init.js',
    '/serve/video.js',
    '/serve/health',
    // Answers that fail carry it too, so a player can read why.
    '/serve/ad/nope.json',
    '/serve/nothing-here',
  ];

  it('echoes the request Origin with Access-Control-Allow-Credentials: true and Vary: Origin on every serving answer', async () => {
    for (const url of servingUrls()) {
      const response = await visit(`${server.url}${url}`, { headers: { Origin: PUBLISHER } });
      expect(response.headers.get('access-control-allow-origin'), url).toBe(PUBLISHER);
      expect(response.headers.get('access-control-allow-credentials'), url).toBe('true');
      expect(response.headers.get('vary'), url).toMatch(/\bOrigin\b/);
    }
  });

  it('a VAST document varies by Accept-Encoding as well as Origin, compressed or not (a shared cache keeps them apart)', async () => {
    for (const encoding of ['gzip', 'identity']) {
      const response = await visit(`${server.url}/serve/vast/${vast}.xml`, {
        headers: { Origin: PUBLISHER, 'Accept-Encoding': encoding },
      });
      expect(response.headers.get('vary'), encoding).toMatch(/\bAccept-Encoding\b/);
      expect(response.headers.get('vary'), encoding).toMatch(/\bOrigin\b/);
    }
  });

  it('a VAST document and an ad JSON, written straight to the response, carry what every answer carries; HEAD gets the headers alone', async () => {
    for (const url of [`/serve/vast/${vast}.xml`, `/serve/ad/${banner}.json`, '/serve/vast/nope.xml']) {
      const get = await visit(`${server.url}${url}`, {
        headers: { Origin: PUBLISHER, 'Accept-Encoding': 'gzip' },
      });
      expect(get.status, url).toBe(200);
      expect(get.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(get.headers.get('cache-control'), url).toBe('no-store');
      expect(get.headers.get('access-control-expose-headers'), url).toBe(
        'Content-Range, Accept-Ranges, Content-Length',
      );
      expect(get.headers.get('cross-origin-resource-policy'), url).toBe('cross-origin');
      expect(get.headers.get('content-security-policy'), url).toBeNull();
      // An ad served sets the browser's partitioned reach cookie, nothing else (docs/reports.md, "Reach").
      expect(
        get.headers.getSetCookie().every((line) => line.startsWith(`${REACH_COOKIE}=`)),
        url,
      ).toBe(true);
      expect((await get.text()).length, url).toBeGreaterThan(0);
      const head = await visit(`${server.url}${url}`, {
        method: 'HEAD',
        headers: { Origin: PUBLISHER, 'Accept-Encoding': 'gzip' },
      });
      expect(head.status, url).toBe(200);
      expect(head.headers.get('content-type'), url).toBe(get.headers.get('content-type'));
      expect(head.headers.get('access-control-allow-origin'), url).toBe(PUBLISHER);
      expect(await head.text(), url).toBe('');
    }
  });

  it('answers * (and no credentials) only to a request without an Origin', async () => {
    for (const url of servingUrls()) {
      const response = await visit(`${server.url}${url}`);
      expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
      expect(response.headers.get('access-control-allow-credentials'), url).toBeNull();
      expect(response.headers.get('vary'), url).toMatch(/\bOrigin\b/);
    }
  });

  it('answers a preflight (OPTIONS) of any serving route with the methods and headers it asks for', async () => {
    for (const url of [`/serve/t/impression`, `/serve/vast/${vast}.xml`, '/serve/files/any/file.mp4']) {
      const response = await visit(`${server.url}${url}`, {
        method: 'OPTIONS',
        headers: {
          Origin: PUBLISHER,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, range',
        },
      });
      expect(response.status, url).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), url).toBe(PUBLISHER);
      expect(response.headers.get('access-control-allow-credentials'), url).toBe('true');
      expect(response.headers.get('access-control-allow-methods'), url).toContain('POST');
      expect(response.headers.get('access-control-allow-headers'), url).toBe('content-type, range');
    }
  });

  it("counts a credentialed cross-origin event; its beacon sets no cookie and the request's own are never touched", async () => {
    const ad = servedAdSchema.parse(
      await (
        await visit(`${server.url}/serve/ad/${banner}.json`, {
          headers: { Origin: PUBLISHER, Cookie: 'session=abc; adconsole_session=xyz' },
        })
      ).json(),
    );
    const beacon = await visit(local(ad.events.impression ?? ''), {
      method: 'POST',
      headers: { Origin: PUBLISHER, Cookie: 'adconsole_session=xyz' },
    });
    expect(beacon.status).toBe(204);
    expect(beacon.headers.get('access-control-allow-origin')).toBe(PUBLISHER);
    expect(beacon.headers.get('set-cookie')).toBeNull();
    // The beacon and the pixel are written straight to the response too, with what every answer carries.
    const pixel = await visit(local(ad.events.viewable ?? ''), { headers: { Origin: PUBLISHER } });
    expect(pixel.headers.get('content-type')).toBe('image/gif');
    expect((await pixel.arrayBuffer()).byteLength).toBe(Number(pixel.headers.get('content-length')));
    for (const answer of [beacon, pixel]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('vary')).toBe('Origin');
    }
    const xml = await visit(`${server.url}/serve/vast/${vast}.xml`, {
      headers: { Origin: PUBLISHER, Cookie: 'adconsole_session=xyz' },
    });
    // The request's own cookies are never touched: only the new browser's reach cookie is set.
    expect(xml.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^${REACH_COOKIE}=`))]);
  });

  it('an ad with caps: its answers set the cap history and the reach cookie alone, credentialed with the Origin echoed; a player without credentials still plays', async () => {
    const campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Capped' })).body.data?.id ?? '';
    const clip = await demoAsset('main.mp4');
    const capped = await publishedLive(
      owner,
      campaignID,
      { name: 'Capped roll', type: 'VAST', width: 640, height: 360 },
      [{ name: 'main.mp4', bytes: clip }],
    );
    const rules = { frequencyCaps: [{ count: 5, period: 'day' }] };
    expect((await owner.put('/v1/campaign/deliveryRules', { campaignID, rules })).httpStatus).toBe(200);
    const credentialed = await visit(`${server.url}/serve/vast/${capped}.xml`, {
      headers: { Origin: PUBLISHER, Cookie: 'adconsole_session=xyz' },
    });
    expect(credentialed.headers.get('access-control-allow-origin')).toBe(PUBLISHER);
    expect(credentialed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(credentialed.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(credentialed.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        /^adc_fc=[^;]+; Max-Age=\d+; Path=\/serve; Secure; HttpOnly; SameSite=None; Partitioned$/,
      ),
      expect.stringMatching(
        /^adc_rid=[A-Za-z0-9_-]{22}; Max-Age=\d+; Path=\/serve; Secure; HttpOnly; SameSite=None; Partitioned$/,
      ),
    ]);
    // A player that fetches without credentials sends no cookie: a new browser each time, still played.
    const plain = await visit(`${server.url}/serve/vast/${capped}.xml`, { headers: { Origin: PUBLISHER } });
    expect(await plain.text()).toContain('<InLine>');
    expect(plain.headers.get('access-control-allow-origin')).toBe(PUBLISHER);
  });

  it('exposes the range headers, so a video seeks across origins', async () => {
    const response = await visit(`${server.url}/serve/vast/${vast}.xml`, { headers: { Origin: PUBLISHER } });
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'Content-Range, Accept-Ranges, Content-Length',
    );
  });

  describe('files from the serving origin', () => {
    it('addresses the VAST MediaFile, the VPAID video and the banner image under AD_SERVING_URL/serve/files/, never /api/uploads', async () => {
      const xml = await (await visit(`${server.url}/serve/vast/${vast}.xml`)).text();
      const media = /<MediaFile[^>]*><!\[CDATA\[([^\]]+)\]\]><\/MediaFile>/.exec(xml)?.[1] ?? '';
      expect(media).toMatch(new RegExp(`^${SERVING}/serve/files/.+main\\.mp4$`));
      const vpaidXml = await (await visit(`${server.url}/serve/vpaid/${vpaid}.xml`)).text();
      expect(vpaidXml).toContain(`${SERVING}/serve/vpaid/${vpaid}.js`);
      expect(vpaidXml).toMatch(new RegExp(`"url":"${SERVING}/serve/files/[^"]+main\\.mp4"`));
      expect(`${xml}${vpaidXml}`).not.toContain('/api/uploads');
      const ad = servedAdSchema.parse(await (await visit(`${server.url}/serve/ad/${banner}.json`)).json());
      expect(ad.content).toMatchObject({
        kind: 'image',
        url: expect.stringMatching(`^${SERVING}/serve/files/`),
      });
    });

    it('serves a video by byte ranges to another origin: 206, Content-Range exposed, the Origin echoed', async () => {
      const xml = await (await visit(`${server.url}/serve/vast/${vast}.xml`)).text();
      const media = local(/<MediaFile[^>]*><!\[CDATA\[([^\]]+)\]\]>/.exec(xml)?.[1] ?? '');
      const whole = await visit(media, { headers: { Origin: PUBLISHER } });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      const size = (await whole.arrayBuffer()).byteLength;
      const part = await visit(media, { headers: { Origin: PUBLISHER, Range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
      expect(part.headers.get('access-control-allow-origin')).toBe(PUBLISHER);
      expect(part.headers.get('access-control-allow-credentials')).toBe('true');
      expect(part.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(part.headers.get('set-cookie')).toBeNull();
      expect((await part.arrayBuffer()).byteLength).toBe(100);
    });

    it("serves only public assets: a private file (someone's report download) is 404 under /serve/files/", async () => {
      await server.app.adconsole.storage.put('reports/private.csv', Buffer.from('a,b\n'), 'text/csv');
      await insertFile(server.db, {
        name: 'reports/private.csv',
        owner_id: null,
        public: false,
        content_type: 'text/csv',
        size: 4,
      });
      const response = await visit(`${server.url}/serve/files/reports/private.csv`, {
        headers: { Origin: PUBLISHER },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe(PUBLISHER);
      expect((await visit(`${server.url}/serve/files/nothing.mp4`)).status).toBe(404);
    });
  });
});
