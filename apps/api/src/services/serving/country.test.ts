// The country of a client address (docs/reports.md, "Breakdowns"): the packaged open database, or a
// newer file named by COUNTRY_DATABASE_FILE, which the report footer then names with its build date.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCountryLookup } from './country';

const packagedFile = path.join(
  path.dirname(
    createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json'),
  ),
  'geo-whois-asn-country.mmdb',
);

describe('the country of a client address', () => {
  it('answers ISO 3166-1 alpha-2 codes for IPv4, IPv4-mapped IPv6 and IPv6 addresses', () => {
    const lookup = createCountryLookup();
    expect(lookup.countryOf('81.2.69.142')).toBe('GB');
    expect(lookup.countryOf('::ffff:79.192.7.7')).toBe('DE');
    expect(lookup.countryOf('110.44.112.1')).toBe('NP');
    // Google's public resolver's IPv6 address, registered in the United States.
    expect(lookup.countryOf('2001:4860:4860::8888')).toBe('US');
  });

  it('an address in no country (private, shared, loopback, link-local, documentation, multicast) or no address at all is unknown', () => {
    const lookup = createCountryLookup();
    // The database itself puts 192.168.0.0/16, 172.16.0.0/12 and the documentation ranges in Australia
    // and 2001:db8::/32 in Japan (its registries' whois data): special-purpose ranges are never asked.
    for (const address of [
      '10.1.2.3',
      '172.16.5.4',
      '192.168.0.1',
      '100.64.1.1',
      '127.0.0.1',
      '169.254.1.1',
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.5',
      '224.0.0.1',
      '::ffff:192.168.1.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '2001:db8::1',
      '',
      'not an address',
      // Octets with leading zeros are no address (read as octal by some parsers): never looked up.
      '081.2.69.142',
    ])
      expect(lookup.countryOf(address), address).toBe('');
  });

  it('names the packaged database with its version and the data licence', () => {
    expect(createCountryLookup().database).toEqual({
      name: 'ip-location-db geo-whois-asn-country-mmdb',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      licence: 'CC BY 4.0, data by the NRO',
    });
  });

  it('COUNTRY_DATABASE_FILE: another file is read instead, named with its build date as the version', () => {
    const lookup = createCountryLookup(packagedFile);
    expect(lookup.database).toEqual({
      name: 'geo-whois-asn-country.mmdb',
      version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      licence: 'CC BY 4.0, data by the NRO',
    });
    expect(lookup.countryOf('81.2.69.142')).toBe('GB');
  });
});
