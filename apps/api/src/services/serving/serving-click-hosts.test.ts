// Click redirects that cannot be abused (docs/serving.md, "Click hosts"): the platform click prefix (`?click=`) is honoured
// only when its host is one of the creative's platform's click-tracker hosts (the domain's platform
// table) or CLICK_PREFIX_HOSTS, and it carries no URL of its own and no fragment (a redirector's
// prefix would send the click elsewhere, the fragment drop the landing page); any other prefix is dropped and the click goes straight to the landing
// page, so no one can get a signed click URL on our origin that redirects to a host of their choosing.
import { servedAdSchema } from '@adconsole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness';
import { demoAsset, publishedLive, signedInUser, visit, withoutClickId } from '../../test/helpers';

const LANDING = 'https://advertiser.example/landing?utm=adconsole';

describe('click prefixes only to the platform click trackers', () => {
  let server: TestServer;
  let banner = '';
  let vast = '';
  const local = (url: string) => `${server.url}${url.slice(new URL(url).origin.length)}`;

  beforeAll(async () => {
    server = await startServer({ SERVE_RATE_LIMIT: '1000', CLICK_PREFIX_HOSTS: 'clicks.agency.example' });
    const { client } = await signedInUser(server);
    const campaignID =
      (await client.post<{ id: string }>('/v1/campaign/new', { name: 'Clicks' })).body.data?.id ?? '';
    const trackers = { click: [{ type: 'redirect', url: LANDING }] };
    banner = await publishedLive(
      client,
      campaignID,
      { name: 'Banner', type: 'Banner', width: 300, height: 250, platform: 'google-ad-manager', trackers },
      [{ name: 'banner.png', bytes: await demoAsset('banner.png') }],
    );
    vast = await publishedLive(
      client,
      campaignID,
      { name: 'Pre-roll', type: 'VAST', width: 640, height: 360, platform: 'google-ad-manager', trackers },
      [{ name: 'main.mp4', bytes: await demoAsset('main.mp4') }],
    );
  });
  afterAll(() => server.close());

  /** Where a click on the banner served with `click=prefix` sends the browser (the first hop). */
  async function clickLocation(prefix: string) {
    const ad = servedAdSchema.parse(
      await (await visit(`${server.url}/serve/ad/${banner}.json?click=${encodeURIComponent(prefix)}`)).json(),
    );
    const response = await visit(local(ad.clickUrl), { redirect: 'manual' });
    expect(response.status).toBe(302);
    // Where it goes, without the click id the redirect adds to the landing page (docs/conversions.md).
    return { location: withoutClickId(response.headers.get('location') ?? ''), clickUrl: ad.clickUrl };
  }

  it('attack: a signed click URL minted with ?click=https://evil.example/ never 302s to evil.example; it goes straight to the landing page', async () => {
    const { location, clickUrl } = await clickLocation('https://evil.example/steal?next=');
    expect(location).toBe(LANDING);
    expect(clickUrl).not.toContain('evil.example');
    // Nor in VAST: the ClickThrough is our signed click redirect, without the prefix.
    const xml = await (
      await visit(
        `${server.url}/serve/vast/${vast}.xml?click=${encodeURIComponent('https://evil.example/?u=')}`,
      )
    ).text();
    expect(xml).not.toContain('evil.example');
    expect(xml).toMatch(/<ClickThrough><!\[CDATA\[http[^\]]*\/serve\/click\/[^\]]*\]\]><\/ClickThrough>/);
    expect(/<ClickThrough><!\[CDATA\[([^\]]*)/.exec(xml)?.[1]).not.toContain('&c=');
    // A hand-made click URL carrying the evil prefix (unsigned) lands on the landing page too.
    const forged = await visit(
      `${server.url}/serve/click/${banner}?c=${encodeURIComponent('https://evil.example/?u=')}`,
      {
        redirect: 'manual',
      },
    );
    expect(forged.headers.get('location')).toBe(LANDING);
  });

  it("drops look-alike hosts: the platform's host as a prefix or suffix of another name, credentials, other schemes", async () => {
    for (const prefix of [
      'https://doubleclick.net.evil.example/c?adurl=',
      'https://evildoubleclick.net/c?adurl=',
      'https://adclick.g.doubleclick.net@evil.example/c?adurl=',
      'javascript:alert(1)//doubleclick.net',
    ]) {
      expect((await clickLocation(prefix)).location, prefix).toBe(LANDING);
    }
  });

  it('attack: a click tracker of an allowed host that already carries a URL, or a fragment, is dropped: our signature never leads through a redirector to another site', async () => {
    for (const prefix of [
      'https://adclick.g.doubleclick.net/pcs/click?adurl=https://evil.example/#',
      'https://adclick.g.doubleclick.net/pcs/click?xai=A&adurl=https%3A%2F%2Fevil.example%2F&x=',
      'https://www.google.com/url?q=https://evil.example/&x=',
      'https://adclick.g.doubleclick.net/pcs/click?xai=A#adurl=',
      'https://ib.adnxs.com/click?AAAA&clickenc=//evil.example/&r=',
    ]) {
      const { location, clickUrl } = await clickLocation(prefix);
      expect(location, prefix).toBe(LANDING);
      expect(clickUrl, prefix).not.toContain('evil.example');
    }
  });

  it("honours the creative's platform click tracker (its host or a subdomain) and CLICK_PREFIX_HOSTS", async () => {
    const gam = 'https://adclick.g.doubleclick.net/pcs/click?xai=AKAOj&sig=Cg0&adurl=';
    expect((await clickLocation(gam)).location).toBe(`${gam}${encodeURIComponent(LANDING)}`);
    const agency = 'https://clicks.agency.example/c?to=';
    expect((await clickLocation(agency)).location).toBe(`${agency}${encodeURIComponent(LANDING)}`);
    // Another platform's tracker is not this creative's platform: dropped.
    expect((await clickLocation('https://ad.adsrvr.org/clk?r=')).location).toBe(LANDING);
  });

  it('refuses a CLICK_PREFIX_HOSTS that is not a list of host names', async () => {
    await expect(startServer({ CLICK_PREFIX_HOSTS: 'https://evil.example/path' })).rejects.toThrow(
      /CLICK_PREFIX_HOSTS/,
    );
  });
});
