// A query parameter sent more than once on /serve/ (`?ifa=a&ifa=b`, which the query parser makes a list):
// every serving route reads it as its first value (a conversion's click ids excepted: a postback may
// send several), never a 500 (the domain's SERVE_REPEATED_QUERY; docs/security.md, "Round 6"). Every
// /serve/ route of the app's own route table is called with each of its query parameters repeated,
// and a capped ad's cap is spent once, for the first value's device, as a request sending it once.
import { randomUUID } from 'node:crypto';
import {
  PRIVACY_QUERY,
  SERVE_REPEATED_QUERY,
  type ServeRouteContract,
  servedAdSchema,
  servingContract,
} from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversionWorld,
  clickId,
  conversionWorld,
  local,
  newAction,
  oneBrowser,
} from '../../test/conversions-world';
import { testStoresLabel } from '../../test/harness';
import { demoAsset, publishedLive } from '../../test/helpers';
import { rulesWorld } from '../../test/rules-world';
import { serveRoutes } from '../../test/serve-routes';

const contract = Object.values(servingContract) as ServeRouteContract[];
/** The query parameters a serving route's schema names; the privacy signals' other spellings beside the tag's. */
const paramsOf = (entry: ServeRouteContract | undefined) => {
  const named = Object.keys(entry?.query?.shape ?? {});
  return named.includes('gdpr') ? [...new Set([...named, ...Object.values(PRIVACY_QUERY).flat()])] : named;
};
/** Every query parameter any serving route reads. */
const EVERY_PARAM = [...new Set(contract.flatMap(paramsOf))];
const DEVICE = '6d92078a-8246-4ba4-ae5b-76104861e7dc';
const OTHER_DEVICE = 'bd2a4c1e-0f55-4d1c-9a57-2c3e8b7a9f10';
const PREFIX = 'https://adclick.g.doubleclick.net/pcs/click?xai=AKAOj&adurl=';

