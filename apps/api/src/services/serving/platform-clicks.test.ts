// Each trading platform's click chain through the real API (docs/tags.md): the tag built for the platform,
// expanded the way its ad server expands it (domain's expandTagAs), served by this server; a click goes
// through the platform's click tracker exactly once and reaches the landing page with its own query
// string intact; a direct tag (no platform) goes straight to the landing page through no tracker. Also:
// the TCF vendor id and the https warning where tags are handed out.
//
// The platforms' click trackers and the advertiser's site cannot run here: one small local HTTP server
// stands in for both. It counts each platform's tracker hits and redirects to the landing page its last
// parameter names, as a click tracker does, and records the landing page requests it receives.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: platform macros such as ${GDPR} are literal text.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildTag,
  expandTagAs,
  type Platform,
  type PlatformId,
  platforms,
  SERVE_AD_QUERY,
  SERVE_PATHS,
  servedAdSchema,
} from '@adconsole/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import {
  type Client,
  freshMigratedDatabase,
  startServer,
  type TestServer,
  testDatabaseKind,
} from '../../test/harness';
import {
  BROWSER_USER_AGENT,
  demoAsset,
  signedInUser,
  visitorAddress,
  withoutClickId,
} from '../../test/helpers';

/** The user's click macros on the platforms that publish none (the creative form's two fields). */
const USER_MACROS: Partial<Record<PlatformId, { clickMacro: string; clickMacroEscaped: string }>> = {
  cognitiv: { clickMacro: '{{COGNITIV_CLICK}}', clickMacroEscaped: '{{COGNITIV_CLICK_ENC}}' },
  adroll: { clickMacro: '__ADROLL_CLICK__', clickMacroEscaped: '__ADROLL_CLICK_ENC__' },
};

/** Expanded privacy signals, by attribute: a TCF v2.2 string, Google's additional consent, GPP. */
const PRIVACY_VALUES = {
  'data-gdpr': '1',
  'data-gdpr-consent': 'CQH4k2AQH4k2AAGABBENBbFgAP_gAAAAAAAAKcNV_G__bWlr8X73aftkeY1P9_h77sQ',
  'data-addtl-consent': '1~1.35.41.101',
  'data-us-privacy': '1YNN',
  'data-gpp': 'DBABMA~CQH4k2AQH4k2AAGABBENBbFgAP_gAAAAAAAAKcNV',
  'data-gpp-sid': '2,7',
};

interface StandIns {
  origin: string;
  /** Tracker hits by platform id. */
  hits: Map<string, number>;
  /** Path and query of every landing page request, in order. */
  landings: string[];
  close(): Promise<void>;
}

