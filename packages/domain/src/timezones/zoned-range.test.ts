import { describe, expect, it } from 'vitest';
import { defaultTimezone, findTimezone } from './timezones';
import {
  minutesToOffset,
  offsetAt,
  offsetToMinutes,
  zonedDayRangeToUtc,
  zonedTimeToUtc,
} from './zoned-range';

const iso = (range: { start: Date; end: Date }) => [range.start.toISOString(), range.end.toISOString()];

describe('zoned date ranges (timezones for reports)', () => {
  it('turns offsets into minutes and back', () => {
    expect(offsetToMinutes('+05:45')).toBe(345);
    expect(offsetToMinutes('-03:30')).toBe(-210);
    expect(minutesToOffset(-210)).toBe('-03:30');
    expect(minutesToOffset(0)).toBe('+00:00');
    expect(() => offsetToMinutes('5:45')).toThrow('Invalid UTC offset: 5:45');
  });

  it('turns a range of local days into UTC instants: 00:00:00 to 23:59:59 local', () => {
    expect(iso(zonedDayRangeToUtc({ start: '2026-01-01', end: '2026-01-07' }, defaultTimezone))).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-01-07T23:59:59.000Z',
    ]);
    expect(iso(zonedDayRangeToUtc({ start: '2026-01-01', end: '2026-01-01' }, '+05:45'))).toEqual([
      '2025-12-31T18:15:00.000Z',
      '2026-01-01T18:14:59.000Z',
    ]);
  });

  it('follows daylight-saving changes for IANA zones (New York, March 2026)', () => {
    const newYork = findTimezone('America/New_York');
    if (!newYork) throw new Error('New York missing from the list');
    // DST starts on 8 March 2026: the first day is in EST (-05:00), the last in EDT (-04:00).
    expect(iso(zonedDayRangeToUtc({ start: '2026-03-07', end: '2026-03-09' }, newYork))).toEqual([
      '2026-03-07T05:00:00.000Z',
      '2026-03-10T03:59:59.000Z',
    ]);
    expect(offsetAt(newYork, new Date('2026-03-07T12:00:00Z'))).toBe('-05:00');
    expect(offsetAt(newYork, new Date('2026-03-09T12:00:00Z'))).toBe('-04:00');
  });

  it('follows southern-hemisphere daylight saving too (Sydney, April 2026)', () => {
    expect(iso(zonedDayRangeToUtc({ start: '2026-04-04', end: '2026-04-05' }, 'Australia/Sydney'))).toEqual([
      '2026-04-03T13:00:00.000Z',
      '2026-04-05T13:59:59.000Z',
    ]);
  });

  it('refuses unknown zones and malformed days', () => {
    expect(() => zonedTimeToUtc('2026-01-01', '00:00:00', 'Mars/Olympus')).toThrow(
      'Unknown timezone: Mars/Olympus',
    );
    expect(() => zonedTimeToUtc('01/02/2026', '00:00:00', 'UTC')).toThrow('Invalid day: 01/02/2026');
    expect(() => offsetAt('Mars/Olympus', new Date())).toThrow('Unknown timezone: Mars/Olympus');
  });
});

describe('the offset of a zone at an instant', () => {
  it('is the winter offset until the spring-forward change and the summer one after (New York, 8 March 2026)', () => {
    expect(offsetAt('America/New_York', new Date('2026-03-08T05:00:00Z'))).toBe('-05:00');
    expect(offsetAt('America/New_York', new Date('2026-03-08T06:59:59Z'))).toBe('-05:00');
    expect(offsetAt('America/New_York', new Date('2026-03-08T07:00:00Z'))).toBe('-04:00');
    expect(offsetAt('UTC', new Date('2026-03-08T07:00:00Z'))).toBe('+00:00');
    expect(offsetAt('+05:45', new Date('2026-03-08T07:00:00Z'))).toBe('+05:45');
    expect(() => offsetAt('Mars/Olympus_Mons', new Date())).toThrow(RangeError);
  });
});
