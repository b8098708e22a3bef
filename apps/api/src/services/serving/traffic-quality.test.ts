// The edge classifier on real user agents and real addresses: the bots recorded in the open
// crawler-user-agents list are flagged, real browsers never; hosting networks' addresses are data-centre
// traffic, broadband and mobile carriers' are not; X-Device-* headers count only from a listed SSAI proxy.
import crawlers from 'crawler-user-agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeClientAddress } from '../client-address';
import { type HostingRanges, ipv4Number, ipv6Prefix48, loadHostingRanges } from './hosting-ranges';
import { ADDRESS_RATE_FACTOR, RATE_KEYS_LIMIT, TrafficQuality } from './traffic-quality';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Real browsers, as their vendors ship them (desktop, mobile, tablets, TVs, in-app browsers). */
const BROWSERS = [
  CHROME,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240605.024; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 337.0.3.23.54 (iPhone15,3; iOS 17_5; en_US; en; scale=3.00; 1290x2796; 618011447)',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.38.108;FBBV/614254040;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/80]',
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0.4183.93/6.5 TV Safari/537.36',
  'Mozilla/5.0 (Linux; Android 9; BRAVIA 4K UR2 Build/PTT1.190515.001.S52) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.5735.196 Mobile Safari/537.36',
];

/** Bots by their pattern in crawler-user-agents: every recorded instance of each must be flagged. */
const BOT_PATTERNS = [
  'Googlebot\\/',
  'bingbot',
  'facebookexternalhit',
  'Twitterbot',
  'LinkedInBot',
  'Slackbot',
  'Discordbot',
  'TelegramBot',
  'WhatsApp',
  'AhrefsBot',
  'SemrushBot',
  'GPTBot',
  'ClaudeBot',
  'UptimeRobot',
  'Pingdom.com_bot',
  'curl',
  'python-requests',
  'YandexBot',
  'Baiduspider',
  'DuckDuckBot',
  'Applebot',
];

