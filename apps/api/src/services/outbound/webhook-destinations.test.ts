// Where a webhook may go (./webhook-destinations.ts): no request into our own network. Names are
// resolved by a stand-in resolver where the test names the answer, and by the system's for localhost.
import { promises as dns } from 'node:dns';
import {
  MESSAGES,
  webhookHostUnresolvedMessage,
  webhookPortMessage,
  webhookPrivateAddressMessage,
} from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookDestination,
  guardedLookup,
  isPrivateAddress,
  type ResolveAll,
} from './webhook-destinations';

/** A resolver that answers from a table (and fails for a name it does not know, as DNS would). */
const resolver =
  (table: Record<string, string[]>): ResolveAll =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address }));
  };
const noDns: ResolveAll = async (host) => {
  throw new Error(`no lookup expected for ${host}`);
};
/** WEBHOOK_ALLOWED_PORTS' default. */
const WEB_PORTS = [
  { from: 80, to: 80 },
  { from: 443, to: 443 },
];
interface CheckOptions {
  allowedHosts?: string[];
  allowedPorts?: { from: number; to: number }[];
  resolve?: ResolveAll;
}
const check = (url: string, options: CheckOptions = {}) =>
  checkWebhookDestination(url, {
    allowedHosts: options.allowedHosts ?? [],
    allowedPorts: options.allowedPorts ?? WEB_PORTS,
    resolve: options.resolve ?? noDns,
  });
const refusal = (url: string, options?: CheckOptions) =>
  check(url, options).then(
    () => 'allowed',
    (error: Error) => error.message,
  );

