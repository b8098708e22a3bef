import { describe, expect, it } from 'vitest';
import { addReportCounters, reportDataSchema, reportRates, zeroReportCounters } from './report-data';

describe('report figures', () => {
  it('derives CTR, engagement, viewability and completion rates in percent, 0 when nothing was served', () => {
    expect(reportRates({ impressions: 2000, viewable: 1500, engagement: 100, clicks: 10 })).toEqual({
      impressions: 2000,
      viewable: 1500,
      engagement: 100,
      clicks: 10,
      ctr: 0.5,
      engagementRate: 5,
      viewabilityRate: 75,
    });
    const video = reportRates({ ...zeroReportCounters(true), videoStarts: 400, videoCompletes: 100 });
    expect(video.completionRate).toBe(25);
    expect(reportRates(zeroReportCounters(false))).toMatchObject({ ctr: 0, engagementRate: 0 });
    expect(reportRates(zeroReportCounters(true)).completionRate).toBe(0);
  });

  it('adds counters, with the video counters only when asked', () => {
    const rows = [
      { impressions: 1, viewable: 1, engagement: 0, clicks: 0, videoStarts: 1 },
      { impressions: 2, viewable: 1, engagement: 1, clicks: 1, videoStarts: 2, videoCompletes: 1 },
    ];
    expect(addReportCounters(rows, false)).toEqual({ impressions: 3, viewable: 2, engagement: 1, clicks: 1 });
    expect(addReportCounters(rows, true)).toMatchObject({ videoStarts: 3, videoCompletes: 1, midpoint: 0 });
  });

  it("keys series by local day 'YYYY-MM-DD' or hour 'YYYY-MM-DDTHH:00' and refuses other keys", () => {
    const totals = reportRates(zeroReportCounters(false));
    const report = {
      campaignID: 'c1',
      start: '2026-03-01',
      end: '2026-03-01',
      timezone: { offset: '+05:45', tzCode: 'Asia/Kathmandu' },
      granularity: 'hour',
      withVideoData: false,
      totals,
      series: [{ date: '2026-03-01T00:00', ...totals }],
      creatives: [],
      weekHours: [],
      dataPulledAt: '2026-03-02T00:00:00.000Z',
    };
    expect(reportDataSchema.parse(report).reportToken).toEqual([]);
    expect(
      reportDataSchema.safeParse({ ...report, series: [{ date: '2026-03-01 00', ...totals }] }).success,
    ).toBe(false);
  });
});
