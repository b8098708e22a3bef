import { describe, expect, it } from 'vitest';
import {
  chosenReportingDates,
  defaultReportingDates,
  fromReportingQuery,
  localDayAt,
  reportIncludesToday,
  reportingDatesOrDefault,
  toReportingQuery,
} from './reporting-dates';

const iso = (range: { start: Date; end: Date }) => [range.start.toISOString(), range.end.toISOString()];

describe('reporting dates (docs/product.md §4)', () => {
  it('defaults to the seven whole days before today in UTC: start 00:00:00 seven days back, end 23:59:59 yesterday', () => {
    // 10 March 15:42 UTC: today (the 10th) is not over, so the range is 3 to 9 March.
    expect(iso(defaultReportingDates(new Date('2026-03-10T15:42:00Z')))).toEqual([
      '2026-03-03T00:00:00.000Z',
      '2026-03-09T23:59:59.000Z',
    ]);
  });

  it('uses the UTC day even when the local day differs, across month ends', () => {
    // 2 March 23:59 UTC: yesterday is 1 March, seven days back 23 February.
    expect(iso(defaultReportingDates(new Date('2026-03-02T23:59:59.999Z')))).toEqual([
      '2026-02-23T00:00:00.000Z',
      '2026-03-01T23:59:59.000Z',
    ]);
  });

  it("ends the default with yesterday in the report's zone, not in UTC", () => {
    // 10 March 23:30 UTC is 11 March 00:30 in Berlin (+01:00): yesterday there is the 10th.
    expect(iso(defaultReportingDates(new Date('2026-03-10T23:30:00Z'), 'Europe/Berlin'))).toEqual([
      '2026-03-04T00:00:00.000Z',
      '2026-03-10T23:59:59.000Z',
    ]);
    // 10 March 03:00 UTC is 9 March 23:00 in New York (-04:00 since the 8th): yesterday is the 8th.
    expect(iso(defaultReportingDates(new Date('2026-03-10T03:00:00Z'), 'America/New_York'))).toEqual([
      '2026-03-02T00:00:00.000Z',
      '2026-03-08T23:59:59.000Z',
    ]);
    // A fixed offset as the page's tz names it: 22 November 18:20 UTC is 23 November 00:05 at +05:45.
    expect(iso(defaultReportingDates(new Date('2026-11-22T18:20:00Z'), '+05:45'))).toEqual([
      '2026-11-16T00:00:00.000Z',
      '2026-11-22T23:59:59.000Z',
    ]);
  });

  it('reads the calendar day in a zone, UTC for a zone it does not know', () => {
    expect(localDayAt(new Date('2026-03-10T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-11');
    expect(localDayAt(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-10');
    expect(localDayAt(new Date('2026-03-10T23:30:00Z'), 'Mars/Olympus_Mons')).toBe('2026-03-10');
  });

  it('says a range holds today when today in its zone is one of its days (its figures are so far)', () => {
    const week = { start: '2026-11-16', end: '2026-11-22' };
    expect(reportIncludesToday(week, 'UTC', new Date('2026-11-22T15:30:00Z'))).toBe(true);
    // 18:20 UTC on the 22nd is already the 23rd in Kathmandu: the week there is over.
    expect(reportIncludesToday(week, 'Asia/Kathmandu', new Date('2026-11-22T18:20:00Z'))).toBe(false);
    expect(
      reportIncludesToday(
        { start: '2026-11-23', end: '2026-11-23' },
        'Asia/Kathmandu',
        new Date('2026-11-22T18:20:00Z'),
      ),
    ).toBe(true);
    // The default range never does.
    const now = new Date('2026-11-22T15:30:00Z');
    const dates = defaultReportingDates(now, 'UTC');
    expect(
      reportIncludesToday(
        { start: dates.start.toISOString().slice(0, 10), end: dates.end.toISOString().slice(0, 10) },
        'UTC',
        now,
      ),
    ).toBe(false);
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
