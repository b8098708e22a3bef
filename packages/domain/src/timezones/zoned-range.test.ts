import { fromZonedTime } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { defaultTimezone, findTimezone } from './timezones';
import {
  minutesToOffset,
  offsetAt,
  offsetSpans,
  offsetToMinutes,
  wallTimeToUtc,
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

  describe("offsetSpans (a zone's offsets over a range, for local days by arithmetic)", () => {
    const spans = (zone: string, from: string, to: string) =>
      offsetSpans(zone, new Date(from), new Date(to)).map((span) => [
        span.start.toISOString(),
        span.offsetMinutes,
      ]);

    it('is one span for a fixed offset, quarter-hour offsets included', () => {
      expect(spans('+05:45', '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')).toEqual([
        ['2026-01-01T00:00:00.000Z', 345],
      ]);
    });

    it('starts a span at each daylight-saving change of an IANA zone, to the quarter hour', () => {
      // New York: summer time from 2026-03-08 07:00 UTC, winter time from 2026-11-01 06:00 UTC.
      expect(spans('America/New_York', '2026-02-01T00:00:00Z', '2026-12-01T00:00:00Z')).toEqual([
        ['2026-02-01T00:00:00.000Z', -300],
        ['2026-03-08T07:00:00.000Z', -240],
        ['2026-11-01T06:00:00.000Z', -300],
      ]);
      // Lord Howe Island moves by half an hour (+10:30 to +11:00) at 02:00 local, 15:30 UTC.
      expect(spans('Australia/Lord_Howe', '2026-09-20T00:00:00Z', '2026-10-20T00:00:00Z')).toEqual([
        ['2026-09-20T00:00:00.000Z', 630],
        ['2026-10-03T15:30:00.000Z', 660],
      ]);
      // Chatham (+12:45 / +13:45) ends summer time on the first Sunday of April at 03:45 local.
      expect(spans('Pacific/Chatham', '2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z')).toEqual([
        ['2026-03-01T00:00:00.000Z', 825],
        ['2026-04-04T14:00:00.000Z', 765],
      ]);
    });

    it('is one span for a range without a change, and for UTC', () => {
      expect(spans('Europe/Berlin', '2026-06-01T00:00:00Z', '2026-06-30T00:00:00Z')).toEqual([
        ['2026-06-01T00:00:00.000Z', 120],
      ]);
      expect(spans('UTC', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
        ['2026-01-01T00:00:00.000Z', 0],
      ]);
    });
  });
});

describe('wallTimeToUtc (a wall-clock time in a zone, with Intl alone)', () => {
  it('agrees with date-fns-tz over 2026 (every 5 hours and a minute) in zones with and without daylight saving', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      '+05:30',
      '-03:30',
    ];
    let compared = 0;
    for (const zone of zones) {
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 5 * 3_600_000 + 60_000) {
        const wall = new Date(at).toISOString().slice(0, 19);
        const ours = wallTimeToUtc(wall, zone);
        const theirs = fromZonedTime(wall, zone);
        // Away from a change of offset (within a day of one, the skipped and repeated hours are
        // read by the rule of the next test) both read the wall time the same way.
        if (offsetAt(zone, new Date(at - 86_400_000)) === offsetAt(zone, new Date(at + 86_400_000))) {
          expect(ours.toISOString(), `${zone} ${wall}`).toBe(theirs.toISOString());
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(12_000);
  });

  it('a repeated hour is its first occurrence, a skipped one lands after the change (New York, 2026)', () => {
    // 1 November 01:30 happens twice (EDT, then EST): the first is 05:30 UTC.
    expect(wallTimeToUtc('2026-11-01T01:30:00', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // 8 March 02:30 never happens: read with the offset before the change, 03:30 EDT.
    expect(wallTimeToUtc('2026-03-08T02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(wallTimeToUtc('2026-05-02T14:00:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-05-02T12:00:00.000Z',
    );
  });

  it('an unreadable time is NaN; an unknown zone is a RangeError', () => {
    expect(wallTimeToUtc('soon', 'UTC').getTime()).toBeNaN();
    expect(() => wallTimeToUtc('2026-05-02T12:00:00', 'Not/AZone')).toThrow(RangeError);
  });
});