describe(`repeated query parameters on /serve/ (${testStoresLabel()})`, () => {
  let world: ConversionWorld;
  /** A valid query of each route's kind, so a repeated parameter is read where its value matters. */
  const valid: Record<'tag' | 'track' | 'click' | 'conversion', URLSearchParams> = {
    // A device of its own each call (`ifa=`, set below): no call meets the cap.
    tag: new URLSearchParams({ click: PREFIX, gdpr: '0', pos: '0', apiframeworks: '2' }),
    track: new URLSearchParams(),
    click: new URLSearchParams(),
    conversion: new URLSearchParams({ value: '1.00', currency: 'USD', src: 'tag' }),
  };
  const ids = { action: '', bannerPlacement: '', vastPlacement: '' };
  const rules = () =>
    rulesWorld(() => ({ server: world.server, owner: world.owner, image: Buffer.alloc(0) }));

  beforeAll(async () => {
    world = await conversionWorld();
    const { creativeOf, setRules } = rules();
    // A cap: every ad request reads its history (the device's, by `ifa=`).
    await setRules(world.campaignA, { frequencyCaps: [{ count: 1_000, period: 'day' }] });
    ids.action = await newAction(world, world.campaignA);
    valid.conversion.set('click', await clickId(world, world.liveA));
    const placement = async (liveId: string) => {
      const made = await world.owner.post<{ id: string }>('/v1/campaign/placements', {
        campaignID: world.campaignA,
        name: 'Slot',
        mode: 'weighted',
        items: [{ creativeId: await creativeOf(liveId), weight: 1 }],
      });
      expect(made.httpStatus, JSON.stringify(made.body)).toBe(200);
      return made.body.data?.id ?? '';
    };
    ids.bannerPlacement = await placement(world.liveA);
    ids.vastPlacement = await placement(world.vastA);
    const ad = servedAdSchema.parse(
      await (await oneBrowser()(`${world.server.url}/serve/ad/${world.liveA}.json?click=${PREFIX}`)).json(),
    );
    valid.track = new URL(local(world, ad.events.impression ?? '')).searchParams;
    valid.track.set('code', '401');
    valid.click = new URL(local(world, ad.clickUrl)).searchParams;
  }, 60_000);
  afterAll(() => world?.close());

  /** A route's path with real ids in it, the contract entry it is, and its kind of valid query. */
  const routeOf = (method: string, path: string) => {
    const entry = contract.find(
      (each) =>
        (each.method === method || (method === 'HEAD' && each.method === 'GET')) &&
        path === each.path.replace(/\{([^}]+)\}/g, (_match, name) => (name === each.rest ? '*' : `:${name}`)),
    );
    const placementId =
      path.includes('/vast/p/') || path.includes('/vpaid/p/') ? ids.vastPlacement : ids.bannerPlacement;
    const file = path.includes('/p/')
      ? placementId
      : path.includes('/vast/') || path.includes('/vpaid/')
        ? world.vastA
        : world.liveA;
    const filled = path
      .replace(':file', `${file}${path.startsWith('/serve/ad/') ? '.json' : '.xml'}`)
      .replace(':liveID', world.liveA)
      .replace(':type', 'error')
      .replace(':action', ids.action)
      .replace(/\*$|:path$/, 'index.html');
    const kind = path.startsWith('/serve/t/')
      ? 'track'
      : path.startsWith('/serve/click/')
        ? 'click'
        : path.startsWith('/serve/conv/')
          ? 'conversion'
          : 'tag';
    return { entry, filled, kind } as const;
  };

  /** The valid query with `name` sent twice: its own value (or `a`) and another, in the given order. */
  const repeated = (query: URLSearchParams, name: string, firstValid: boolean) => {
    const sent = new URLSearchParams(query);
    if (query === valid.tag) sent.set('ifa', randomUUID());
    const own = sent.get(name) ?? 'a';
    sent.delete(name);
    for (const value of firstValid ? [own, `${own}x`] : [`${own}x`, own]) sent.append(name, value);
    return sent;
  };

  it('S6-7: every /serve/ route of the route table, each method, with each of its query parameters repeated, answers without a 5xx', async () => {
    for (const name of ['ifa', 'click', 'c', 'code', 'gdpr_consent', 'gdpr', 'us_privacy', 'gpp', 'gpp_sid'])
      expect(EVERY_PARAM).toContain(name);
    for (const name of ['site', 'page', 'bundle', 'i', 's', 'l', 'd', 'r'])
      expect(EVERY_PARAM).toContain(name);
    const routes = serveRoutes(world.server.app).filter((route) => route.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    let calls = 0;
    for (const { method, path } of routes) {
      const { entry, filled, kind } = routeOf(method, path);
      // A route the contract gives no query (or one added outside it) gets every parameter repeated.
      const names = entry?.query ? paramsOf(entry) : EVERY_PARAM;
      const queries = entry?.query
        ? names.flatMap((name) => [true, false].map((first) => repeated(valid[kind], name, first)))
        : [
            new URLSearchParams(
              EVERY_PARAM.flatMap((name) => [
                [name, 'a'],
                [name, 'b'],
              ]),
            ),
          ];
      for (const query of queries) {
        calls += 1;
        const answer = await oneBrowser()(`${world.server.url}${filled}?${query}`, {
          method,
          headers: method === 'POST' ? { 'Content-Type': 'text/plain;charset=UTF-8' } : {},
          ...(method === 'POST' ? { body: '' } : {}),
        });
        const body = await answer.text();
        if (answer.status >= 500) failures.push(`${method} ${filled}?${query}: ${answer.status} ${body}`);
      }
    }
    expect(failures).toEqual([]);
    // Every route was called: the tag, tracking, click and conversion routes with each parameter.
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/serve/ad/:file',
        '/serve/t/:type',
        '/serve/click/:liveID',
        '/serve/conv/:action',
      ]),
    );
    expect(calls).toBeGreaterThan(routes.length * 4);
    // /api/openapi.json says how each serving operation with a query reads a repeated parameter.
    const document = (await (await fetch(`${world.server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    for (const entry of contract.filter((each) => each.query !== undefined))
      expect(document.paths[entry.path]?.[entry.method.toLowerCase()]?.description, entry.path).toBe(
        SERVE_REPEATED_QUERY,
      );
  });

  it('S6-7: a repeated ifa on an ad capped at 1 a day spends the cap once, for the first value, as a request sending it once', async () => {
    const { newCampaign, setRules } = rules();
    const campaignID = await newCampaign('Capped at one');
    const live = await publishedLive(
      world.owner,
      campaignID,
      { name: 'Capped', type: 'Banner', width: 300, height: 250 },
      [{ name: 'banner.png', bytes: await demoAsset('banner.png') }],
    );
    await setRules(campaignID, { frequencyCaps: [{ count: 1, period: 'day' }], uncappable: 'skip' });
    const status = async (query: string) =>
      (await oneBrowser()(`${world.server.url}/serve/ad/${live}.json?nocookie=1&${query}`)).status;
    const twice = `ifa=${DEVICE}&ifa=${OTHER_DEVICE}&click=${encodeURIComponent(PREFIX)}&click=x`;
    // Answered as `ifa=DEVICE` alone: served, its one ad spent; the second value's device untouched.
    expect(await status(twice)).toBe(200);
    expect(await status(twice)).toBe(404);
    expect(await status(`ifa=${DEVICE}`)).toBe(404);
    expect(await status(`ifa=${OTHER_DEVICE}`)).toBe(200);
    expect(await status(`ifa=${OTHER_DEVICE}`)).toBe(404);
  });
});
