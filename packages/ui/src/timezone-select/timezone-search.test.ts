import { describe, expect, it } from 'vitest';
import { timezoneMatches } from './timezone-search';
import type { Timezone } from './timezone-select';

/** Entries as the domain's timezone list spells them. */
const zone = (offset: string, name: string, tzCode: string): Timezone => ({
  label: `(GMT${offset}) ${name}`,
  offset,
  tzCode,
});
const timezones: Timezone[] = [
  zone('-05:00', 'Eastern Time (US & Canada)', 'America/New_York'),
  zone('-03:00', 'Brasilia', 'America/Sao_Paulo'),
  { label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' },
  zone('+00:00', 'London, Dublin, Lisbon', 'Europe/London'),
  zone('+01:00', 'Berlin, Paris, Rome, Madrid', 'Europe/Berlin'),
  zone('+01:00', 'Lagos, West Central Africa', 'Africa/Lagos'),
  zone('+05:30', 'Chennai, Kolkata, Mumbai, New Delhi', 'Asia/Kolkata'),
  zone('+10:00', 'Sydney, Melbourne, Canberra', 'Australia/Sydney'),
  zone('+10:00', 'Brisbane', 'Australia/Brisbane'),
  zone('+10:00', 'Port Moresby, Guam', 'Pacific/Port_Moresby'),
];
const found = (search: string) =>
  timezones.filter((timezone) => timezoneMatches(timezone, search)).map((timezone) => timezone.tzCode);

describe('a timezone search finds a zone by its own names', () => {
  it('"Berlin" offers Europe/Berlin and not Australia/Sydney or Australia/Brisbane', () => {
    expect(found('Berlin')).toEqual(['Europe/Berlin']);
    expect(found('berl')).toEqual(['Europe/Berlin']);
  });

  it("finds a zone by any city of its label, whatever the case and accents, and by each word's start", () => {
    expect(found('Madrid')).toEqual(['Europe/Berlin']);
    expect(found('melbourne')).toEqual(['Australia/Sydney']);
    expect(found('new del')).toEqual(['Asia/Kolkata']);
    expect(found('São')).toEqual(['America/Sao_Paulo']);
  });

  it('finds a zone by its IANA id, whole or by its parts', () => {
    expect(found('Europe/Berlin')).toEqual(['Europe/Berlin']);
    expect(found('new_york')).toEqual(['America/New_York']);
    expect(found('Australia')).toEqual(['Australia/Sydney', 'Australia/Brisbane']);
  });

  it('finds a zone by its abbreviations, an abbreviation naming only the zones it is theirs', () => {
    expect(found('CET')).toEqual(['Europe/Berlin']);
    expect(found('AEST')).toEqual(['Australia/Sydney', 'Australia/Brisbane']);
    expect(found('EST')).toEqual(['America/New_York']);
  });

  it('finds zones by their offset as typed: "+05:30", "05:30", "GMT+1", "UTC+10:00"', () => {
    expect(found('+05:30')).toEqual(['Asia/Kolkata']);
    expect(found('05:30')).toEqual(['Asia/Kolkata']);
    expect(found('GMT+1')).toEqual(expect.arrayContaining(['Europe/Berlin', 'Africa/Lagos']));
    expect(found('UTC+10:00')).toEqual(['Australia/Sydney', 'Australia/Brisbane', 'Pacific/Port_Moresby']);
  });

  it('reads the "(GMT+hh:mm)" in front of a label as the offset, not a name: "GMT" and "UTC" are not every zone', () => {
    expect(found('UTC')).toEqual(['UTC']);
    expect(found('GMT')).toEqual(['Europe/London']);
  });

  it('needs every word typed, and finds every zone for an empty search', () => {
    expect(found('Berlin Sydney')).toEqual([]);
    expect(found('  ')).toHaveLength(timezones.length);
  });
});
