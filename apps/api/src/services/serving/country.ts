// The country of a client address (docs/reports.md, "Breakdowns"): an ISO 3166-1 alpha-2 code from the
// open IP-to-country database of @ip-location-db/geo-whois-asn-country-mmdb (GeoFeed, the five regional
// registries' whois and their ASN data, merged; data CC BY 4.0 by the NRO), read with mmdb-lib. The
// file is read once per process, when the first address is looked up; the address itself is never
// kept, only the code ('' when the address is in no country: private, reserved, unknown).
//
// Updating: bump the package's version in apps/api/package.json (pinned), or point COUNTRY_DATABASE_FILE
// at a newer geo-whois-asn-country.mmdb (docs/reports.md says where to get one).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import type { CountryDatabase } from '@adconsole/domain';
import { Reader, type Response } from 'mmdb-lib';
import { ipv4Number } from './hosting-ranges';

const PACKAGE = '@ip-location-db/geo-whois-asn-country-mmdb';
const FILE = 'geo-whois-asn-country.mmdb';
/** The data's licence and its attribution, as the report footer shows them (the package's own
 * metadata says CC0, but the registries' data it is built from is CC BY 4.0). */
const COUNTRY_DATA_LICENCE = 'CC BY 4.0, data by the NRO';

/**
 * Special-purpose ranges (RFC 6890 and its IANA registries: private, shared, loopback, link-local,
 * documentation, benchmarking, multicast, reserved) are in no country, whatever the database says: the
 * registries' whois data it is built from puts 192.168.0.0/16, 172.16.0.0/12 and the documentation
 * ranges in Australia and 2001:db8::/32 in Japan.
 */
const SPECIAL_PURPOSE_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
/** The IPv4 ranges as numbers, first and last address: every ad request asks (no parsing object made). */
const SPECIAL_PURPOSE_V4_RANGES = SPECIAL_PURPOSE_V4.map(([network, bits]) => {
  const first = ipv4Number(network) as number;
  return [first, first + 2 ** (32 - bits) - 1] as const;
});
const SPECIAL_PURPOSE_V6 = (() => {
  const list = new BlockList();
  for (const [network, bits] of [
    ['::', 127],
    ['64:ff9b:1::', 48],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(network, bits, 'ipv6');
  return list;
})();

/** Whether an address is one of the special-purpose ranges (so in no country). */
function specialPurposeAddress(address: string): boolean {
  const family = isIP(address);
  // isIP first: it refuses what is no address at all (leading zeros, '01.2.3.4', included).
  if (family === 4) {
    const v4 = ipv4Number(address) as number;
    return SPECIAL_PURPOSE_V4_RANGES.some(([first, last]) => v4 >= first && v4 <= last);
  }
  return family !== 6 || SPECIAL_PURPOSE_V6.check(address, 'ipv6');
}

/**
 * The database's records decoded, by offset (mmdb-lib's cache interface): a country database has a few
 * hundred distinct records, so every lookup after the first of a country skips the decoding.
 */
function decodedRecords() {
  const records = new Map<string | number, unknown>();
  return {
    get: (offset: string | number) => records.get(offset),
    set(offset: string | number, value: unknown) {
      if (records.size >= 10_000) records.clear();
      records.set(offset, value);
    },
  };
}

export interface CountryLookup {
  /** The ISO 3166-1 alpha-2 code of an address (IPv4, IPv6 or IPv4-mapped IPv6); '' when unknown. */
  countryOf(address: string): string;
  /** What the report footer names: the database, its version and licence. */
  readonly database: CountryDatabase;
}

/** The packaged database's name, version and licence (read from its package.json, no data loaded). */
function packagedDatabase(): { file: string; database: CountryDatabase } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`${PACKAGE}/package.json`);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return {
    file: path.join(path.dirname(manifest), FILE),
    database: {
      name: `${PACKAGE.replace('@ip-location-db/', 'ip-location-db ')}`,
      version,
      licence: COUNTRY_DATA_LICENCE,
    },
  };
}

let packaged: ReturnType<typeof packagedDatabase> | undefined;
const packagedSource = () => {
  packaged ??= packagedDatabase();
  return packaged;
};

/**
 * A lookup over an mmdb file: the packaged one, or `file` (COUNTRY_DATABASE_FILE; its version is the
 * file's build date). The file is read on the first lookup.
 */
export function createCountryLookup(file?: string): CountryLookup {
  const source = file
    ? {
        file,
        database: {
          name: path.basename(file),
          version: '',
          licence: COUNTRY_DATA_LICENCE,
        },
      }
    : packagedSource();
  let reader: Reader<Response> | undefined;
  const database = { ...source.database };
  const open = () => {
    if (!reader) {
      reader = new Reader<Response>(readFileSync(source.file), { cache: decodedRecords() });
      if (file) database.version = new Date(reader.metadata.buildEpoch).toISOString().slice(0, 10);
    }
    return reader;
  };
  return {
    get database() {
      if (file) open();
      return database;
    },
    countryOf(address) {
      // An IPv4-mapped IPv6 address (::ffff:192.0.2.1, what a dual-stack socket reports) is its IPv4.
      const plain =
        address.toLowerCase().startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
      if (specialPurposeAddress(plain)) return '';
      try {
        const code = (open().get(plain) as { country_code?: unknown } | null)?.country_code;
        return typeof code === 'string' && /^[A-Z]{2}$/.test(code) ? code : '';
      } catch {
        return '';
      }
    },
  };
}