describe('the edge classifier', () => {
  let hosting: HostingRanges;
  beforeAll(async () => {
    hosting = await loadHostingRanges();
  });
  const classifier = (options: Partial<ConstructorParameters<typeof TrafficQuality>[0]> = {}) =>
    new TrafficQuality({ hosting, ssaiProxies: [], rateLimit: 10, ...options });
  const request = (
    userAgent: string | undefined,
    ip = '79.192.1.1',
    headers: Record<string, string> = {},
  ) => ({
    ip,
    headers: { ...(userAgent === undefined ? {} : { 'user-agent': userAgent }), ...headers },
  });

  it('flags every recorded instance of well-known bots, crawlers, link previews and monitors (the maintained list)', () => {
    const quality = classifier();
    const instances = crawlers
      .filter((entry) => BOT_PATTERNS.includes(entry.pattern))
      .flatMap((entry) => entry.instances.map((ua) => [entry.pattern, ua] as const));
    expect(instances.length).toBeGreaterThan(60);
    const missed = instances.filter(([, ua]) => quality.classify(request(ua)).reason === null);
    expect(missed).toEqual([]);
  });

  it('never flags a real browser, on a computer, a phone, a tablet, a TV or in an app', () => {
    const quality = classifier();
    for (const ua of BROWSERS) expect(quality.classify(request(ua)).reason, ua).toBeNull();
  });

  it('tells headless and automation browsers from other bots', () => {
    const quality = classifier();
    for (const ua of [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.6478.126 Safari/537.36',
      'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
    ])
      expect(quality.classify(request(ua)).reason).toBe('headless');
  });

  it('a missing or empty user agent is invalid', () => {
    const quality = classifier();
    expect(quality.classify(request(undefined)).reason).toBe('no-user-agent');
    expect(quality.classify(request('  ')).reason).toBe('no-user-agent');
  });

  it('prefetch, prerender and preview requests are invalid (Sec-Purpose, Purpose, X-Purpose, X-Moz)', () => {
    const quality = classifier();
    for (const headers of <Record<string, string>[]>[
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-purpose': 'preview' },
      { 'x-moz': 'prefetch' },
    ])
      expect(quality.classify(request(CHROME, '79.192.1.1', headers)).reason).toBe('prefetch');
  });

  it('addresses of cloud and hosting networks are data-centre traffic; broadband and mobile carriers are not', () => {
    const quality = classifier();
    // AWS, Google Cloud, Azure, DigitalOcean, Hetzner, OVH, Scaleway; AWS and Hetzner over IPv6.
    for (const ip of [
      '3.5.140.2',
      '52.94.236.248',
      '34.117.59.81',
      '20.50.2.1',
      '159.89.1.1',
      '95.216.1.1',
      '51.15.1.1',
      '2600:1f18::1',
      '2a01:4f8::1',
      '::ffff:3.5.140.2',
    ])
      expect(quality.classify(request(CHROME, ip)).reason, ip).toBe('data-centre');
    // Deutsche Telekom, Comcast, BT; Telekom over IPv6; Cloudflare (WARP and Private Relay carry people);
    // private and loopback addresses.
    for (const ip of [
      '79.192.1.1',
      '73.15.1.1',
      '86.150.1.1',
      '2003:e1::1',
      '104.16.0.1',
      '10.1.2.3',
      '127.0.0.1',
    ])
      expect(quality.classify(request(CHROME, ip)).reason, ip).toBeNull();
  });

  it('believes X-Device-IP and X-Device-User-Agent only from a listed SSAI proxy', () => {
    const viewer = { 'x-device-ip': '79.192.1.1', 'x-device-user-agent': CHROME };
    const trusting = classifier({ ssaiProxies: ['3.5.140.0/24'] });
    // The stitching server sits in a data centre; its viewer does not.
    expect(trusting.classify(request('ssai-stitcher/2.0', '3.5.140.2', viewer)).reason).toBeNull();
    // The viewer's own user agent decides: a bot behind the proxy is still a bot.
    expect(
      trusting.classify(
        request('ssai-stitcher/2.0', '3.5.140.2', { ...viewer, 'x-device-user-agent': 'curl/8.4.0' }),
      ).reason,
    ).toBe('bot');
    // The same headers from an address that is not listed are ignored.
    expect(trusting.classify(request(CHROME, '52.94.236.248', viewer)).reason).toBe('data-centre');
    expect(classifier().classify(request(CHROME, '3.5.140.2', viewer)).reason).toBe('data-centre');
  });

  it('the rate rule: ad requests past the limit a minute, per client and live creative, carry `rate`', () => {
    let now = 1_000_000 * 60_000;
    const quality = classifier({ rateLimit: 3, now: () => now });
    const client = quality.classify(request(CHROME));
    const verdicts = Array.from({ length: 5 }, () => quality.adRequestReason(client, 'live-a'));
    expect(verdicts).toEqual([null, null, null, 'rate', 'rate']);
    // Another live creative, or another client, has its own count.
    expect(quality.adRequestReason(client, 'live-b')).toBeNull();
    expect(quality.adRequestReason(quality.classify(request(CHROME, '73.15.1.1')), 'live-a')).toBeNull();
    now += 60_000;
    expect(quality.adRequestReason(client, 'live-a')).toBeNull();
    // A bot's ad request carries its own reason; a prefetch carries none (its page may yet be opened).
    expect(quality.adRequestReason(quality.classify(request('curl/8.4.0')), 'live-a')).toBe('bot');
    const prefetch = quality.classify(request(CHROME, '73.15.1.1', { 'sec-purpose': 'prefetch' }));
    expect(quality.adRequestReason(prefetch, 'live-a')).toBeNull();
    // A HEAD (a link checker) is judged as a prefetch, and spends none of its client's ad requests.
    const head = quality.classify({ ...request(CHROME, '73.15.9.9'), method: 'HEAD' });
    expect(head.reason).toBe('prefetch');
    for (let round = 0; round < 5; round += 1) expect(quality.adRequestReason(head, 'live-c')).toBeNull();
    const get = quality.classify({ ...request(CHROME, '73.15.9.9'), method: 'GET' });
    const after = Array.from({ length: 4 }, () => quality.adRequestReason(get, 'live-c'));
    expect(after).toEqual([null, null, null, 'rate']);
  });

  it("S5-7: a flood of distinct rate keys never clears the minute's counts of the clients still counting (keys not counted lately are forgotten, RATE_KEYS_LIMIT at most)", () => {
    const now = 1_000_000 * 60_000;
    // RATE_KEYS_LIMIT (200,000) made 2,000 here: the same rule, a flood the test can afford.
    const limit = 2_000;
    expect(RATE_KEYS_LIMIT).toBeGreaterThan(limit);
    const quality = classifier({ rateLimit: 3, now: () => now, rateKeysLimit: limit });
    const steady = quality.classify(request(CHROME, '73.15.1.1'));
    for (let round = 0; round < 3; round += 1) expect(quality.overRate(steady, 'live-a')).toBe(false);
    // A new live creative a request from another client: more keys than the limit holds.
    const flooder = quality.classify(request(CHROME, '79.192.1.1'));
    for (let n = 0; n < 3 * limit; n += 1) {
      quality.overRate(flooder, `live-${n}`);
      // The steady client keeps counting (every 500 keys): its key is never the least recent.
      if (n % 500 === 0 && n > 0) expect(quality.overRate(steady, 'live-a')).toBe(true);
    }
    // The flood's own keys fill the two halves (recent-map.ts): more than half the limit, never more.
    expect(quality.rateKeys).toBeGreaterThan(limit / 2);
    expect(quality.rateKeys).toBeLessThanOrEqual(limit);
    expect(quality.overRate(steady, 'live-a')).toBe(true);
  });

  it('S5-7: unsigned conversions are counted per address alone too, at ADDRESS_RATE_FACTOR times the limit: a new user agent a request buys no new allowance; an IPv6 /64 is one address (S6-3: ad requests alike, and the even share by the same address)', () => {
    const now = 1_000_000 * 60_000;
    const quality = classifier({ rateLimit: 2, now: () => now });
    const agents = (key: string) =>
      Array.from({ length: 2 * ADDRESS_RATE_FACTOR + 1 }, (_, n) =>
        quality.overRate(quality.classify(request(`${CHROME} n/${n}`, '79.192.1.1')), key),
      );
    const verdicts = agents('conv|a');
    expect(verdicts.filter(Boolean)).toEqual([true]);
    expect(verdicts.at(-1)).toBe(true);
    // An ad request's tag alike, with a count of its own: the verdict its impression carries is `rate`.
    expect(agents('live-a').filter(Boolean)).toEqual([true]);
    expect(quality.adRequestReason(quality.classify(request(`${CHROME} n/99`, '79.192.1.1')), 'live-a')).toBe(
      'rate',
    );
    // Another action, another address: their own counts. Addresses of one /64 share one.
    expect(quality.overRate(quality.classify(request(CHROME, '79.192.1.1')), 'conv|b')).toBe(false);
    const six = (n: number) =>
      quality.classify(request(`${CHROME} v6/${n}`, `2a01:4f8:1:2::${n.toString(16)}`));
    const v6 = Array.from({ length: 2 * ADDRESS_RATE_FACTOR + 1 }, (_, n) =>
      quality.overRate(six(n), 'conv|a'),
    );
    expect(v6.at(-1)).toBe(true);
    expect(quality.overRate(quality.classify(request(CHROME, '2a01:4f8:1:3::1')), 'conv|a')).toBe(false);
    // Even delivery's share keys a client by the same address: a /64's, an IPv4-mapped address's IPv4.
    expect(six(1).addressKey()).toBe(six(2).addressKey());
    expect(six(1).addressKey()).not.toBe(quality.classify(request(CHROME, '2a01:4f8:1:3::1')).addressKey());
    expect(quality.classify(request(CHROME, '::ffff:4fc0:101')).addressKey()).toBe(
      quality.classify(request(`${CHROME} x`, '79.192.1.1')).addressKey(),
    );
  });

  it('mapped addresses: an IPv4-mapped IPv6 address in any spelling is its IPv4 address before the country lookup, the hosting list and the rate rule', () => {
    const spellings = [
      '::ffff:85.214.132.117',
      '::ffff:55d6:8475',
      '::FFFF:55D6:8475',
      '0:0:0:0:0:ffff:55d6:8475',
      '0000:0000:0000:0000:0000:FFFF:55d6:8475',
      '0:0:0:0:0:ffff:85.214.132.117',
      '0:0::ffff:55d6:8475',
    ];
    for (const spelling of spellings)
      expect(normalizeClientAddress(spelling), spelling).toBe('85.214.132.117');
    // Not mapped: unchanged (IPv4-translated ::ffff:0:a.b.c.d and IPv4-compatible ::a.b.c.d are other addresses).
    for (const other of ['85.214.132.117', '2a01:4f8::1', '::ffff:0:55d6:8475', '::55d6:8475', 'garbage'])
      expect(normalizeClientAddress(other)).toBe(other);
    const quality = classifier({ rateLimit: 1, now: () => 1_000_000 * 60_000 });
    // 85.214.132.117 is in Germany: every spelling is read so.
    for (const spelling of spellings)
      expect(quality.classify(request(CHROME, spelling)).dimensions().country, spelling).toBe('DE');
    // 52.94.236.248 is AWS's: in hex behind ::ffff: too.
    for (const spelling of ['::ffff:345e:ecf8', '0:0:0:0:0:FFFF:345E:ECF8', '::ffff:52.94.236.248'])
      expect(quality.classify(request(CHROME, spelling)).reason, spelling).toBe('data-centre');
    // One client for the rate rule whatever the spelling.
    const first = quality.classify(request(CHROME, '85.214.132.117'));
    expect(quality.overRate(first, 'k')).toBe(false);
    for (const spelling of spellings)
      expect(quality.overRate(quality.classify(request(CHROME, spelling)), 'k')).toBe(true);
  });

  it('remembers user-agent verdicts: the same answer from the cache as from the list', () => {
    const quality = classifier();
    for (const ua of [...BROWSERS, 'curl/8.4.0'])
      expect(quality.userAgentReason(ua)).toBe(quality.userAgentReason(ua));
    expect(quality.userAgentReason('curl/8.4.0')).toBe('bot');
  });

  it('reads IPv4 and IPv6 addresses exactly, and refuses what is not one', () => {
    expect(ipv4Number('3.5.140.2')).toBe(3 * 2 ** 24 + 5 * 2 ** 16 + 140 * 256 + 2);
    for (const bad of ['3.5.140', '3.5.140.256', '3..5.1', 'a.b.c.d', '1.2.3.4.5'])
      expect(ipv4Number(bad)).toBeUndefined();
    expect(ipv6Prefix48('2001:db8:1::')).toBe(0x2001 * 2 ** 32 + 0x0db8 * 2 ** 16 + 1);
    expect(ipv6Prefix48('::1')).toBe(0);
    expect(ipv6Prefix48('fe80::1%eth0')).toBe(0xfe80 * 2 ** 32);
    for (const bad of ['1::2::3', 'garbage', '1:2:3:4:5:6:7:8:9']) expect(ipv6Prefix48(bad)).toBeUndefined();
  });
});
