// What the serving journeys share: the demo admin's API session (fetch with its cookie), polling for
// counts that land moments after a beacon, and a publisher's site on its own origin with a platform's
// click tracker in front of the advertiser's landing page.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildTag, servedAdSchema } from '@adconsole/domain';
import { root } from '../../scripts/lib.mjs';
import { ALL_TIME, DEMO_EMAIL, DEMO_PASSWORD } from './constants';

export interface Session {
  origin: string;
  cookie: string;
}

/** Signs the demo admin in through the API, keeping the session cookie for `api`. */
export async function signIn(origin: string): Promise<Session> {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'adconsole' },
    body: JSON.stringify({
      method: 'password',
      username: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      remember: false,
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${await response.text()}`);
  return {
    origin,
    cookie: response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; '),
  };
}

/** One API call as the session's user; throws with the API's message on an error answer. */
export async function api<T>(session: Session, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${session.origin}/api${pathname}`, {
    method,
    headers: {
      Cookie: session.cookie,
      'X-Requested-With': 'adconsole',
      ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T; message?: string };
  if (!response.ok) throw new Error(`${method} ${pathname}: ${answer.message}`);
  return answer.data;
}

/** Polls until `check` passes (beacons are sent as the page or player acts; their counts land moments later). */
export async function eventually(check: () => Promise<void>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A URL test: this page with the click id our click redirect adds to the landing page (docs/conversions.md). */
export const withClickId = (page: string) => (url: URL) =>
  `${url.origin}${url.pathname}` === page && (url.searchParams.get('adc_click') ?? '').startsWith('c1.');
/** A URL without its query (a landing page the click tracker passed on, without its click id). */
export const withoutQuery = (url: string) => url.split('?')[0] ?? url;

export interface Publisher {
  origin: string;
  /** The landing pages the platform's click tracker sent browsers on to, in order. */
  clicks: string[];
  close: () => Promise<void>;
}

/**
 * A publisher's site on its own origin: its pages, the platform's click tracker (`/platform-click`,
 * which records the click and redirects to `adurl`), and whatever else `files` answers (it returns
 * true when it did). `host` names the site: `127.0.0.1` (the product's own host), `localhost` (served on
 * 127.0.0.1) or `[::1]`, each a site of its own to a browser, and each a secure context over http.
 */
export function startPublisher(
  pages: Record<string, () => string>,
  files: (url: URL, response: ServerResponse<IncomingMessage>) => boolean = () => false,
  host: '127.0.0.1' | 'localhost' | '[::1]' = '127.0.0.1',
): Promise<Publisher> {
  const clicks: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://publisher');
    if (url.pathname === '/platform-click') {
      // The platform counts its click and sends the browser on to the advertiser.
      clicks.push(url.searchParams.get('adurl') ?? '');
      response.writeHead(302, { Location: url.searchParams.get('adurl') ?? '/' }).end();
      return;
    }
    if (files(url, response)) return;
    const page = pages[url.pathname];
    response
      .writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(page ? page() : 'Not found');
  });
  return new Promise((resolve) => {
    server.listen(0, host === '[::1]' ? '::1' : '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://${host}:${port}`,
        clicks,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** What a desktop Chrome sends as its user agent: the ad server's invalid-traffic checks pass it. */
export const BROWSER_HEADERS = {
  'User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

/** A 300x250 banner of the campaign, published: its live creative's id. */
export async function publishedBanner(session: Session, campaignID: string): Promise<string> {
  const creative = await api<{ id: string }>(session, 'POST', '/v1/campaign/creatives', {
    campaignID,
    name: 'Rectangle',
    type: 'Banner',
    width: 300,
    height: 250,
    trackers: { click: [{ type: 'redirect', url: 'https://shop.example/' }] },
  });
  const published = await api<{ liveCreatives: { id: string }[] }>(
    session,
    'POST',
    '/v1/campaign/creatives/publish',
    { id: creative.id },
  );
  const liveID = published.liveCreatives[0]?.id;
  if (!liveID) throw new Error('publishing answered no live creative');
  return liveID;
}

/**
 * A new share link of the seeded demo campaign, made as its owner would, found by one of its creatives:
 * never the owner's newest campaign, which may be another journey's empty one in the same worker
 * (docs/testing.md, "The journeys share a product per worker").
 */
export async function demoShareLink(origin: string): Promise<string> {
  const session = await signIn(origin);
  const { campaignID } = await demoCreative(session, 'Trail season banner');
  return (await api<{ url: string }>(session, 'POST', '/v1/campaign/newToken', { campaignID })).url;
}

/**
 * The seeded demo campaign and its creative named `creativeName`: found by the creative, since other
 * journeys of the same product may add campaigns named 'Demo campaign' too.
 */
export async function demoCreative(
  session: Session,
  creativeName: string,
): Promise<{ campaignID: string; creativeID: string }> {
  const campaigns = await api<{ id: string; name: string }[]>(session, 'GET', '/v1/campaign/all');
  for (const campaign of campaigns.filter(({ name }) => name === 'Demo campaign')) {
    const full = await api<{ creatives: { id: string; name: string }[] }>(
      session,
      'GET',
      `/v1/campaign/get?campaignID=${campaign.id}`,
    );
    const creative = full.creatives.find(({ name }) => name === creativeName);
    if (creative) return { campaignID: campaign.id, creativeID: creative.id };
  }
  throw new Error(`No demo campaign has a creative named ${creativeName}.`);
}

/**
 * A creative of the campaign made, given its files and published as a user does it through the API:
 * its id, its live creative and its Google Ad Manager tag on the product's serving host.
 */
export async function publishedCreative(
  session: Session,
  body: Record<string, unknown>,
  files: readonly { name: string; bytes: Buffer }[],
): Promise<{ id: string; live: string; tag: string }> {
  const creative = await api<{ id: string }>(session, 'POST', '/v1/campaign/creatives', {
    platform: 'google-ad-manager',
    ...body,
  });
  const form = new FormData();
  form.append('creativeID', creative.id);
  for (const file of files) form.append('files[]', new Blob([new Uint8Array(file.bytes)]), file.name);
  await api(session, 'POST', '/v1/campaign/creatives/assets', form);
  const published = await api<
    { liveCreatives: { id: string }[] } & Parameters<typeof buildTag>[0]['creative']
  >(session, 'POST', '/v1/campaign/creatives/publish', { id: creative.id });
  const live = published.liveCreatives.at(-1)?.id ?? '';
  const tag = buildTag({
    creative: published,
    liveCreative: { id: live },
    platform: 'google-ad-manager',
    servingHost: session.origin,
  });
  if (!tag.ok) throw new Error(tag.error);
  return { id: creative.id, live, tag: tag.tag };
}

/**
 * A new campaign named `name` with the demo's 300x250 banner ('Rectangle') published in it, its landing
 * page on `landingOrigin` (never opened: publishing needs one): the campaign's id and the banner's.
 */
export async function campaignWithBanner(
  session: Session,
  name: string,
  landingOrigin: string,
): Promise<{ campaignID: string; creativeID: string; tag: string; live: string }> {
  const { id: campaignID } = await api<{ id: string }>(session, 'POST', '/v1/campaign/new', { name });
  const banner = await publishedCreative(
    session,
    {
      campaignID,
      name: 'Rectangle',
      type: 'Banner',
      width: 300,
      height: 250,
      trackers: { click: [{ type: 'redirect', url: `${landingOrigin}/landing` }] },
    },
    [
      {
        name: 'banner.png',
        bytes: readFileSync(path.join(root, 'apps/api/src/services/demo/demo-assets/banner.png')),
      },
    ],
  );
  return { campaignID, creativeID: banner.id, tag: banner.tag, live: banner.live };
}

/**
 * A new campaign whose banner served one valid impression on each of `sites` sites (`site-1.example`,
 * …, as a tag's site macro names them), read back until its report has them all: a breakdown by site
 * as long as a journey needs. Each request speaks as another browser version, under the rate rule's
 * limit per client (docs/traffic-quality.md). Its share link's URL and the campaign's id.
 */
export async function campaignOnSites(
  session: Session,
  name: string,
  sites: number,
): Promise<{ campaignID: string; shareURL: string }> {
  const { campaignID, live } = await campaignWithBanner(session, name, session.origin);
  for (let index = 1; index <= sites; index += 1) {
    const headers = {
      'User-Agent': BROWSER_HEADERS['User-Agent'].replace('Chrome/126.0.0.0', `Chrome/126.0.${index}.0`),
    };
    const served = await fetch(`${session.origin}/serve/ad/${live}.json?site=site-${index}.example`, {
      headers,
    });
    const ad = servedAdSchema.parse(await served.json());
    const counted = await fetch(ad.events.impression ?? '', { method: 'POST', headers });
    if (counted.status !== 204) throw new Error(`impression on site ${index}: ${counted.status}`);
  }
  await eventually(async () => {
    const report = await api<{ totals: { impressions: number } }>(
      session,
      'GET',
      `/v1/campaign/reports?campaignID=${campaignID}&${ALL_TIME}`,
    );
    if (report.totals.impressions !== sites)
      throw new Error(`${report.totals.impressions} of ${sites} counted`);
  }, 30_000);
  const { url } = await api<{ url: string }>(session, 'POST', '/v1/campaign/newToken', { campaignID });
  return { campaignID, shareURL: url };
}
