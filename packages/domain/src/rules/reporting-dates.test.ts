import { describe, expect, it } from 'vitest';
import {
  chosenReportingDates,
  defaultReportingDates,
  fromReportingQuery,
  reportingDatesOrDefault,
  toReportingQuery,
} from './reporting-dates';

const iso = (range: { start: Date; end: Date }) => [range.start.toISOString(), range.end.toISOString()];

describe('reporting dates (docs/product.md §4)', () => {
  it('defaults to seven calendar days in UTC: start 00:00:00 six days back, end 23:59:59 today', () => {
    expect(iso(defaultReportingDates(new Date('2026-03-10T15:42:00Z')))).toEqual([
      '2026-03-04T00:00:00.000Z',
      '2026-03-10T23:59:59.000Z',
    ]);
  });

  it('uses the UTC day even when the local day differs, across month ends', () => {
    expect(iso(defaultReportingDates(new Date('2026-03-02T23:59:59.999Z')))).toEqual([
      '2026-02-24T00:00:00.000Z',
      '2026-03-02T23:59:59.000Z',
    ]);
  });

  it('adds one minute to a chosen start and sets the chosen end to 23:59:59 UTC', () => {
    expect(
      iso(chosenReportingDates(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-05T10:00:00Z'))),
    ).toEqual(['2026-03-01T00:01:00.000Z', '2026-03-05T23:59:59.000Z']);
  });

  it('reuses stored dates when they are readable and in order, else falls back to the default', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(
      iso(reportingDatesOrDefault({ start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' }, now)),
    ).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z']);
    expect(iso(reportingDatesOrDefault({ start: '2026-01-03', end: '2026-01-02' }, now))).toEqual(
      iso(defaultReportingDates(now)),
    );
    expect(iso(reportingDatesOrDefault({ start: 'garbage', end: '2026-01-02' }, now))).toEqual(
      iso(defaultReportingDates(now)),
    );
    expect(iso(reportingDatesOrDefault(null, now))).toEqual(iso(defaultReportingDates(now)));
  });
});

describe('reporting page query (docs/product.md §4)', () => {
  it('writes start and end as unix seconds and tz as an offset', () => {
    const dates = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-07T23:59:59Z') };
    expect(toReportingQuery(dates, '+05:30')).toEqual({ start: 1767225600, end: 1767830399, tz: '+05:30' });
    expect(toReportingQuery(dates).tz).toBe('+00:00');
  });

  it('reads the query back, refusing missing, non-numeric or reversed dates, with +00:00 as default tz', () => {
    const read = fromReportingQuery({ start: '1767225600', end: '1767830399', tz: '-03:30' });
    expect(read?.dates.start.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(read?.tzOffset).toBe('-03:30');
    expect(fromReportingQuery({ start: '1767225600', end: '1767830399', tz: 'UTC' })?.tzOffset).toBe(
      '+00:00',
    );
    expect(fromReportingQuery({ start: '1767225600' })).toBeUndefined();
    expect(fromReportingQuery({ start: 'a', end: '1' })).toBeUndefined();
    expect(fromReportingQuery({ start: '10', end: '5' })).toBeUndefined();
  });
});
