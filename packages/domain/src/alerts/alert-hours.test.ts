import { describe, expect, it } from 'vitest';
import {
  hourOfWeekDelivery,
  type ImpressionBucket,
  lastFullLocalHour,
  median,
  sameLocalHourBefore,
} from './alert-hours';

const iso = (date: Date) => date.toISOString();
const bucket = (from: string, count: number): ImpressionBucket => ({ from: new Date(from), count });

describe('the hours a delivery alert compares, in local wall-clock time', () => {
  it.each([
    // [zone, now (UTC), the last full local hour as UTC instants, its local label]
    // UTC: 15:20 -> 14:00-15:00.
    [
      'UTC',
      '2026-11-24T15:20:00Z',
      '2026-11-24T14:00:00.000Z',
      '2026-11-24T15:00:00.000Z',
      '2026-11-24T14:00',
    ],
    // New York in summer time (UTC-4): 19:20Z is 15:20 local -> 14:00-15:00 local = 18:00-19:00Z.
    [
      'America/New_York',
      '2026-03-10T19:20:00Z',
      '2026-03-10T18:00:00.000Z',
      '2026-03-10T19:00:00.000Z',
      '2026-03-10T14:00',
    ],
    // The spring-forward morning: 07:30Z is 03:30 EDT; 02:00-03:00 did not exist, so the last full local
    // hour is 01:00-02:00 EST = 06:00-07:00Z (it ended at 07:00Z, which the clocks showed as 03:00 EDT).
    [
      'America/New_York',
      '2026-03-08T07:30:00Z',
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T01:00',
    ],
    // India (UTC+5:30): 10:00Z is 15:30 local -> 14:00-15:00 local = 08:30-09:30Z.
    [
      'Asia/Kolkata',
      '2026-11-24T10:00:00Z',
      '2026-11-24T08:30:00.000Z',
      '2026-11-24T09:30:00.000Z',
      '2026-11-24T14:00',
    ],
  ])('%s at %s: the last full local hour is %s to %s (%s local)', (zone, now, from, until, local) => {
    const hour = lastFullLocalHour(zone, new Date(now));
    expect({ from: iso(hour.from), until: iso(hour.until), local: hour.local }).toEqual({
      from,
      until,
      local,
    });
  });

  it('across a spring-forward change, the same local hour 1-4 weeks back is an hour later in UTC', () => {
    // Tuesday 10 March 2026, 14:00-15:00 EDT (UTC-4) = 18:00Z. New York moved to summer time on Sunday
    // 8 March; the four Tuesdays before were on EST (UTC-5), so 14:00 local was 19:00Z.
    const hour = lastFullLocalHour('America/New_York', new Date('2026-03-10T19:20:00Z'));
    expect(
      sameLocalHourBefore('America/New_York', hour, 4).map((past) => [iso(past.from), past.local]),
    ).toEqual([
      ['2026-03-03T19:00:00.000Z', '2026-03-03T14:00'],
      ['2026-02-24T19:00:00.000Z', '2026-02-24T14:00'],
      ['2026-02-17T19:00:00.000Z', '2026-02-17T14:00'],
      ['2026-02-10T19:00:00.000Z', '2026-02-10T14:00'],
    ]);
  });

  it('across an autumn change, the same local hour back in summer time is an hour earlier in UTC', () => {
    // Tuesday 27 October 2026, 15:20 CET (UTC+1) = 14:20Z; the last hour 14:00-15:00 CET = 13:00Z. Berlin
    // left summer time on Sunday 25 October; before, 14:00 CEST (UTC+2) was 12:00Z.
    const hour = lastFullLocalHour('Europe/Berlin', new Date('2026-10-27T14:20:00Z'));
    expect(iso(hour.from)).toBe('2026-10-27T13:00:00.000Z');
    expect(sameLocalHourBefore('Europe/Berlin', hour, 4).map((past) => iso(past.from))).toEqual([
      '2026-10-20T12:00:00.000Z',
      '2026-10-13T12:00:00.000Z',
      '2026-10-06T12:00:00.000Z',
      '2026-09-29T12:00:00.000Z',
    ]);
  });

  it('a past hour that a spring-forward change skipped is left out', () => {
    // Sunday 15 March 2026, 03:30 EDT = 07:30Z: the last hour is 02:00-03:00 EDT (06:00Z). A week before,
    // 8 March, 02:00-03:00 local never happened; the three Sundays before were on EST: 02:00 = 07:00Z.
    const hour = lastFullLocalHour('America/New_York', new Date('2026-03-15T07:30:00Z'));
    expect(hour.local).toBe('2026-03-15T02:00');
    expect(sameLocalHourBefore('America/New_York', hour, 4).map((past) => iso(past.from))).toEqual([
      '2026-03-01T07:00:00.000Z',
      '2026-02-22T07:00:00.000Z',
      '2026-02-15T07:00:00.000Z',
    ]);
  });

  it('a zone Intl does not know counts as UTC', () => {
    expect(lastFullLocalHour('Mars/Olympus', new Date('2026-11-24T15:20:00Z')).local).toBe(
      '2026-11-24T14:00',
    );
  });
});

describe('the usual hour: the median of the same local hour of the last 4 weeks', () => {
  it.each([
    [[], null],
    [[7], 7],
    // 3 values: the middle one once sorted (200, 900, 1000).
    [[1000, 200, 900], 900],
    // 4 values, sorted 200, 900, 1000, 1200: (900 + 1000) / 2 = 950.
    [[1000, 1200, 200, 900], 950],
  ] as const)('median of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it('sums the 15-minute buckets of each hour and leaves out the weeks before the flight began', () => {
    // Asia/Kolkata, last hour 14:00-15:00 IST = 08:30-09:30Z on 24 November: four buckets of 100 = 400.
    // The same hour one and two weeks back: 4 x 250 = 1,000 each; three weeks back (3 November) 4 x 10,
    // but the flight began on 5 November, so that week and the fourth are not compared: median of
    // [1,000, 1,000] = 1,000. A bucket at 09:30Z (15:00 IST, the next hour) is not counted.
    const quarter = (day: string, count: number) =>
      ['08:30', '08:45', '09:00', '09:15'].map((time) => bucket(`2026-11-${day}T${time}:00Z`, count));
    const delivery = hourOfWeekDelivery({
      timezone: 'Asia/Kolkata',
      now: new Date('2026-11-24T10:00:00Z'),
      impressions: [
        ...quarter('24', 100),
        bucket('2026-11-24T09:30:00Z', 5_000),
        ...quarter('17', 250),
        ...quarter('10', 250),
        ...quarter('03', 10),
      ],
      since: new Date('2026-11-04T18:30:00Z'),
    });
    expect(delivery.impressions).toBe(400);
    expect(delivery.compared.map((past) => past.local)).toEqual(['2026-11-17T14:00', '2026-11-10T14:00']);
    expect(delivery.usual).toBe(1_000);
  });
});
