// Data-centre addresses: the address ranges of the hosting networks the domain lists (HOSTING_ASNS),
// read once per process from the open IP-to-ASN database of @ip-location-db/asn (CC BY 4.0: RouteViews,
// the five regional registries through the NRO, DB-IP) and kept as sorted ranges for a binary search.
// Only the ranges of listed networks are kept (a few tens of thousands), so a lookup is ~20 comparisons.
//
// IPv6 addresses are compared by their first 48 bits (exact in a double): routed prefixes are /48 or
// shorter, so a range's start and end fall on those bits.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hostingAsnSet } from '@adconsole/domain';

export interface HostingRanges {
  /** Whether the address (IPv4, IPv6 or IPv4-mapped IPv6) is in a listed hosting network. */
  has(address: string): boolean;
  /** Ranges kept, IPv4 and IPv6 (for the log line and the tests). */
  readonly size: { v4: number; v6: number };
}

/** An IPv4 address as an unsigned 32-bit number; undefined when it is not one. */
export function ipv4Number(address: string): number | undefined {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let index = 0; index < address.length; index += 1) {
    const code = address.charCodeAt(index);
    if (code === 46) {
      if (digits === 0 || part > 255) return undefined;
      value = value * 256 + part;
      part = 0;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57 && digits < 3) {
      part = part * 10 + (code - 48);
      digits += 1;
    } else return undefined;
  }
  if (dots !== 3 || digits === 0 || part > 255) return undefined;
  return value * 256 + part;
}

/** The first 48 bits of an IPv6 address as a number; undefined when it is not one. */
export function ipv6Prefix48(address: string): number | undefined {
  const zone = address.indexOf('%');
  const text = zone === -1 ? address : address.slice(0, zone);
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] === '' ? [] : (halves[0] ?? '').split(':');
  const tail = halves.length === 2 ? (halves[1] === '' ? [] : (halves[1] ?? '').split(':')) : [];
  // An embedded IPv4 address takes the place of two groups.
  const last = (halves.length === 2 ? tail : head).at(-1);
  const groupsOfLast = last?.includes('.') ? 2 : 1;
  const given = head.length + tail.length + groupsOfLast - 1;
  if (halves.length === 1 ? given !== 8 : given > 7) return undefined;
  const groups = [...head, ...Array(halves.length === 2 ? 8 - given : 0).fill('0'), ...tail];
  let value = 0;
  for (let index = 0; index < 3; index += 1) {
    const group = groups[index] ?? '';
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return undefined;
    value = value * 65536 + Number.parseInt(group, 16);
  }
  return value;
}

/** Sorted, non-overlapping [start, end] ranges and a binary search over them. */
function rangeSet(pairs: [number, number][]) {
  pairs.sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [start, end] of pairs) {
    const previous = ends.length - 1;
    // Adjacent or overlapping ranges merge into one.
    if (previous >= 0 && start <= (ends[previous] as number) + 1) {
      ends[previous] = Math.max(ends[previous] as number, end);
    } else {
      starts.push(start);
      ends.push(end);
    }
  }
  const startArray = Float64Array.from(starts);
  const endArray = Float64Array.from(ends);
  return {
    size: startArray.length,
    has(value: number) {
      let low = 0;
      let high = startArray.length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        if ((startArray[middle] as number) > value) high = middle - 1;
        else if ((endArray[middle] as number) < value) low = middle + 1;
        else return true;
      }
      return false;
    },
  };
}

/** Rows `start,end,asn,...` of the listed ASNs, by a scan that parses only the rows it keeps. */
function listedRows(csv: string, asns: ReadonlySet<number>, parse: (text: string) => number | undefined) {
  const pairs: [number, number][] = [];
  let lineStart = 0;
  while (lineStart < csv.length) {
    let lineEnd = csv.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = csv.length;
    const first = csv.indexOf(',', lineStart);
    const second = first === -1 ? -1 : csv.indexOf(',', first + 1);
    const third = second === -1 ? -1 : csv.indexOf(',', second + 1);
    if (third !== -1 && third < lineEnd && asns.has(Number(csv.slice(second + 1, third)))) {
      const start = parse(csv.slice(lineStart, first));
      const end = parse(csv.slice(first + 1, second));
      if (start !== undefined && end !== undefined) pairs.push([start, end]);
    }
    lineStart = lineEnd + 1;
  }
  return pairs;
}

const parseNumber = (text: string) => {
  const value = Number(text);
  return Number.isInteger(value) ? value : undefined;
};

/** The database's folder in node_modules (the server's own dependency). */
const databaseDir = () =>
  path.dirname(createRequire(import.meta.url).resolve('@ip-location-db/asn/package.json'));

let loading: Promise<HostingRanges> | undefined;

/** The hosting ranges, read once per process (a few hundred milliseconds at start). */
export function loadHostingRanges(): Promise<HostingRanges> {
  loading ??= (async () => {
    const dir = databaseDir();
    const asns = hostingAsnSet();
    const [v4csv, v6csv] = await Promise.all([
      readFile(path.join(dir, 'asn-ipv4-num.csv'), 'latin1'),
      readFile(path.join(dir, 'asn-ipv6.csv'), 'latin1'),
    ]);
    const v4 = rangeSet(listedRows(v4csv, asns, parseNumber));
    const v6 = rangeSet(listedRows(v6csv, asns, ipv6Prefix48));
    return {
      size: { v4: v4.size, v6: v6.size },
      has(address) {
        const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
        const four = ipv4Number(mapped);
        if (four !== undefined) return v4.has(four);
        const six = ipv6Prefix48(address);
        return six !== undefined && v6.has(six);
      },
    };
  })();
  return loading;
}
