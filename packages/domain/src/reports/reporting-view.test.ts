import { describe, expect, it } from 'vitest';
import { timezones } from '../timezones/timezones';
import {
  breakdownFromQuery,
  defaultReportUnit,
  fixedOffsetTimezone,
  flightReportingDates,
  hourlyAllowed,
  lastDaysReportingDates,
  pickedReportingDates,
  pickerRangeOf,
  readReportingState,
  reportDaysOf,
  reportHasVideo,
  reportingDatesOfDays,
  reportingQueryOf,
  reportingSearch,
  reportTimezone,
  reportWillHaveVideo,
  timezoneFromQuery,
} from './reporting-view';

const now = new Date('2026-11-22T15:30:00Z');
const iso = (range: { start: Date; end: Date }) => [range.start.toISOString(), range.end.toISOString()];
const kathmandu = timezones.find((timezone) => timezone.tzCode === 'Asia/Kathmandu');

describe('the reporting page state (docs/product.md §2 and §4)', () => {
  it('defaults to the 7 whole days before today in UTC, by day, when neither the URL nor the settings say otherwise', () => {
    // 22 November 15:30 UTC: the 22nd is not over, so 15 to 21 November.
    const state = readReportingState({}, {}, now);
    expect(iso(state.dates)).toEqual(['2026-11-15T00:00:00.000Z', '2026-11-21T23:59:59.000Z']);
    expect(state.timezone).toEqual({ label: '(GMT+00:00) UTC', offset: '+00:00', tzCode: 'UTC' });
    expect(state.unit).toBe('day');
    expect(state.breakdown).toBe('site');
  });

  it('reads the Breakdown tab from breakdown= (site, device, os, browser or country), else the first tab, site', () => {
    expect(readReportingState({ breakdown: 'country' }, {}, now).breakdown).toBe('country');
    expect(readReportingState({ breakdown: 'os' }, {}, now).breakdown).toBe('os');
    expect(breakdownFromQuery('city')).toBe('site');
    expect(breakdownFromQuery('Country')).toBe('site');
    expect(breakdownFromQuery(null)).toBe('site');
  });

  it('reads start and end as unix seconds and tz as an offset from the URL before the stored choice', () => {
    const stored = {
      activeReportingDates: { start: '2026-01-01T00:01:00Z', end: '2026-01-31T23:59:59Z' },
      activeReportingTimezone: kathmandu,
    };
    const state = readReportingState(
      { start: '1761955260', end: '1762559999', tz: '-05:00', zone: 'America/New_York' },
      stored,
      now,
    );
    expect(iso(state.dates)).toEqual(['2025-11-01T00:01:00.000Z', '2025-11-07T23:59:59.000Z']);
    expect(state.timezone.tzCode).toBe('America/New_York');
    // Without a URL the stored choice wins.
    const fromSettings = readReportingState({}, stored, now);
    expect(iso(fromSettings.dates)).toEqual(['2026-01-01T00:01:00.000Z', '2026-01-31T23:59:59.000Z']);
    expect(fromSettings.timezone).toEqual(kathmandu);
  });

  it("reads a campaign's report in the campaign's zone, before the stored choice and UTC, unless the URL names another", () => {
    const newYork = timezones.find((timezone) => timezone.tzCode === 'America/New_York');
    const stored = { activeReportingTimezone: kathmandu };
    expect(readReportingState({}, stored, now, 'America/New_York').timezone).toEqual(newYork);
    expect(readReportingState({}, {}, now, 'America/New_York').timezone).toEqual(newYork);
    // The reader's pick, kept in the URL, wins over the campaign's zone; so does a link's fixed offset.
    expect(
      readReportingState({ tz: '+05:45', zone: 'Asia/Kathmandu' }, {}, now, 'America/New_York').timezone,
    ).toEqual(kathmandu);
    expect(reportTimezone({ tz: '+01:00' }, 'America/New_York', {})).toEqual(fixedOffsetTimezone('+01:00'));
    // A UTC campaign's report is in UTC, whatever was chosen for another campaign.
    expect(reportTimezone({}, 'UTC', stored).tzCode).toBe('UTC');
    // Without a campaign (the dashboard) or with a zone the list does not name: the stored choice.
    expect(reportTimezone({}, undefined, stored)).toEqual(kathmandu);
    expect(reportTimezone({}, 'Mars/Olympus', stored)).toEqual(kathmandu);
    expect(reportTimezone({}, null, {}).tzCode).toBe('UTC');
  });

  it('ignores a URL range that is not two integers in order', () => {
    expect(iso(readReportingState({ start: '20', end: '10' }, {}, now).dates)).toEqual(
      iso(readReportingState({}, {}, now).dates),
    );
    expect(iso(readReportingState({ start: 'x', end: '10' }, {}, now).dates)).toEqual(
      iso(readReportingState({}, {}, now).dates),
    );
  });

  it('reads a link with only an offset as that fixed offset, and one with a zone as the zone', () => {
    expect(timezoneFromQuery({ tz: '+05:45' })).toEqual(fixedOffsetTimezone('+05:45'));
    expect(timezoneFromQuery({ tz: '+05:45', zone: 'Asia/Kathmandu' })).toEqual(kathmandu);
    expect(timezoneFromQuery({ tz: '+00:00' })?.tzCode).toBe('UTC');
    expect(timezoneFromQuery({ tz: '5:45' })).toBeUndefined();
    expect(timezoneFromQuery({ zone: 'Mars/Olympus' })).toBeUndefined();
  });

  it('writes the state back as start, end, tz, zone, by and breakdown, and reads it back the same', () => {
    const state = {
      dates: reportingDatesOfDays({ start: '2026-11-01', end: '2026-11-07' }),
      timezone: kathmandu ?? fixedOffsetTimezone('+05:45'),
      unit: 'hour' as const,
      breakdown: 'country' as const,
    };
    const search = reportingSearch(state);
    expect(search).toEqual({
      start: String(Date.parse('2026-11-01T00:01:00Z') / 1000),
      end: String(Date.parse('2026-11-07T23:59:59Z') / 1000),
      tz: '+05:45',
      zone: 'Asia/Kathmandu',
      by: 'hour',
      breakdown: 'country',
    });
    expect(readReportingState(search, {}, now)).toEqual(state);
    // A fixed offset writes no zone.
    expect(reportingSearch({ ...state, timezone: fixedOffsetTimezone('+05:45') }).zone).toBeUndefined();
  });

  it('offers hourly figures up to 31 days and falls back to daily beyond', () => {
    const month = reportingDatesOfDays({ start: '2026-10-01', end: '2026-10-31' });
    const longer = reportingDatesOfDays({ start: '2026-10-01', end: '2026-11-01' });
    expect(hourlyAllowed(month)).toBe(true);
    expect(hourlyAllowed(longer)).toBe(false);
    expect(
      readReportingState(
        {
          ...reportingSearch({
            dates: longer,
            timezone: fixedOffsetTimezone('+00:00'),
            unit: 'day',
            breakdown: 'site',
          }),
          by: 'hour',
        },
        {},
        now,
      ).unit,
    ).toBe('day');
    expect(defaultReportUnit(reportingDatesOfDays({ start: '2026-10-01', end: '2026-10-01' }))).toBe('hour');
    expect(defaultReportUnit(month)).toBe('day');
  });

  it('turns calendar days picked in the browser into the same UTC days, start +1 minute, end 23:59:59', () => {
    const picked = pickedReportingDates(new Date(2026, 10, 1, 0, 0), new Date(2026, 10, 7, 23, 59, 59, 999));
    expect(iso(picked)).toEqual(['2026-11-01T00:01:00.000Z', '2026-11-07T23:59:59.000Z']);
    expect(reportDaysOf(picked)).toEqual({ start: '2026-11-01', end: '2026-11-07' });
    const range = pickerRangeOf(picked);
    expect([range.from.getFullYear(), range.from.getMonth(), range.from.getDate()]).toEqual([2026, 10, 1]);
    expect([range.to.getFullYear(), range.to.getMonth(), range.to.getDate()]).toEqual([2026, 10, 7]);
  });

  it('names the last N whole calendar days before today, in UTC or the given zone', () => {
    // 22 November 15:30 UTC: 30 days are 23 October to 21 November; one day is yesterday.
    expect(reportDaysOf(lastDaysReportingDates(30, now))).toEqual({ start: '2026-10-23', end: '2026-11-21' });
    expect(reportDaysOf(lastDaysReportingDates(1, now))).toEqual({ start: '2026-11-21', end: '2026-11-21' });
    // 22 November 23:30 UTC is the 23rd 13:30 at Kiritimati (+14:00): 16 to 22 November there.
    const late = new Date('2026-11-22T23:30:00Z');
    expect(reportDaysOf(lastDaysReportingDates(7, late, 'Pacific/Kiritimati'))).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
    });
    // 22 November 05:00 UTC is the 21st 21:00 in Los Angeles (-08:00): 14 to 20 November there.
    expect(
      reportDaysOf(lastDaysReportingDates(7, new Date('2026-11-22T05:00:00Z'), 'America/Los_Angeles')),
    ).toEqual({ start: '2026-11-14', end: '2026-11-20' });
  });

  it("defaults a campaign's report to whole days in the campaign's zone", () => {
    // 22 November 23:30 UTC is the 23rd in Kiritimati: its report's default ends on the 22nd there.
    const state = readReportingState({}, {}, new Date('2026-11-22T23:30:00Z'), 'Pacific/Kiritimati');
    expect(reportDaysOf(state.dates)).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    const utc = readReportingState({}, {}, new Date('2026-11-22T23:30:00Z'));
    expect(reportDaysOf(utc.dates)).toEqual({ start: '2026-11-15', end: '2026-11-21' });
  });

  it("reports a campaign's flight from its first day to its last, or to today while it runs", () => {
    expect(
      iso(flightReportingDates({ start: '2026-09-01', end: '2026-10-15' }, now) ?? { start: now, end: now }),
    ).toEqual(['2026-09-01T00:01:00.000Z', '2026-10-15T23:59:59.000Z']);
    const running = flightReportingDates({ start: '2026-09-01', end: '2026-12-31' }, now);
    expect(running && reportDaysOf(running)).toEqual({ start: '2026-09-01', end: '2026-11-22' });
    expect(flightReportingDates({ start: '2026-12-01', end: '2026-12-31' }, now)).toBeUndefined();
    expect(flightReportingDates({ start: null, end: '2026-12-31' }, now)).toBeUndefined();
  });

  it('shows video quartiles for video creatives or when videos started', () => {
    expect(reportHasVideo({ totals: { videoStarts: 0 }, creatives: [{ type: 'VAST' }] })).toBe(true);
    expect(reportHasVideo({ totals: { videoStarts: 3 }, creatives: [{ type: 'Banner' }] })).toBe(true);
    expect(reportHasVideo({ totals: { videoStarts: 0 }, creatives: [{ type: 'Banner' }] })).toBe(false);
    expect(reportHasVideo({ totals: {}, creatives: [] })).toBe(false);
  });

  it("tells from the campaign's creatives, before the report arrives, whether it will have video", () => {
    const creatives = [
      { id: 'banner', type: 'Banner' },
      { id: 'video', type: 'VPAID' },
    ];
    expect(reportWillHaveVideo(creatives)).toBe(true);
    expect(reportWillHaveVideo(creatives, 'video')).toBe(true);
    expect(reportWillHaveVideo(creatives, 'banner')).toBe(false);
    expect(reportWillHaveVideo([{ id: 'banner', type: 'Banner' }])).toBe(false);
    expect(reportWillHaveVideo([])).toBe(false);
  });
});

describe('reportingQueryOf', () => {
  it("reads a state's query from an address and round-trips reportingSearch, other names left out", () => {
    const state = readReportingState(
      { start: '1795305600', end: '1795910399', tz: '+05:45', zone: 'Asia/Kathmandu', by: 'hour' },
      {},
      now,
    );
    const address = new URLSearchParams({ ...reportingSearch(state), utm_source: 'mail' });
    const query = reportingQueryOf(address);
    expect(Object.keys(query)).toEqual(['start', 'end', 'tz', 'zone', 'by', 'breakdown']);
    expect(readReportingState(query, {}, now)).toEqual(state);
    expect(reportingQueryOf(new URLSearchParams())).toEqual({
      start: null,
      end: null,
      tz: null,
      zone: null,
      by: null,
      breakdown: null,
    });
  });
});
