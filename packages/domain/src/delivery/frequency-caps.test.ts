// Frequency cap windows (docs/serving.md, "Frequency caps"): calendar windows in the campaign's zone, at
// the edges of an hour, a day (the spring and autumn changes in America/New_York and Europe/Berlin) and a
// week (Monday first); a 45-minute zone's hours; the flight's start; caps that must all hold.
import { describe, expect, it } from 'vitest';
import {
  capsHold,
  capWindowStart,
  distinctCaps,
  type FrequencyPeriod,
  frequencyCapsSentence,
  longestPeriod,
} from './frequency-caps';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

/** Each row: the period, the instant asked, the zone, and the instant its window started (all UTC). */
type Row = [FrequencyPeriod, string, string, string];

const judge = (rows: readonly Row[]) =>
  rows.map(([period, now, zone]) => [period, now, zone, iso(capWindowStart(period, at(now), zone))]);

describe('frequency cap windows', () => {
  it('an hour starts at the local hour: UTC, a 45-minute zone (Kathmandu), the last and first minute', () => {
    const rows: Row[] = [
      ['hour', '2026-01-05T10:00:00.000Z', 'UTC', '2026-01-05T10:00:00.000Z'],
      ['hour', '2026-01-05T10:59:59.999Z', 'UTC', '2026-01-05T10:00:00.000Z'],
      ['hour', '2026-01-05T11:00:00.000Z', 'UTC', '2026-01-05T11:00:00.000Z'],
      // Kathmandu is +05:45: 10:14 UTC is 15:59 local, whose hour began at 09:15 UTC.
      ['hour', '2026-01-05T10:14:00.000Z', 'Asia/Kathmandu', '2026-01-05T09:15:00.000Z'],
      ['hour', '2026-01-05T10:15:00.000Z', 'Asia/Kathmandu', '2026-01-05T10:15:00.000Z'],
    ];
    expect(judge(rows)).toEqual(rows);
  });

  it('a day starts at local midnight, a spring day lasting 23 hours and an autumn day 25 (New York)', () => {
    const rows: Row[] = [
      // 8 March 2026: 02:00 EST jumps to 03:00 EDT. Midnight was at 05:00 UTC (EST).
      ['day', '2026-03-08T06:59:00.000Z', 'America/New_York', '2026-03-08T05:00:00.000Z'],
      ['day', '2026-03-08T07:00:00.000Z', 'America/New_York', '2026-03-08T05:00:00.000Z'],
      ['day', '2026-03-09T03:59:59.999Z', 'America/New_York', '2026-03-08T05:00:00.000Z'],
      // The next midnight is at 04:00 UTC (EDT): the day was 23 hours.
      ['day', '2026-03-09T04:00:00.000Z', 'America/New_York', '2026-03-09T04:00:00.000Z'],
      // 1 November 2026: 02:00 EDT falls back to 01:00 EST. Midnight at 04:00 UTC, the next at 05:00 UTC.
      ['day', '2026-11-01T05:30:00.000Z', 'America/New_York', '2026-11-01T04:00:00.000Z'],
      ['day', '2026-11-01T06:30:00.000Z', 'America/New_York', '2026-11-01T04:00:00.000Z'],
      ['day', '2026-11-02T04:59:59.999Z', 'America/New_York', '2026-11-01T04:00:00.000Z'],
      ['day', '2026-11-02T05:00:00.000Z', 'America/New_York', '2026-11-02T05:00:00.000Z'],
    ];
    expect(judge(rows)).toEqual(rows);
  });

  it('a day across the changes in Berlin (29 March and 25 October 2026)', () => {
    const rows: Row[] = [
      // Midnight of 29 March is 23:00 UTC on the 28th (CET); the day ends at 22:00 UTC (CEST).
      ['day', '2026-03-29T00:59:00.000Z', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
      ['day', '2026-03-29T01:00:00.000Z', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
      ['day', '2026-03-29T21:59:59.999Z', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
      ['day', '2026-03-29T22:00:00.000Z', 'Europe/Berlin', '2026-03-29T22:00:00.000Z'],
      // Midnight of 25 October is 22:00 UTC on the 24th (CEST); the day ends at 23:00 UTC (CET).
      ['day', '2026-10-25T00:30:00.000Z', 'Europe/Berlin', '2026-10-24T22:00:00.000Z'],
      ['day', '2026-10-25T01:30:00.000Z', 'Europe/Berlin', '2026-10-24T22:00:00.000Z'],
      ['day', '2026-10-25T22:59:59.999Z', 'Europe/Berlin', '2026-10-24T22:00:00.000Z'],
      ['day', '2026-10-25T23:00:00.000Z', 'Europe/Berlin', '2026-10-25T23:00:00.000Z'],
    ];
    expect(judge(rows)).toEqual(rows);
  });

  it('the hours around the changes: the skipped hour never starts a window, the repeated hour is two', () => {
    const rows: Row[] = [
      // New York, spring: 01:59 EST (06:59 UTC) is hour 01:00; the next minute is 03:00 EDT.
      ['hour', '2026-03-08T06:59:00.000Z', 'America/New_York', '2026-03-08T06:00:00.000Z'],
      ['hour', '2026-03-08T07:00:00.000Z', 'America/New_York', '2026-03-08T07:00:00.000Z'],
      ['hour', '2026-03-08T07:59:00.000Z', 'America/New_York', '2026-03-08T07:00:00.000Z'],
      // New York, autumn: 01:00-01:59 happens at 05:00 UTC (EDT) and again at 06:00 UTC (EST).
      ['hour', '2026-11-01T05:30:00.000Z', 'America/New_York', '2026-11-01T05:00:00.000Z'],
      ['hour', '2026-11-01T06:00:00.000Z', 'America/New_York', '2026-11-01T06:00:00.000Z'],
      ['hour', '2026-11-01T06:59:00.000Z', 'America/New_York', '2026-11-01T06:00:00.000Z'],
      ['hour', '2026-11-01T07:00:00.000Z', 'America/New_York', '2026-11-01T07:00:00.000Z'],
      // Berlin, autumn: 02:00-02:59 at 00:00 UTC (CEST) and again at 01:00 UTC (CET).
      ['hour', '2026-10-25T00:45:00.000Z', 'Europe/Berlin', '2026-10-25T00:00:00.000Z'],
      ['hour', '2026-10-25T01:15:00.000Z', 'Europe/Berlin', '2026-10-25T01:00:00.000Z'],
      // Berlin, spring: 01:59 CET (00:59 UTC), then 03:00 CEST (01:00 UTC).
      ['hour', '2026-03-29T00:59:00.000Z', 'Europe/Berlin', '2026-03-29T00:00:00.000Z'],
      ['hour', '2026-03-29T01:00:00.000Z', 'Europe/Berlin', '2026-03-29T01:00:00.000Z'],
    ];
    expect(judge(rows)).toEqual(rows);
  });

  it('a week starts on Monday at local midnight, a week with a change included', () => {
    const rows: Row[] = [
      // Sunday 4 January 2026, 23:59 UTC: the week of Monday 29 December.
      ['week', '2026-01-04T23:59:59.999Z', 'UTC', '2025-12-29T00:00:00.000Z'],
      ['week', '2026-01-05T00:00:00.000Z', 'UTC', '2026-01-05T00:00:00.000Z'],
      // Sunday 4 January 23:30 in New York is Monday 04:30 UTC: still the week of 29 December (EST).
      ['week', '2026-01-05T04:30:00.000Z', 'America/New_York', '2025-12-29T05:00:00.000Z'],
      ['week', '2026-01-05T05:00:00.000Z', 'America/New_York', '2026-01-05T05:00:00.000Z'],
      // The week of Monday 23 March (CET) takes in the spring change on Sunday 29 March.
      ['week', '2026-03-29T21:59:00.000Z', 'Europe/Berlin', '2026-03-22T23:00:00.000Z'],
      // The next Monday's midnight is 22:00 UTC (CEST).
      ['week', '2026-03-29T22:00:00.000Z', 'Europe/Berlin', '2026-03-29T22:00:00.000Z'],
      // The autumn change in New York on Sunday 1 November: that week began on 26 October (EDT).
      ['week', '2026-11-02T04:59:00.000Z', 'America/New_York', '2026-10-26T04:00:00.000Z'],
      ['week', '2026-11-02T05:00:00.000Z', 'America/New_York', '2026-11-02T05:00:00.000Z'],
    ];
    expect(judge(rows)).toEqual(rows);
  });

  it("a midnight a change skips starts the day at the change (Santiago's spring, 6 September 2026)", () => {
    // Chile moves from -04:00 to -03:00 at 24:00 on Saturday: Sunday begins at 01:00 local, 04:00 UTC.
    expect(iso(capWindowStart('day', at('2026-09-06T05:00:00Z'), 'America/Santiago'))).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it("a flight window starts at the flight's start; an open flight counts every ad remembered", () => {
    const start = at('2026-01-01T05:00:00Z');
    expect(capWindowStart('flight', at('2026-02-01T00:00:00Z'), 'UTC', start)).toBe(start);
    expect(capWindowStart('flight', at('2026-02-01T00:00:00Z'), 'UTC', null)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('answers alike whether asked in time order or not (the remembered window is checked)', () => {
    const later = capWindowStart('day', at('2026-03-09T04:00:00Z'), 'America/New_York');
    const earlier = capWindowStart('day', at('2026-03-08T06:00:00Z'), 'America/New_York');
    expect([iso(later), iso(earlier)]).toEqual(['2026-03-09T04:00:00.000Z', '2026-03-08T05:00:00.000Z']);
  });
});

describe('caps against a browser’s history', () => {
  const minute = (text: string) => Math.floor(at(text) / 60_000);
  const now = at('2026-01-07T12:00:00Z');

  it('a cap of 3 a day: three ads today fill it, ads of yesterday do not count', () => {
    const today = ['2026-01-07T08:00:00Z', '2026-01-07T09:00:00Z'].map(minute);
    const yesterday = ['2026-01-06T23:59:00Z'].map(minute);
    const caps = [{ count: 3, period: 'day' as const }];
    expect(capsHold(caps, [...yesterday, ...today], now, 'UTC')).toBe(true);
    expect(capsHold(caps, [...today, minute('2026-01-07T11:59:00Z')], now, 'UTC')).toBe(false);
  });

  it('several caps all hold: 1 an hour and 5 a week', () => {
    const caps = [
      { count: 1, period: 'hour' as const },
      { count: 5, period: 'week' as const },
    ];
    // 12:00 sharp is this hour's first minute; 11:59 the last hour's.
    expect(capsHold(caps, [minute('2026-01-07T12:00:00Z')], now, 'UTC')).toBe(false);
    expect(capsHold(caps, [minute('2026-01-07T11:59:00Z')], now, 'UTC')).toBe(true);
    // Monday the 5th: 5 ads this week, none this hour.
    const week = [1, 2, 3, 4, 5].map((hour) => minute(`2026-01-05T0${hour}:00:00Z`));
    expect(capsHold(caps, week, now, 'UTC')).toBe(false);
    // The Sunday before is last week.
    expect(capsHold(caps, [minute('2026-01-04T23:00:00Z'), ...week.slice(1)], now, 'UTC')).toBe(true);
  });

  it('a day counted in the campaign zone: 23:30 the evening before in New York is yesterday there', () => {
    // 12:00 UTC is 07:00 in New York; 04:30 UTC was 23:30 on the 6th there.
    const caps = [{ count: 1, period: 'day' as const }];
    expect(capsHold(caps, [minute('2026-01-07T04:30:00Z')], now, 'America/New_York')).toBe(true);
    expect(capsHold(caps, [minute('2026-01-07T04:30:00Z')], now, 'UTC')).toBe(false);
  });

  it('caps are kept sorted and each once; the longest period says how long a browser remembers', () => {
    const caps = distinctCaps([
      { count: 10, period: 'week' },
      { count: 3, period: 'day' },
      { count: 10, period: 'week' },
      { count: 1, period: 'hour' },
    ]);
    expect(caps).toEqual([
      { count: 1, period: 'hour' },
      { count: 3, period: 'day' },
      { count: 10, period: 'week' },
    ]);
    expect(longestPeriod(caps)).toBe('week');
    expect(longestPeriod([{ count: 2, period: 'flight' }, ...caps])).toBe('flight');
  });
});

describe('what caps mean, in words', () => {
  it('says the caps per browser on each site, shortest window first', () => {
    expect(frequencyCapsSentence([{ count: 3, period: 'day' }])).toBe(
      'At most 3 a day per browser on each site.',
    );
    expect(
      frequencyCapsSentence([
        { count: 10, period: 'week' },
        { count: 1, period: 'hour' },
        { count: 3, period: 'day' },
      ]),
    ).toBe('At most 1 an hour, 3 a day and 10 a week per browser on each site.');
    expect(frequencyCapsSentence([{ count: 20, period: 'flight' }])).toBe(
      'At most 20 over the flight per browser on each site.',
    );
    expect(frequencyCapsSentence([])).toBe(
      'No frequency cap: a browser may see these ads any number of times.',
    );
  });
});
