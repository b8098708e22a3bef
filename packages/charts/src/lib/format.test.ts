import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatFigure,
  formatHour,
  formatMetric,
  formatPeriod,
  formatRate,
  formatSignedPercent,
  formatSignedPoints,
  NO_VALUE,
  weekdayNames,
} from './format';

describe('formatting for the locale', () => {
  it('formats counters and rates (given in percent) per locale', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCount(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatRate(0.52, 'en-US')).toBe('0.52%');
    expect(formatRate(0.52, 'de-DE')).toBe('0,52\u00a0%');
    expect(formatMetric('ctr', 12.5, 'en-US')).toBe('12.50%');
    expect(formatMetric('clicks', 12.5, 'en-US')).toBe('13');
  });

  it("shows '—' for a rate without a denominator, and 0.00% for a rate that is 0 over real impressions", () => {
    expect(formatFigure('ctr', { impressions: 0, clicks: 0, ctr: 0 }, 'en-US')).toBe(NO_VALUE);
    expect(formatFigure('ctr', { impressions: 10, clicks: 0, ctr: 0 }, 'en-US')).toBe('0.00%');
    expect(
      formatFigure('completionRate', { impressions: 10, videoStarts: 0, completionRate: 0 }, 'en-US'),
    ).toBe(NO_VALUE);
    expect(formatFigure('impressions', { impressions: 0 }, 'en-US')).toBe('0');
  });

  it('signs changes, and leaves a zero change unsigned', () => {
    expect(formatSignedPercent(12.34, 'en-US')).toBe('+12.3%');
    expect(formatSignedPercent(-4, 'en-US')).toBe('-4.0%');
    expect(formatSignedPercent(0, 'en-US')).toBe('0.0%');
    expect(formatSignedPoints(0.125, 'en-US')).toBe('+0.13 pp');
  });

  it('names local days and hours without shifting them into the viewer zone', () => {
    expect(formatPeriod('2026-03-01', 'en-US')).toBe('Mar 1, 2026');
    expect(formatPeriod('2026-03-01', 'en-US', 'axis')).toBe('Mar 1');
    expect(formatPeriod('2026-03-01T14:00', 'en-US', 'axis')).toBe('14:00');
    expect(formatPeriod('2026-03-01T00:00', 'en-GB')).toBe('1 Mar 2026, 00:00');
    expect(formatPeriod('2026-12-31', 'de-DE', 'axis')).toBe('31. Dez.');
  });

  it('lists weekdays from Monday (the report weekday 0) and hours of the day', () => {
    expect(weekdayNames('en-US')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayNames('de-DE', 'long')[6]).toBe('Sonntag');
    expect(formatHour(0, 'en-GB')).toBe('00:00');
    expect(formatHour(13, 'en-US')).toBe('01:00 PM');
  });
});
