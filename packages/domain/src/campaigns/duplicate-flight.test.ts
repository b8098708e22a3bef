// The flight a campaign's copy is offered (docs/product.md §4, "Duplicating a campaign").
import { describe, expect, it } from 'vitest';
import { duplicateFlightDays } from './duplicate-flight';
import { campaignPacing } from './pacing';

const NOW = new Date('2026-11-29T10:00:00Z');
const flight = (start: string | null, end: string | null, timezone = 'UTC') => ({
  start: start === null ? null : { date: start },
  end: end === null ? null : { date: end },
  timezone,
});

describe('duplicateFlightDays', () => {
  it('a started flight starts today and keeps its length', () => {
    expect(duplicateFlightDays(flight('2026-11-01', '2026-11-30'), NOW)).toEqual({
      start: '2026-11-29',
      end: '2026-12-28',
    });
  });
  it('an ended flight too', () => {
    expect(duplicateFlightDays(flight('2026-01-01', '2026-01-10'), NOW)).toEqual({
      start: '2026-11-29',
      end: '2026-12-08',
    });
  });
  it('an open end stays open', () => {
    expect(duplicateFlightDays(flight('2026-10-01', null), NOW)).toEqual({ start: '2026-11-29', end: null });
  });
  it('a flight starting today or later, or without a start, keeps its days', () => {
    expect(duplicateFlightDays(flight('2026-11-29', '2026-12-05'), NOW)).toEqual({
      start: '2026-11-29',
      end: '2026-12-05',
    });
    expect(duplicateFlightDays(flight('2027-01-01', '2027-01-31'), NOW)).toEqual({
      start: '2027-01-01',
      end: '2027-01-31',
    });
    expect(duplicateFlightDays(flight(null, '2026-12-31'), NOW)).toEqual({ start: null, end: '2026-12-31' });
  });
  it("today is the campaign's zone's: 23:30 UTC is already tomorrow in Berlin", () => {
    const late = new Date('2026-11-29T23:30:00Z');
    expect(duplicateFlightDays(flight('2026-11-01', '2026-11-10', 'Europe/Berlin'), late)).toEqual({
      start: '2026-11-30',
      end: '2026-12-09',
    });
  });
  it('a copy of a running campaign on the offered days is "not started", never at risk, through its first day', () => {
    const days = duplicateFlightDays(flight('2026-11-01', '2026-11-30'), NOW);
    const copy = flight(days.start, days.end);
    const goal = { metric: 'impressions' as const, amount: 300_000 };
    for (const at of ['2026-11-29T10:00:00Z', '2026-11-29T23:59:00Z'])
      expect(campaignPacing({ goal, flight: copy, delivered: [], now: new Date(at) })?.status).toBe(
        'not-started',
      );
  });
});
