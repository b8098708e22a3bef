// Where a webhook may be sent (docs/alerts.md, "Where a webhook may go"): a server that POSTs to any
// URL a user types is a way into the network it runs in (server-side request forgery), and one that
// connects to any port is a port scanner. A webhook URL must be absolute http(s) without credentials,
// on a port receivers listen on (80 and 443 unless WEBHOOK_ALLOWED_PORTS says otherwise, for every
// host), and its host must be public: every address it is or resolves to outside the private,
// loopback, link-local, unique-local, multicast, unspecified, CGNAT and reserved ranges of IPv4, and
// inside IPv6's global unicast space (2000::/3) but outside its special-purpose blocks (an IPv4
// address mapped into an IPv6 one, or inside a 6to4 one, counts as that IPv4 address). The URL parser
// reads the other spellings of an IPv4 address (http://2130706433/, http://0x7f.0.0.1/,
// http://0177.0.0.1/, http://127.1/) as the dotted address, so one check covers them. An admin may
// allow host names (WEBHOOK_ALLOWED_HOSTS: an internal receiver), which skip the address check only.
//
// The check when a URL is saved (checkWebhookDestination) is not enough on its own: a name can be
// re-pointed between the check and the delivery (DNS rebinding). So every delivery checks again when
// it connects, and connects to the address it checked: guardedLookup is the connection's own DNS lookup
// and hands the socket only addresses that passed.
import { promises as dns, lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import {
  ApiError,
  MESSAGES,
  webhookHostUnresolvedMessage,
  webhookPortMessage,
  webhookPortsText,
  webhookPrivateAddressMessage,
} from '@adconsole/domain';

import type { WebhookRules } from '../../config/addresses';
import { ipv6Groups } from '../client-address';

export type { WebhookRules };

/** A destination refused by these rules, at the connection's own lookup (its message is ours). */
export class DestinationRefused extends Error {}

/** Where no webhook may go: the addresses of this machine, its networks and its cloud's metadata. */
const privateRanges = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['0.0.0.0', 8], // "this" network, 0.0.0.0 the unspecified address
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local, where cloud metadata answers (169.254.169.254)
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // IETF protocol assignments
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, and the broadcast address
  ] as const)
    list.addSubnet(network, prefix, 'ipv4');
  return list;
})();

/**
 * Where a public IPv6 receiver may be: global unicast (2000::/3; everything outside it is loopback,
 * unspecified, IPv4-compatible, IPv4-translated, NAT64, discard, unique-local, link-local, site-local,
 * multicast or unassigned), less its special-purpose blocks.
 */
const globalUnicast = (() => {
  const list = new BlockList();
  list.addSubnet('2000::', 3, 'ipv6');
  return list;
})();
const specialPurposeIpv6 = (() => {
  const list = new BlockList();
  for (const [network, prefix] of [
    ['2001::', 23], // IETF protocol assignments: Teredo (2001::/32, an IPv4 address hidden inside), benchmarking, ORCHID
    ['2001:db8::', 32], // documentation
    ['3fff::', 20], // documentation
  ] as const)
    list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/**
 * The IPv4 address an IPv6 one carries where a connection reaches that IPv4 host: IPv4-mapped
 * (::ffff:a.b.c.d) and 6to4 (2002:aabb:ccdd::). The other IPv6 forms that hold an IPv4 address
 * (IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, Teredo) are refused whatever they hold.
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return v4(groups[6] ?? 0, groups[7] ?? 0);
  if (groups[0] === 0x2002) return v4(groups[1] ?? 0, groups[2] ?? 0);
  return undefined;
}

/** Whether an address is private, loopback, link-local or otherwise not a public receiver's. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner !== undefined) return privateRanges.check(inner, 'ipv4');
  return !globalUnicast.check(address, 'ipv6') || specialPurposeIpv6.check(address, 'ipv6');
}

/** A URL's host as compared and resolved: lower case, an IPv6 literal without its brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Names that are this machine whatever DNS says (RFC 6761). */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The port a URL connects to: its own, else its scheme's. */
const portOf = (url: URL) => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port));

/**
 * The URL of a webhook, checked without DNS: absolute http(s), no credentials, no private address
 * written in it (in any of its spellings) and no localhost name, unless an admin allowed the host; and
 * on an allowed port, whatever the host (an allowed internal host's other ports are no receiver's).
 */
export function webhookUrl(text: string, rules: WebhookRules): URL {
  const { allowedHosts } = rules;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw ApiError.of(400, MESSAGES.webhookUrl);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw ApiError.of(400, MESSAGES.webhookUrl);
  const host = hostOf(url);
  if (!allowedHosts.includes(host) && (isLocalhostName(host) || (isIP(host) && isPrivateAddress(host))))
    throw ApiError.of(400, webhookPrivateAddressMessage(host));
  const port = portOf(url);
  if (!rules.allowedPorts.some((range) => port >= range.from && port <= range.to))
    throw ApiError.of(400, webhookPortMessage(port, webhookPortsText(rules.allowedPorts)));
  return url;
}

/** Every address a name resolves to (dns.promises.lookup with all: true, as the system resolves it). */
export type ResolveAll = (host: string) => Promise<readonly { address: string }[]>;

const systemResolver: ResolveAll = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * A webhook URL checked as it is saved: `webhookUrl`, then, for a name, every address it resolves to
 * must be public (one private answer among public ones is refused: the connection may pick it). An
 * allowed host skips the address checks. Repeated at each delivery (guardedLookup), see above.
 */
export async function checkWebhookDestination(
  text: string,
  options: WebhookRules & { resolve?: ResolveAll },
): Promise<URL> {
  const url = webhookUrl(text, options);
  const host = hostOf(url);
  if (options.allowedHosts.includes(host) || isIP(host)) return url;
  let addresses: readonly { address: string }[];
  try {
    addresses = await (options.resolve ?? systemResolver)(host);
  } catch {
    throw ApiError.of(400, webhookHostUnresolvedMessage(host));
  }
  if (addresses.length === 0) throw ApiError.of(400, webhookHostUnresolvedMessage(host));
  if (addresses.some((entry) => isPrivateAddress(entry.address)))
    throw ApiError.of(400, webhookPrivateAddressMessage(host));
  return url;
}

/**
 * The DNS lookup of a delivery's connection: resolves every address, refuses them all when one is
 * private (unless the host is allowed), and hands the socket only what it checked, so the connection
 * goes to a checked address even if the name was re-pointed after the URL was saved.
 */
export function guardedLookup(host: string, allowed: boolean): typeof dnsLookup {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      const refused = !allowed && addresses.some((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new DestinationRefused(webhookPrivateAddressMessage(host)));
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new DestinationRefused(webhookHostUnresolvedMessage(host)));
      return callback(null, first.address, first.family);
    });
  }) as typeof dnsLookup;
}
