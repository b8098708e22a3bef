// A client's address as everything keyed on addresses reads it (docs/traffic-quality.md, "Addresses"):
// an IPv4-mapped IPv6 address is its IPv4 address in every spelling (`::ffff:85.214.132.117`,
// `::ffff:55d6:8475`, `0:0:0:0:0:ffff:55d6:8475`, upper case, leading zeros in a group), so the country
// lookup, the hosting list, the rate rule and the per-address limits see one client, not two. What
// X-Forwarded-For says under TRUST_PROXY is read so too. Anything else is answered as given.
import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or undefined. */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) =>
    side === '' ? [] : side.split(':').map((group) => Number.parseInt(group, 16));
  const groups =
    tail === undefined
      ? part(head)
      : [...part(head), ...Array(8 - part(head).length - part(tail).length).fill(0), ...part(tail)];
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * The address as one client: an IPv4-mapped IPv6 address (::ffff:0:0/96, any spelling) as its IPv4
 * address, any other address unchanged. Cheap for IPv4 (no colon: answered at once).
 */
export function normalizeClientAddress(address: string): string {
  if (!address.includes(':') || isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  const mapped = groups?.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (!mapped) return address;
  const high = groups?.[6] ?? 0;
  const low = groups?.[7] ?? 0;
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/**
 * The part of an address the per-address rate rule counts under: an IPv4 address whole, an IPv6
 * address's /64 (one subscriber's network: a client rotating addresses inside it is one client).
 */
export function rateAddressOf(address: string): string {
  const normalized = normalizeClientAddress(address);
  const groups = isIP(normalized) === 6 ? ipv6Groups(normalized) : undefined;
  return groups
    ? `${groups
        .slice(0, 4)
        .map((group) => group.toString(16))
        .join(':')}::/64`
    : normalized;
}
