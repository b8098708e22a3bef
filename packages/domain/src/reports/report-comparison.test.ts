import { describe, expect, it } from 'vitest';
import {
  HIGHER_IS_BETTER,
  isRateMetric,
  metricChange,
  metricValue,
  previousReportPeriod,
} from './report-comparison';
import { reportRates } from './report-data';

const current = reportRates({ impressions: 1200, viewable: 900, engagement: 60, clicks: 6 });
const previous = reportRates({ impressions: 1000, viewable: 900, engagement: 80, clicks: 6 });

describe('comparison with the previous period', () => {
  it('the previous period has as many days as the report and ends the day before it starts', () => {
    expect(previousReportPeriod({ start: '2026-03-08', end: '2026-03-14' })).toEqual({
      start: '2026-03-01',
      end: '2026-03-07',
    });
    expect(previousReportPeriod({ start: '2026-03-01', end: '2026-03-01' })).toEqual({
      start: '2026-02-28',
      end: '2026-02-28',
    });
    // Across a leap day and a year boundary.
    expect(previousReportPeriod({ start: '2024-03-01', end: '2024-03-02' })).toEqual({
      start: '2024-02-28',
      end: '2024-02-29',
    });
    expect(previousReportPeriod({ start: '2026-01-01', end: '2026-12-31' })).toEqual({
      start: '2025-01-01',
      end: '2025-12-31',
    });
  });

  it('a rise of a figure where higher is better is better news; a fall is worse', () => {
    expect(metricChange('impressions', current, previous)).toEqual({
      metric: 'impressions',
      current: 1200,
      previous: 1000,
      difference: 200,
      relative: 20,
      direction: 'up',
      verdict: 'better',
    });
    expect(metricChange('engagement', current, previous)).toMatchObject({
      difference: -20,
      relative: -25,
      direction: 'down',
      verdict: 'worse',
    });
    expect(metricChange('clicks', current, previous)).toMatchObject({ direction: 'flat', verdict: 'same' });
  });

  it('a change from zero has no relative change', () => {
    const zero = reportRates({ impressions: 0, viewable: 0, engagement: 0, clicks: 0 });
    expect(metricChange('clicks', current, zero)).toMatchObject({
      difference: 6,
      relative: null,
      verdict: 'better',
    });
  });

  it('rates are differences in percentage points', () => {
    // CTR 0.5 % now, 0.6 % before: 0.1 points down.
    const change = metricChange('ctr', current, previous);
    expect(change?.difference).toBeCloseTo(-0.1);
    expect(change?.verdict).toBe('worse');
    expect(isRateMetric('ctr')).toBe(true);
    expect(isRateMetric('clicks')).toBe(false);
  });

  it('a figure missing from either period (video without video data) is not compared', () => {
    const video = reportRates({ impressions: 1, viewable: 1, engagement: 0, clicks: 0, videoStarts: 2 });
    expect(metricChange('videoStarts', video, previous)).toBeUndefined();
    expect(metricChange('completionRate', previous, video)).toBeUndefined();
  });

  it('a rate over a denominator of 0 has no value: no CTR without impressions, no completion rate without starts', () => {
    const idle = reportRates({ impressions: 0, viewable: 0, engagement: 0, clicks: 0, videoStarts: 0 });
    expect(idle.ctr).toBe(0);
    expect(metricValue('ctr', idle)).toBeUndefined();
    expect(metricValue('engagementRate', idle)).toBeUndefined();
    expect(metricValue('viewabilityRate', idle)).toBeUndefined();
    expect(metricValue('completionRate', idle)).toBeUndefined();
    // Counters are values at 0; a rate over a non-zero denominator is a value even at 0 %.
    expect(metricValue('impressions', idle)).toBe(0);
    expect(metricValue('ctr', reportRates({ impressions: 10, viewable: 0, engagement: 0, clicks: 0 }))).toBe(
      0,
    );
    // A banner's row in a video report: impressions but no starts.
    const banner = reportRates({ impressions: 40, viewable: 30, engagement: 0, clicks: 1, videoStarts: 0 });
    expect(metricValue('ctr', banner)).toBe(2.5);
    expect(metricValue('completionRate', banner)).toBeUndefined();
  });

  it('a rate that moved less than the 0.01 points it is shown with did not move (no red "0.00 pp")', () => {
    const before = reportRates({ impressions: 100_000, viewable: 0, engagement: 0, clicks: 400 });
    const after = reportRates({ impressions: 100_000, viewable: 0, engagement: 0, clicks: 399 });
    expect(metricChange('ctr', after, before)).toMatchObject({ direction: 'flat', verdict: 'same' });
    expect(metricChange('clicks', after, before)).toMatchObject({ direction: 'down', verdict: 'worse' });
    const lower = reportRates({ impressions: 100_000, viewable: 0, engagement: 0, clicks: 390 });
    expect(metricChange('ctr', lower, before)).toMatchObject({ direction: 'down', verdict: 'worse' });
  });

  it('a rate without a value in either period is not compared (not "+0.50 pp from 0.00 %")', () => {
    const idle = reportRates({ impressions: 0, viewable: 0, engagement: 0, clicks: 0 });
    expect(metricChange('ctr', current, idle)).toBeUndefined();
    expect(metricChange('ctr', idle, current)).toBeUndefined();
    expect(metricChange('impressions', current, idle)).toMatchObject({ previous: 0, relative: null });
  });

  it('more is better for every figure the report shows, but a skipped or closed video ad, an effective cost (per conversion too) and a refused conversion', () => {
    const worse = Object.entries(HIGHER_IS_BETTER)
      .filter(([, better]) => !better)
      .map(([metric]) => metric);
    expect(worse.sort()).toEqual([
      'closes',
      'conversionsRefused',
      'costPerConversion',
      'cpcv',
      'ecpc',
      'ecpm',
      'skips',
    ]);
  });
});