describe('private addresses, IPv4 and IPv6', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique local'],
    ['fc12:3456::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, as the URL parser writes it'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped 169.254.169.254'],
    ['0:0:0:0:0:ffff:10.0.0.5', 'IPv4-mapped private, written in full'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['2002:7f00:1::', '6to4 of a loopback address'],
    ['64:ff9b::a00:5', 'NAT64 of a private address'],
    ['not-an-address', 'not an address at all'],
    // Spellings the save check used to let through (the public rule now asks for global unicast).
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated 169.254.169.254'],
    ['::5db8:d70e', 'IPv4-compatible (deprecated) of a public address'],
    ['::2', 'IPv4-compatible 0.0.0.2'],
    ['0:0:0:0:1::1', 'outside global unicast'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo, hiding 127.0.0.1'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['4000::1', 'unassigned, outside global unicast'],
    ['5f00::1', 'segment routing'],
  ])('%s is refused (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81b::200e',
    '::ffff:93.184.215.14',
    '2002:5db8:d70e::',
  ])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('webhook URLs: checked as they are saved', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://[::1]/', '::1'],
    ['http://10.0.0.5/', '10.0.0.5'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    // Other spellings of 127.0.0.1, which the URL parser reads as the dotted address.
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.0.0.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['https://100.64.0.1:8443/in', '100.64.0.1'],
    ['http://localhost:8080/', 'localhost'],
    ['http://api.localhost/', 'api.localhost'],
  ])('%s is refused: its host %s is private', async (url, host) => {
    expect(await refusal(url)).toBe(webhookPrivateAddressMessage(host));
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'example.com/hook',
    'https://user:pass@example.com/',
    'https://user@example.com/',
  ])('%s is refused: not http(s), not absolute, or with credentials', async (url) => {
    expect(await refusal(url)).toBe(MESSAGES.webhookUrl);
  });

  it('unusual IPv6 spellings that never reach a public receiver are refused at save too (security round 4, finding 6)', async () => {
    for (const [url, host] of [
      ['http://[::ffff:0:127.0.0.1]/', '::ffff:0:7f00:1'],
      ['http://[::93.184.215.14]/', '::5db8:d70e'],
      ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
      ['http://[2001:db8::1]/', '2001:db8::1'],
      ['https://[3fff::1]/', '3fff::1'],
      ['https://[5f00::1]/', '5f00::1'],
    ])
      expect(await refusal(url as string), url).toBe(webhookPrivateAddressMessage(host as string));
  });

  it('only ports 80 and 443 unless WEBHOOK_ALLOWED_PORTS says otherwise, for every host (security round 4, finding 6)', async () => {
    expect((await check('https://93.184.215.14/hooks')).port).toBe('');
    expect((await check('http://93.184.215.14:80/hooks')).hostname).toBe('93.184.215.14');
    expect((await check('http://93.184.215.14:443/hooks')).port).toBe('443');
    for (const [url, port] of [
      ['https://93.184.215.14:22/', 22],
      ['http://93.184.215.14:8080/', 8080],
      ['https://93.184.215.14:6379/', 6379],
    ] as const)
      expect(await refusal(url)).toBe(webhookPortMessage(port, '80 and 443'));
    const allowedPorts = [...WEB_PORTS, { from: 8000, to: 8099 }];
    expect((await check('http://93.184.215.14:8080/', { allowedPorts })).port).toBe('8080');
    expect(await refusal('http://93.184.215.14:8100/', { allowedPorts })).toBe(
      webhookPortMessage(8100, '80, 443 and 8000-8099'),
    );
    // An internal host an admin allowed is held to the ports too: its other services are no receivers.
    expect(await refusal('http://10.0.0.5:5432/', { allowedHosts: ['10.0.0.5'] })).toBe(
      webhookPortMessage(5432, '80 and 443'),
    );
  });

  it('a public IP literal is allowed without a lookup', async () => {
    expect((await check('http://93.184.215.14/hooks')).hostname).toBe('93.184.215.14');
    expect((await check('https://[2606:4700:4700::1111]/')).hostname).toBe('[2606:4700:4700::1111]');
  });

  it('a name is allowed when every address it resolves to is public', async () => {
    const resolve = resolver({
      'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    expect((await check('https://hooks.example.com/in', { resolve })).hostname).toBe('hooks.example.com');
  });

  it('a name that resolves to a private address is refused, even beside a public one', async () => {
    const resolve = resolver({
      'internal.example.com': ['10.0.0.5'],
      'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
      'metadata.example.com': ['::ffff:169.254.169.254'],
    });
    for (const host of ['internal.example.com', 'mixed.example.com', 'metadata.example.com'])
      expect(await refusal(`https://${host}/`, { resolve })).toBe(webhookPrivateAddressMessage(host));
  });

  it('a name that does not resolve is refused with its own message', async () => {
    expect(await refusal('https://nowhere.example.com/', { resolve: resolver({}) })).toBe(
      webhookHostUnresolvedMessage('nowhere.example.com'),
    );
  });

  it('localhost resolves to a loopback address, and is refused', async () => {
    const addresses = await dns.lookup('localhost', { all: true });
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((entry) => isPrivateAddress(entry.address))).toBe(true);
    expect(await refusal('http://localhost/', { resolve: (host) => dns.lookup(host, { all: true }) })).toBe(
      webhookPrivateAddressMessage('localhost'),
    );
  });

  it("an admin's allow-list lets a host through the address checks, not the others", async () => {
    expect((await check('http://localhost/', { allowedHosts: ['localhost'] })).hostname).toBe('localhost');
    expect(
      (
        await check('http://10.0.0.5:9000/in', {
          allowedHosts: ['10.0.0.5'],
          allowedPorts: [{ from: 9000, to: 9000 }],
        })
      ).port,
    ).toBe('9000');
    const resolve = resolver({ 'hooks.internal': ['10.0.0.7'] });
    expect((await check('http://hooks.internal/', { allowedHosts: ['hooks.internal'], resolve })).host).toBe(
      'hooks.internal',
    );
    expect(await refusal('ftp://localhost/', { allowedHosts: ['localhost'] })).toBe(MESSAGES.webhookUrl);
    expect(await refusal('http://127.0.0.1/', { allowedHosts: ['localhost'] })).toBe(
      webhookPrivateAddressMessage('127.0.0.1'),
    );
  });
});

describe('webhook deliveries: checked again when they connect (DNS rebinding)', () => {
  it('the connection’s lookup refuses a name that resolves to a loopback address, unless allowed', async () => {
    const lookup = (allowed: boolean) =>
      new Promise<unknown>((resolve) =>
        guardedLookup('localhost', allowed)('localhost', {}, (error: unknown, address: unknown) =>
          resolve(error instanceof Error ? error.message : address),
        ),
      );
    expect(await lookup(false)).toBe(webhookPrivateAddressMessage('localhost'));
    expect(await lookup(true)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
