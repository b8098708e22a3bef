import { describe, expect, it } from 'vitest';
import {
  campaignFlight,
  flightDays,
  flightInstants,
  flightState,
  flightZone,
  isCampaignTimezone,
} from './flight';

const at = (iso: string) => new Date(iso);

describe('flight state (campaign start and end in its timezone)', () => {
  it('is live with no dates, scheduled before the start day, ended from the day after the end day', () => {
    const flight = { start: { date: '2026-11-10' }, end: { date: '2026-11-20' } };
    expect(flightState({}, at('2026-11-01T00:00:00Z'))).toBe('live');
    expect(flightState(flight, at('2026-11-09T23:59:59.999Z'))).toBe('scheduled');
    expect(flightState(flight, at('2026-11-10T00:00:00Z'))).toBe('live');
    expect(flightState(flight, at('2026-11-20T23:59:59.999Z'))).toBe('live');
    expect(flightState(flight, at('2026-11-21T00:00:00Z'))).toBe('ended');
  });

  it("counts the days in the campaign's timezone, UTC by default", () => {
    const tokyo = { start: { date: '2026-11-10' }, end: { date: '2026-11-10' }, timezone: 'Asia/Tokyo' };
    // 00:00 in Tokyo on 10 Nov is 15:00 UTC on 9 Nov; the day ends at 15:00 UTC on 10 Nov.
    expect(flightState(tokyo, at('2026-11-09T14:59:59Z'))).toBe('scheduled');
    expect(flightState(tokyo, at('2026-11-09T15:00:00Z'))).toBe('live');
    expect(flightState(tokyo, at('2026-11-10T14:59:59Z'))).toBe('live');
    expect(flightState(tokyo, at('2026-11-10T15:00:00Z'))).toBe('ended');
    expect(flightInstants({ start: { date: '2026-11-10' } })).toEqual({ from: at('2026-11-10T00:00:00Z') });
  });

  it('follows daylight saving: New York is -04:00 in summer, -05:00 in winter', () => {
    const flight = {
      start: { date: '2026-07-01' },
      end: { date: '2026-12-01' },
      timezone: 'America/New_York',
    };
    expect(flightInstants(flight)).toEqual({
      from: at('2026-07-01T04:00:00Z'),
      until: at('2026-12-02T05:00:00Z'),
    });
  });

  it('starts and ends at a time of day when a date names one (the end exclusive), in the zone', () => {
    const flight = {
      start: { date: '2026-11-20 09:30' },
      end: { date: '2026-11-22 18:00:00' },
      timezone: 'Europe/Berlin',
    };
    // Berlin is +01:00 in November: 09:30 local is 08:30 UTC, 18:00 local is 17:00 UTC.
    expect(flightInstants(flight)).toEqual({
      from: at('2026-11-20T08:30:00Z'),
      until: at('2026-11-22T17:00:00Z'),
    });
    expect(flightState(flight, at('2026-11-20T08:29:59Z'))).toBe('scheduled');
    expect(flightState(flight, at('2026-11-22T16:59:59Z'))).toBe('live');
    expect(flightState(flight, at('2026-11-22T17:00:00Z'))).toBe('ended');
    // 00:00 sharp on an end date means the date alone: the whole day runs.
    expect(flightState({ end: { date: '2026-11-20 00:00:00' } }, at('2026-11-20T23:00:00Z'))).toBe('live');
  });

  it('accepts UTC and the console zones as a campaign timezone, nothing else', () => {
    expect(isCampaignTimezone('UTC')).toBe(true);
    expect(isCampaignTimezone('America/Los_Angeles')).toBe(true);
    expect(isCampaignTimezone('Mars/Olympus')).toBe(false);
    expect(isCampaignTimezone('')).toBe(false);
  });

  it("reads a campaign's flight from its stored data: open sides null, UTC when it names no zone", () => {
    expect(campaignFlight(undefined)).toEqual({ start: null, end: null, timezone: 'UTC' });
    expect(campaignFlight({ start: { date: '2026-11-10' } })).toEqual({
      start: { date: '2026-11-10' },
      end: null,
      timezone: 'UTC',
    });
    const stored = {
      start: { date: '2026-11-10' },
      end: { date: '2026-11-20 18:00' },
      timezone: 'Asia/Tokyo',
    };
    expect(campaignFlight(stored)).toEqual(stored);
  });

  it("puts a flight in its campaign's zone, UTC when the campaign names none or an empty one", () => {
    expect(flightZone({ timezone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(flightZone({ timezone: '+05:30' })).toBe('+05:30');
    expect(flightZone({})).toBe('UTC');
    expect(flightZone({ timezone: null })).toBe('UTC');
    expect(flightZone({ timezone: '' })).toBe('UTC');
  });

  it("gives a flight's first and last local days, a time of day left out, null for an open side", () => {
    expect(flightDays({ start: { date: '2026-11-10 09:30' }, end: { date: '2026-11-20' } })).toEqual({
      start: '2026-11-10',
      end: '2026-11-20',
    });
    expect(flightDays({ end: { date: '2026-11-20' } })).toEqual({ start: null, end: '2026-11-20' });
    expect(flightDays({})).toEqual({ start: null, end: null });
  });
});
