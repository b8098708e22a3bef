import { describe, expect, it } from 'vitest';
import { reportFileSchema, reportResponseSchema, reportTokenSchema, scheduledReportSchema } from './report';

describe('report entities (docs/product.md §3)', () => {
  it('reads a report answer with reportToken[] (with url) and scheduledReports, keeping the figures', () => {
    const report = reportResponseSchema.parse({
      reportToken: [{ url: 'https://x.example/share/abc' }],
      scheduledReports: [{ id: 1, campaignID: 2 }],
      totals: { impressions: 5 },
    });
    expect(report.reportToken[0]?.url).toBe('https://x.example/share/abc');
    expect(report.scheduledReports[0]).toEqual({ id: '1', campaignID: '2' });
    expect(report.totals).toEqual({ impressions: 5 });
    expect(reportResponseSchema.parse({})).toEqual({ reportToken: [], scheduledReports: [] });
  });

  it('has an id and campaignID on every scheduled report, a url on every token and a file on every download', () => {
    expect(scheduledReportSchema.safeParse({ id: '1' }).success).toBe(false);
    expect(reportTokenSchema.safeParse({}).success).toBe(false);
    expect(reportFileSchema.safeParse({ file: '' }).success).toBe(false);
    expect(reportFileSchema.parse({ file: 'r.csv' }).file).toBe('r.csv');
  });
});
