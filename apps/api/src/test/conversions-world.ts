// The conversion suites' world (docs/conversions.md): a server with a clock the tests move, two campaigns with a
// banner each, conversion actions, and the steps of a conversion: an ad served, its impression fired,
// its click redirected to the landing page (whose click id is read off the Location), then a postback.
import {
  type ConversionCounting,
  MAX_PER_CLICK,
  servedAdSchema,
  type UnsignedConversions,
} from '@adconsole/domain';
import { insertConversionAction, setPostbackKey } from '../db/queries/conversion-actions';
import { newId } from '../services/ids';
import { postbackKeyHash } from '../services/serving/conversions';
import { type Client, startServer, type TestServer } from './harness';
import { BROWSER_USER_AGENT, demoAsset, publishedLive, signedInUser, visitorAddress } from './helpers';

const LANDING =
  'https://advertiser.example/landing?utm_source=adconsole&utm_medium=display&adc_click=stale#offer';

export interface ConversionWorld {
  server: TestServer;
  /** The server's clock (ms): set it to move time. */
  clock: { now: number };
  campaignA: string;
  campaignB: string;
  /** A banner of each campaign; B's campaign names its click parameter `ref_click`. */
  liveA: string;
  liveA2: string;
  liveB: string;
  vastA: string;
  /** The campaigns' owner, signed in. */
  owner: Client;
  close(): Promise<void>;
}

export async function conversionWorld(env: Record<string, string> = {}): Promise<ConversionWorld> {
  const clock = { now: Date.parse('2026-03-20T12:00:00.000Z') };
  const server = await startServer(
    { SERVE_RATE_LIMIT: '100000', CLICK_PREFIX_HOSTS: 'clicks.agency.example', ...env },
    { clock: () => clock.now },
  );
  const { client } = await signedInUser(server);
  const campaign = async (name: string) =>
    (await client.post<{ id: string }>('/v1/campaign/new', { name })).body.data?.id ?? '';
  const campaignA = await campaign('Shop A');
  const campaignB = await campaign('Shop B');
  await server.db.query("update campaigns set click_param = 'ref_click' where id = $1", [campaignB]);
  const trackers = { click: [{ type: 'redirect', url: LANDING }] };
  const banner = async (campaignID: string, name: string) =>
    publishedLive(
      client,
      campaignID,
      { name, type: 'Banner', width: 300, height: 250, platform: 'google-ad-manager', trackers },
      [{ name: 'banner.png', bytes: await demoAsset('banner.png') }],
    );
  const liveA = await banner(campaignA, 'A');
  const liveA2 = await banner(campaignA, 'A2');
  const liveB = await banner(campaignB, 'B');
  const vastA = await publishedLive(
    client,
    campaignA,
    { name: 'Pre-roll', type: 'VAST', width: 640, height: 360, platform: 'google-ad-manager', trackers },
    [{ name: 'main.mp4', bytes: await demoAsset('main.mp4') }],
  );
  return {
    server,
    clock,
    campaignA,
    campaignB,
    liveA,
    liveA2,
    liveB,
    vastA,
    owner: client,
    close: () => server.close(),
  };
}

/** A new conversion action of the campaign: its id. */
export async function newAction(
  world: ConversionWorld,
  campaignId: string,
  options: {
    counting?: ConversionCounting;
    lookbackDays?: number;
    currency?: string;
    unsigned?: UnsignedConversions;
    maxPerClick?: number;
    maxValueMinor?: number | null;
  } = {},
): Promise<string> {
  const id = newId();
  await insertConversionAction(world.server.db, {
    id,
    campaign_id: campaignId,
    name: `Purchase ${id.slice(0, 6)}`,
    type: 'purchase',
    counting: options.counting ?? 'every',
    lookback_days: options.lookbackDays ?? 30,
    currency: options.currency ?? 'USD',
    // As actions made before postback keys: unsigned conversions count (the security suite sets others).
    unsigned: options.unsigned ?? 'counted',
    max_per_click: options.maxPerClick ?? MAX_PER_CLICK.default,
    max_value_minor: options.maxValueMinor ?? null,
  });
  return id;
}

/** A postback key of the action, as the rotate call makes it: the key. */
export async function keyOf(world: ConversionWorld, action: string): Promise<string> {
  const key = `adck_${newId()}${newId()}`;
  await setPostbackKey(world.server.db, action, { hash: postbackKeyHash(key), hint: key.slice(-4) });
  return key;
}

/** One browser: a user agent and an address of its own. */
export const oneBrowser = (userAgent = BROWSER_USER_AGENT) => {
  const address = visitorAddress();
  return (url: string, init: RequestInit = {}) =>
    fetch(url, {
      redirect: 'manual',
      ...init,
      headers: { 'User-Agent': userAgent, 'X-Forwarded-For': address, ...(init.headers as object) },
    });
};

/** Our origin's path of a URL the server wrote with its public origin. */
export const local = (world: ConversionWorld, url: string) =>
  `${world.server.url}${url.slice(new URL(url).origin.length)}`;

/**
 * An ad of the live creative served, its impression fired (unless `impression` is false) and clicked:
 * the Location the click redirect answers. `clickAs` is the click's own user agent (a bot's click).
 */
export async function clickOn(
  world: ConversionWorld,
  liveId: string,
  options: { impression?: boolean; clickAs?: string; prefix?: string } = {},
): Promise<string> {
  const browser = oneBrowser();
  const query = options.prefix ? `?click=${encodeURIComponent(options.prefix)}` : '';
  const ad = servedAdSchema.parse(
    await (await browser(`${world.server.url}/serve/ad/${liveId}.json${query}`)).json(),
  );
  if (options.impression !== false) await browser(local(world, ad.events.impression ?? ''));
  const clicker = options.clickAs ? oneBrowser(options.clickAs) : browser;
  const answer = await clicker(local(world, ad.clickUrl));
  if (answer.status !== 302) throw new Error(`click answered ${answer.status}`);
  return answer.headers.get('location') ?? '';
}

/** The click id a landing URL carries in `param`. */
export const clickIdIn = (location: string, param = 'adc_click') =>
  new URL(location).searchParams.get(param) ?? '';

/** A click's id: clickOn, then read off the landing URL. */
export const clickId = async (
  world: ConversionWorld,
  liveId: string,
  options: Parameters<typeof clickOn>[2] = {},
) => clickIdIn(await clickOn(world, liveId, options));

/** A postback: GET /serve/conv/{action} with these fields (`click` repeated when a list). */
export async function postback(
  world: ConversionWorld,
  action: string,
  fields: Record<string, string | string[] | undefined>,
  init: RequestInit = {},
) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const each of Array.isArray(value) ? value : value === undefined ? [] : [value])
      query.append(key, each);
  }
  const answer = await fetch(`${world.server.url}/serve/conv/${action}?${query}`, init);
  return {
    status: answer.status,
    body: (await answer.json()) as Record<string, unknown> & { id: string },
    headers: answer.headers,
  };
}

/** The ledger's rows of an action, oldest first. */
export const ledgerOf = (world: ConversionWorld, action: string) =>
  world.server.db.query<{
    id: string;
    reason: string | null;
    live_id: string | null;
    creative_id: string | null;
    campaign_id: string | null;
    value_minor: string | number;
    order_hash: string | null;
    source: string;
    clicked_at: Date | null;
  }>('select * from conversions where action_id = $1 order by converted_at, id', [action]);