/** The platforms' click trackers and the advertiser's landing page, on loopback. */
async function startStandIns(): Promise<StandIns> {
  const hits = new Map<string, number>();
  const landings: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [, kind, platform = ''] = url.pathname.split('/');
    if (kind === 'track' || kind === 'wrapper-click') hits.set(platform, (hits.get(platform) ?? 0) + 1);
    if (kind === 'track') {
      // The landing page arrives URL-encoded in the tracker's last parameter, as each prefix ends in `r=`.
      response.writeHead(302, { Location: url.searchParams.get('r') ?? '/' }).end();
    } else if (kind === 'landing') {
      landings.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('The advertiser');
    } else {
      response.writeHead(204).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    landings,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`each platform's click chain through the API on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  let standIns: StandIns;
  let campaignID: string;
  let landing: string;
  const live = { banner: '', vast: '' };
  /** The serving origin (PUBLIC_URL in the answers) swapped for the test server's address. */
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;
  /** What the platform's ad server writes for its click macro: its tracker, query string and all. */
  const tracker = (platform: Platform) => `${standIns.origin}/track/${platform.id}?imp=7e0f&crid=x9&r=`;
  const expand = (platform: Platform, tag: string) =>
    expandTagAs(
      platform,
      tag,
      { click: tracker(platform), cacheBuster: '4829135770', attributes: PRIVACY_VALUES },
      USER_MACROS[platform.id],
    );

  const clicks = async () =>
    (await owner.get<{ data: { clicks: number } }>(`/v1/campaign/get?campaignID=${campaignID}`)).body.data
      ?.data.clicks ?? 0;

  const publish = async (body: Record<string, unknown>, file: string) => {
    const made = await owner.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID,
      trackers: { click: [{ type: 'redirect', url: landing }] },
      ...body,
    });
    const id = made.body.data?.id ?? '';
    const form = new FormData();
    form.append('creativeID', id);
    form.append('files[]', new Blob([new Uint8Array(await demoAsset(file))]), file);
    expect((await owner.post('/v1/campaign/creatives/assets', form)).httpStatus).toBe(200);
    const published = await owner.post<{ liveCreatives: { id: string }[] }>(
      '/v1/campaign/creatives/publish',
      { id },
    );
    return published.body.data?.liveCreatives.at(-1)?.id ?? '';
  };

  beforeAll(async () => {
    standIns = await startStandIns();
    // The landing page's own query string, with an encoded space and an encoded &, must arrive as is.
    landing = `${standIns.origin}/landing/?utm_source=adconsole&utm_campaign=spring%20sale&q=a%26b&x=1`;
    // The stand-in trackers live on loopback: CLICK_PREFIX_HOSTS admits them where prefixes are checked.
    server = await startServer({ CLICK_PREFIX_HOSTS: '127.0.0.1' });
    owner = (await signedInUser(server)).client;
    campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Platforms' })).body.data?.id ?? '';
    live.banner = await publish({ name: 'Banner', type: 'Banner', width: 300, height: 250 }, 'banner.png');
    live.vast = await publish({ name: 'Pre-roll', type: 'VAST', width: 640, height: 360 }, 'main.mp4');
  });
  afterAll(async () => {
    await server.close();
    await standIns.close();
  });

  /** The tag built for the platform, as its ad server serves it. */
  const servedTag = (platform: Platform, type: 'Banner' | 'VAST') => {
    const built = buildTag({
      creative: { id: type, type, width: 300, height: 250, settings: [] },
      liveCreative: { id: type === 'Banner' ? live.banner : live.vast },
      platform,
      servingHost: server.url,
      ...USER_MACROS[platform.id],
    });
    if (!built.ok) throw new Error(built.error);
    return expand(platform, built.tag);
  };

  /**
   * One visitor's browser: a browser's user agent from one address of its own, on every request of
   * the ad (Node's own user agent is on the bot list, so its events would count as invalid traffic).
   */
  const asOneBrowser = () => {
    const headers = { 'User-Agent': BROWSER_USER_AGENT, 'X-Forwarded-For': visitorAddress() };
    return (url: string) => fetch(url, { headers });
  };

  /** Counts before a click; `landedOnce` then checks the one click it made against them. */
  const countersOf = async (platform: Platform) => ({
    hits: standIns.hits.get(platform.id) ?? 0,
    clicks: await clicks(),
    landings: standIns.landings.length,
  });
  const landedOnce = async (platform: Platform, before: Awaited<ReturnType<typeof countersOf>>) => {
    // The landing page's query string arrives exactly the advertiser's, with the click id after it.
    expect(standIns.landings.slice(before.landings).map(withoutClickId)).toEqual([
      new URL(landing).pathname + new URL(landing).search,
    ]);
    // A direct tag (no platform, docs/tags.md "Direct tags") goes through no tracker: straight to the page.
    expect(standIns.hits.get(platform.id) ?? 0).toBe(before.hits + (platform.direct ? 0 : 1));
    expect(await clicks()).toBe(before.clicks + 1);
  };

  describe.each(platforms.map((platform) => [platform.name, platform] as const))('%s', (_name, platform) => {
    it('banner: the click reaches the landing page with its query string, through the platform’s tracker exactly once', async () => {
      const html = servedTag(platform, 'Banner');
      const attribute = (name: string) =>
        new RegExp(` ${name}="([^"]*)"`)
          .exec(html)?.[1]
          ?.replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
      // The ad request the runtime sends for this tag (packages/ad-runtime/src/tag.ts: adRequestUrl).
      const query = new URLSearchParams({ [SERVE_AD_QUERY.click]: attribute('data-click') ?? '' });
      const cacheBuster = attribute('data-cb');
      if (cacheBuster) query.set(SERVE_AD_QUERY.cacheBuster, cacheBuster);
      const browser = asOneBrowser();
      const answer = await browser(
        `${server.url}${SERVE_PATHS.ad(attribute('data-live-id') ?? '')}?${query}`,
      );
      expect(answer.status).toBe(200);
      const ad = servedAdSchema.parse(await answer.json());
      // A click counts only after its impression (event integrity): the runtime fires it on render.
      await browser(local(ad.events.impression ?? ''));

      const before = await countersOf(platform);
      const arrived = await browser(local(ad.clickUrl));
      expect(arrived.status).toBe(200);
      expect(withoutClickId(arrived.url)).toBe(landing);
      await landedOnce(platform, before);
    });

    it('VAST: the player’s click reaches the landing page with its query string, through the platform’s tracker exactly once', async () => {
      const browser = asOneBrowser();
      const xml = await (await browser(servedTag(platform, 'VAST'))).text();
      const cdata = (element: string) =>
        [
          ...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?><!\\[CDATA\\[(.*?)\\]\\]></${element}>`, 'g')),
        ].map((match) => match[1] ?? '');
      const [clickThrough] = cdata('ClickThrough');
      const clickTracking = cdata('ClickTracking');
      // The ClickThrough is our click redirect (it adds the click id, docs/conversions.md); it counts the click once
      // with the ClickTracking ping. Where the platform's wrapper counts the click, it goes through no prefix.
      expect(clickThrough).toContain('/serve/click/');
      if (platform.vastWrapperTracksClicks) expect(clickThrough).not.toContain('&c=');

      // A click counts only after its impression (event integrity): the player pings it when the ad starts.
      for (const url of cdata('Impression')) await browser(local(url));

      const before = await countersOf(platform);
      // A player on a click: every ClickTracking pinged, the ClickThrough opened. A platform whose VAST
      // wrapper tracks clicks adds its own ClickTracking around ours (its stand-in is pinged here).
      for (const url of clickTracking) await browser(local(url));
      if (platform.vastWrapperTracksClicks) await fetch(`${standIns.origin}/wrapper-click/${platform.id}`);
      const arrived = await browser(local(clickThrough ?? ''));
      expect(withoutClickId(arrived.url)).toBe(landing);
      await landedOnce(platform, before);
    });
  });
});

describe(`the TCF vendor id and the https warning where tags are handed out, on ${testDatabaseKind()}`, () => {
  let server: TestServer;
  let owner: Client;
  beforeAll(async () => {
    server = await startServer({ AD_SERVING_URL: 'http://ads.example.com', TCF_VENDOR_ID: '1234' });
    owner = (await signedInUser(server)).client;
  });
  afterAll(() => server.close());

  it('GET /api/config tells the console the TCF vendor id (TCF_VENDOR_ID) beside the serving origin', async () => {
    const answer = await (await fetch(`${server.url}/api/config`)).json();
    expect(answer.data).toMatchObject({ adServingUrl: 'http://ads.example.com', tcfVendorID: 1234 });
  });

  it('the tag sheet carries the configured vendor id and notes beside each tag that http serving is refused', async () => {
    const campaignID =
      (await owner.post<{ id: string }>('/v1/campaign/new', { name: 'Sheet' })).body.data?.id ?? '';
    const made = await owner.post<{ id: string }>('/v1/campaign/creatives', {
      campaignID,
      name: 'Consent',
      type: 'Banner',
      width: 300,
      height: 250,
      platform: 'google-dv360',
      trackers: { click: [{ type: 'redirect', url: 'https://advertiser.example/' }] },
    });
    await owner.post('/v1/campaign/creatives/publish', { id: made.body.data?.id });
    const file = (
      await owner.post<{ file: string }>('/v1/campaign/tags', { campaignID, type: 'xlsx', tags: {} })
    ).body.data?.file;
    const download = await fetch(`${server.url}/api/uploads/${file}`, {
      headers: { Cookie: owner.cookie ?? '' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await download.arrayBuffer());
    const sheet = workbook.getWorksheet('Tags');
    if (!sheet) throw new Error('No Tags sheet');
    const column = (header: string) => (sheet.getRow(1).values as unknown[]).indexOf(header);
    const row = sheet.getRow(2).values as unknown[];
    expect(String(row[column('Tag')])).toContain('data-gdpr-consent="${GDPR_CONSENT_1234}"');
    expect(String(row[column('Note')])).toMatch(
      /^Ads are served from http:\/\/ads\.example\.com, which is not https: .*Set AD_SERVING_URL to an https address\.$/,
    );
  });
});

describe(`the https warning at server start on ${testDatabaseKind()}`, () => {
  let fresh: Awaited<ReturnType<typeof freshMigratedDatabase>>;
  beforeAll(async () => {
    fresh = await freshMigratedDatabase();
  });
  afterAll(() => fresh.drop());

  /** The log lines of a server built with `env`, from start to close. */
  const startLog = async (env: Record<string, string>) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'adconsole-log-'));
    const lines: string[] = [];
    const app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: path.join(dataDir, 'none'), LOG_LEVEL: 'info', ...env }),
      { db: fresh.db, logStream: { write: (line) => lines.push(line) } },
    );
    await app.ready();
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  };

  it('logs a warning when AD_SERVING_URL is not https, and none for https or a local address', async () => {
    const insecure = await startLog({ AD_SERVING_URL: 'http://ads.example.com' });
    expect(insecure.filter((line) => /not https/.test(line.msg))).toEqual([
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(/^Ads are served from http:\/\/ads\.example\.com, which is not https/),
      }),
    ]);
    const quiet: Record<string, string>[] = [
      { AD_SERVING_URL: 'https://ads.example.com' },
      { PUBLIC_URL: 'http://localhost:4000' },
    ];
    for (const env of quiet) {
      expect((await startLog(env)).filter((line) => /not https/.test(line.msg))).toEqual([]);
    }
  });
});
