import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages';
import {
  addDays,
  dayCount,
  reportDays,
  reportPeriodKeys,
  reportRangeProblem,
  reportUtcRange,
  reportZone,
  resolveReportWindow,
  zoneOfName,
  zoneQuery,
} from './report-range';

const HOUR = 60 * 60 * 1000;
const contains = (range: { from: Date; to: Date }, instant: string) =>
  range.from.getTime() <= Date.parse(instant) && Date.parse(instant) < range.to.getTime();
const fixed = (offset: string) => reportZone({ tzOffset: offset });

describe('report dates name local calendar days in the requested zone, both included', () => {
  it('reads the date parts of start_dt and end_dt', () => {
    expect(reportDays({ start_dt: '2026-03-01 00:01:00', end_dt: '2026-03-07 23:59:59' })).toEqual({
      start: '2026-03-01',
      end: '2026-03-07',
    });
    expect(dayCount('2026-03-01', '2026-03-07')).toBe(7);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('an event at 18:20 UTC falls on the next local day in +05:45 and on the same day in -03:30', () => {
    const event = '2026-03-01T18:20:00Z';
    expect(contains(reportUtcRange({ start: '2026-03-02', end: '2026-03-02' }, fixed('+05:45')), event)).toBe(
      true,
    );
    expect(contains(reportUtcRange({ start: '2026-03-01', end: '2026-03-01' }, fixed('+05:45')), event)).toBe(
      false,
    );
    expect(contains(reportUtcRange({ start: '2026-03-01', end: '2026-03-01' }, fixed('-03:30')), event)).toBe(
      true,
    );
  });

  it('+12:45, +14:00 and -12:00: a local day runs from local midnight to local midnight', () => {
    expect(reportUtcRange({ start: '2026-03-01', end: '2026-03-01' }, fixed('+12:45'))).toEqual({
      from: new Date('2026-02-28T11:15:00Z'),
      to: new Date('2026-03-01T11:15:00Z'),
    });
    expect(reportUtcRange({ start: '2026-03-01', end: '2026-03-01' }, fixed('+14:00')).from).toEqual(
      new Date('2026-02-28T10:00:00Z'),
    );
    expect(reportUtcRange({ start: '2026-03-01', end: '2026-03-01' }, fixed('-12:00')).to).toEqual(
      new Date('2026-03-02T12:00:00Z'),
    );
  });

  it('America/New_York on 8 March 2026 is a 23-hour day; Europe/Berlin on 25 October 2026 a 25-hour day', () => {
    const newYork = reportZone({ tzOffset: '-05:00', timezone: 'America/New_York' });
    const spring = reportUtcRange({ start: '2026-03-08', end: '2026-03-08' }, newYork);
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * HOUR);
    expect(reportPeriodKeys({ start: '2026-03-08', end: '2026-03-08' }, newYork, 'hour')).not.toContain(
      '2026-03-08T02:00',
    );
    expect(reportPeriodKeys({ start: '2026-03-08', end: '2026-03-08' }, newYork, 'hour')).toHaveLength(23);
    const berlin = reportZone({ tzOffset: '+01:00', timezone: 'Europe/Berlin' });
    const autumn = reportUtcRange({ start: '2026-10-25', end: '2026-10-25' }, berlin);
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * HOUR);
    // The repeated hour 02:00-03:00 is one period of the hourly series.
    expect(reportPeriodKeys({ start: '2026-10-25', end: '2026-10-25' }, berlin, 'hour')).toHaveLength(24);
    // Without the IANA zone the offset is fixed: every day is 24 hours.
    const fixedRange = reportUtcRange({ start: '2026-03-08', end: '2026-03-08' }, fixed('-05:00'));
    expect(fixedRange.to.getTime() - fixedRange.from.getTime()).toBe(24 * HOUR);
  });

  it('gives the zone offset at the start of the range with its IANA code', () => {
    expect(
      reportZone({ tzOffset: '+01:00', timezone: 'Europe/Berlin' }, new Date('2026-07-01T00:00:00Z')),
    ).toEqual({
      iana: 'Europe/Berlin',
      offset: '+02:00',
    });
  });

  it('lists every period, zeros included: each day of a range, each hour of a one-day range', () => {
    expect(reportPeriodKeys({ start: '2026-02-27', end: '2026-03-02' }, fixed('+00:00'), 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    const hours = reportPeriodKeys({ start: '2026-03-01', end: '2026-03-01' }, fixed('+05:45'), 'hour');
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe('2026-03-01T00:00');
    expect(hours[23]).toBe('2026-03-01T23:00');
  });

  it('hourly figures cover at most 31 days, any report at most 3660', () => {
    expect(reportRangeProblem({ start: '2026-01-01', end: '2026-01-31' }, 'hour')).toBeUndefined();
    expect(reportRangeProblem({ start: '2026-01-01', end: '2026-02-01' }, 'hour')).toBe(
      MESSAGES.hourlyReportTooLong,
    );
    expect(reportRangeProblem({ start: '2016-01-01', end: '2026-12-31' }, 'day')).toBe(
      MESSAGES.reportRangeTooLong,
    );
  });

  it('resolves a query to its window: the days, the UTC range, the zone with its offset at the start; or the problem', () => {
    const query = {
      start_dt: '2026-03-29 00:00:00',
      end_dt: '2026-03-29 23:59:59',
      tzOffset: '+02:00',
      timezone: 'Europe/Berlin',
    };
    expect(resolveReportWindow(query, 'hour')).toEqual({
      days: { start: '2026-03-29', end: '2026-03-29' },
      zone: { iana: 'Europe/Berlin', offset: '+01:00' },
      from: new Date('2026-03-28T23:00:00Z'),
      to: new Date('2026-03-29T22:00:00Z'),
    });
    expect(resolveReportWindow({ ...query, end_dt: '2026-05-29 00:00:00' }, 'hour')).toEqual({
      problem: MESSAGES.hourlyReportTooLong,
    });
  });

  it('reads a stored zone name: a fixed offset as it is, an IANA zone with its offset at the instant', () => {
    expect(zoneOfName('+05:45', new Date('2026-07-01T00:00:00Z'))).toEqual({ offset: '+05:45' });
    expect(zoneOfName('Europe/Berlin', new Date('2026-07-01T00:00:00Z'))).toEqual({
      iana: 'Europe/Berlin',
      offset: '+02:00',
    });
    expect(zoneOfName('Europe/Berlin', new Date('2026-01-01T00:00:00Z')).offset).toBe('+01:00');
    expect(() => zoneOfName('Mars/Olympus', new Date())).toThrow(RangeError);
  });

  it('names a zone in a query the way reportZone reads it back', () => {
    const berlin = { iana: 'Europe/Berlin', offset: '+02:00' };
    expect(zoneQuery(berlin)).toEqual({ tzOffset: '+02:00', timezone: 'Europe/Berlin' });
    expect(zoneQuery({ offset: '-03:30' })).toEqual({ tzOffset: '-03:30' });
    expect(reportZone(zoneQuery(berlin))).toEqual(berlin);
    expect(reportZone(zoneQuery({ offset: '-03:30' }))).toEqual({ offset: '-03:30' });
  });
});
