import { describe, expect, it } from 'vitest';
import { isReportFresh, reportCacheKey } from './report-cache';

describe('report cache (docs/product.md §4)', () => {
  const range = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-07T23:59:59Z') };

  it('keys reports per campaign and date range (and timezone and live ids)', () => {
    const key = reportCacheKey({ campaignID: '7', ...range });
    expect(key).toBe('7|1767225600|1767830399|+00:00|');
    expect(reportCacheKey({ campaignID: '8', ...range })).not.toBe(key);
    expect(reportCacheKey({ campaignID: '7', ...range, end: new Date('2026-01-08T23:59:59Z') })).not.toBe(
      key,
    );
    expect(reportCacheKey({ campaignID: '7', ...range, zone: '+05:30' })).not.toBe(key);
    // The zone, not only its offset: New York and Bogota share -05:00 in winter, not their summer days.
    expect(reportCacheKey({ campaignID: '7', ...range, zone: '-05:00 America/New_York' })).not.toBe(
      reportCacheKey({ campaignID: '7', ...range, zone: '-05:00 America/Bogota' }),
    );
    expect(reportCacheKey({ campaignID: '7', ...range, liveIDs: ['b', 'a'] })).toBe(
      reportCacheKey({ campaignID: '7', ...range, liveIDs: ['a', 'b'] }),
    );
  });

  it('keys a report with a breakdown per dimension, so each is cached apart under the same 3600 s rule', () => {
    const plain = reportCacheKey({ campaignID: '7', ...range });
    const site = reportCacheKey({ campaignID: '7', ...range, breakdown: 'site' });
    const country = reportCacheKey({ campaignID: '7', ...range, breakdown: 'country' });
    expect(site).toBe('7|1767225600|1767830399|+00:00||site');
    expect(new Set([plain, site, country]).size).toBe(3);
  });

  it('reuses a cached report for under 3600 seconds', () => {
    const now = new Date('2026-01-08T12:00:00Z');
    expect(isReportFresh(now.getTime() - 3_599_999, now)).toBe(true);
    expect(isReportFresh(new Date(now.getTime() - 3_600_000), now)).toBe(false);
    expect(isReportFresh(now.getTime() + 10, now)).toBe(false);
  });
});
