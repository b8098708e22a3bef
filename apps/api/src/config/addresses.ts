// The environment's network addresses: which proxies may set the client's address (TRUST_PROXY,
// SSAI_PROXIES), the click trackers honoured (CLICK_PREFIX_HOSTS) and where a webhook may go
// (WEBHOOK_ALLOWED_HOSTS, WEBHOOK_ALLOWED_PORTS).
import { isIP } from 'node:net';
import { z } from 'zod';
import { commaEntries, hostList, optional } from './env';

/** Ports from `from` to `to`, both included (one port: from = to). */
interface PortRange {
  from: number;
  to: number;
}

/**
 * Where a webhook may go beyond the public rule (docs/alerts.md, "Where a webhook may go"): hosts that
 * may be private, loopback or link-local (WEBHOOK_ALLOWED_HOSTS, an admin's choice: an internal
 * receiver; every other such host is refused), and the ports a receiver may listen on, whatever its
 * host (WEBHOOK_ALLOWED_PORTS, 80 and 443 by default).
 */
export interface WebhookRules {
  allowedHosts: readonly string[];
  allowedPorts: readonly PortRange[];
}

/**
 * Which proxies may set X-Forwarded-For: false (none), a hop count, or a list of addresses and CIDR
 * ranges. Fastify takes the right-most address not added by a trusted proxy as the client's.
 */
export type TrustProxy = false | number | string[];

export const addressesEnv = z.object({
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .refine(
        (value) => trustProxyValue(value) !== undefined,
        "must be 'false', a hop count (1 for one load balancer) or a comma-separated list of proxy addresses or CIDR ranges ('true', which trusts any sender, is refused)",
      )
      .optional(),
  ),
  CLICK_PREFIX_HOSTS: optional.pipe(
    z
      .string()
      .regex(
        /^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i,
        "must be a comma-separated list of host names, such as 'clicks.example.com,tracker.example.net'",
      )
      .optional(),
  ),
  WEBHOOK_ALLOWED_HOSTS: optional.pipe(
    z
      .string()
      .regex(
        /^\s*[a-z0-9.:[\]-]+(\s*,\s*[a-z0-9.:[\]-]+)*\s*$/i,
        "must be a comma-separated list of host names or addresses, such as 'hooks.internal,10.0.0.7'",
      )
      .optional(),
  ),
  WEBHOOK_ALLOWED_PORTS: optional.pipe(
    z
      .string()
      .refine(
        (value) => portRanges(value) !== undefined,
        "must be a comma-separated list of ports and ranges from 1 to 65535, such as '80,443' or '443,8000-8099'",
      )
      .optional(),
  ),
  SSAI_PROXIES: optional.pipe(
    z
      .string()
      .refine(
        (value) => addressList(value) !== undefined,
        'must be a comma-separated list of addresses or CIDR ranges (203.0.113.7, 198.51.100.0/24, 2001:db8::/32)',
      )
      .optional(),
  ),
});

const ipv4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/([0-9]|[12]\d|3[0-2]))?$/;
const ipv6 = /^[0-9a-f:]+(\/(\d|[1-9]\d|1[01]\d|12[0-8]))?$/i;
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A comma-separated list of IPv4/IPv6 addresses and CIDR ranges; undefined when one entry is not. */
export function addressList(text: string): string[] | undefined {
  const entries = commaEntries(text);
  if (entries.length === 0) return undefined;
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    if (rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return false;
    const family = isIP(address);
    return family !== 0 && (bits === undefined || Number(bits) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries : undefined;
}

/** WEBHOOK_ALLOWED_PORTS read: '443, 8000-8099' as ranges; undefined when an entry is not a port or range. */
function portRanges(text: string): PortRange[] | undefined {
  const ranges: PortRange[] = [];
  for (const entry of text.split(',')) {
    const match = /^\s*(\d{1,5})(?:\s*-\s*(\d{1,5}))?\s*$/.exec(entry);
    if (!match) return undefined;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < 1 || to > 65_535 || from > to) return undefined;
    ranges.push({ from, to });
  }
  return ranges;
}

/** TRUST_PROXY as Fastify's trustProxy takes it; undefined when the text is not a valid setting. */
export function trustProxyValue(text: string | undefined): TrustProxy | undefined {
  if (text === undefined || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Math.min(Number(text), 10);
  const entries = commaEntries(text);
  if (entries.length === 0) return undefined;
  const valid = entries.every(
    (entry) => namedRanges.has(entry) || ipv4.test(entry) || (entry.includes(':') && ipv6.test(entry)),
  );
  return valid ? entries : undefined;
}

/** WEBHOOK_ALLOWED_HOSTS and WEBHOOK_ALLOWED_PORTS read (ports 80 and 443 when unset). */
export function webhookRules(e: z.infer<typeof addressesEnv>): WebhookRules {
  return {
    allowedHosts: hostList(e.WEBHOOK_ALLOWED_HOSTS),
    allowedPorts: portRanges(e.WEBHOOK_ALLOWED_PORTS ?? '80,443') ?? [],
  };
}
