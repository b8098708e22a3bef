import { BREAKDOWN_COUNTERS, breakdownSchema, reportDataSchema } from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import {
  countryBreakdown,
  deviceBreakdown,
  deviceBreakdownWithConversions,
  deviceBreakdownWithConversionsAndSpend,
  emptyBreakdown,
  fewSitesBreakdown,
  oneWeekBreakdowns,
  oneWeekReport,
  oneWeekReportWithConversions,
  oneWeekReportWithConversionsAndSpend,
  siteBreakdown,
  siteBreakdownWithConversions,
  siteBreakdownWithConversionsAndSpend,
  splitExactly,
} from '../fixtures';
import {
  breakdownHasConversions,
  breakdownHasVideo,
  breakdownIsEmpty,
  breakdownNoun,
  breakdownReportFigures,
  breakdownTotal,
} from './breakdown';
import { formatFigure } from './format';

describe('breakdown fixtures', () => {
  it('are breakdowns as the API answers them, inside a report', () => {
    for (const breakdown of [...Object.values(oneWeekBreakdowns), fewSitesBreakdown, emptyBreakdown]) {
      expect(breakdownSchema.safeParse(breakdown).success).toBe(true);
    }
    expect(reportDataSchema.safeParse({ ...oneWeekReport, breakdown: siteBreakdown }).success).toBe(true);
  });

  it('add up exactly to the report they break down, for every counter', () => {
    for (const breakdown of Object.values(oneWeekBreakdowns)) {
      const total = breakdownTotal(breakdown);
      expect(total.impressions).toBe(oneWeekReport.totals.impressions);
      expect(total.viewable).toBe(oneWeekReport.totals.viewable);
      expect(total.engagement).toBe(oneWeekReport.totals.engagement);
      expect(total.clicks).toBe(oneWeekReport.totals.clicks);
      expect(total.videoStarts).toBe(oneWeekReport.totals.videoStarts);
      expect(total.videoCompletes).toBe(oneWeekReport.totals.videoCompletes);
    }
  });

  it('list the top 50 sites, then Other and Unknown', () => {
    expect(siteBreakdown.rows).toHaveLength(50);
    expect(siteBreakdown.other?.impressions).toBeGreaterThan(0);
    expect(siteBreakdown.unknown?.impressions).toBeGreaterThan(0);
    expect(countryBreakdown.rows).toHaveLength(20);
    expect(countryBreakdown.rows[0]?.label).toBe('Germany');
    expect(deviceBreakdown.rows.map((row) => row.label)).toEqual([
      'Mobile',
      'Desktop',
      'Tablet',
      'Connected TV',
      'Other devices',
    ]);
  });

  it('split a total in whole numbers that add up to it', () => {
    expect(splitExactly(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitExactly(7, [0, 0])).toEqual([0, 0]);
    expect(splitExactly(1_000_003, [5, 3, 2]).reduce((sum, part) => sum + part, 0)).toBe(1_000_003);
  });
});

describe('breakdown fixtures with conversions', () => {
  it('add up to the report they break down: conversions, value, spend, cost per conversion and ROAS', () => {
    const cases = [
      [siteBreakdownWithConversions, oneWeekReportWithConversions],
      [deviceBreakdownWithConversions, oneWeekReportWithConversions],
      [siteBreakdownWithConversionsAndSpend, oneWeekReportWithConversionsAndSpend],
      [deviceBreakdownWithConversionsAndSpend, oneWeekReportWithConversionsAndSpend],
    ] as const;
    for (const [breakdown, report] of cases) {
      expect(breakdownSchema.safeParse(breakdown).success).toBe(true);
      const total = breakdownTotal(breakdown, report.rate, report.conversionCurrency);
      expect(total.conversions).toBe(report.totals.conversions);
      expect(total.conversionValueMinor).toBe(report.totals.conversionValueMinor);
      expect(total.conversionValue).toBe(report.totals.conversionValue);
      expect(total.spend).toBe(report.totals.spend);
      expect(total.costPerConversion).toBe(report.totals.costPerConversion);
      expect(total.roas).toBe(report.totals.roas);
      expect(total.conversions).toBeGreaterThan(0);
      // No value converts more often than it was clicked.
      for (const row of breakdown.rows) expect(row.conversions ?? 0).toBeLessThanOrEqual(row.clicks);
    }
    expect(siteBreakdownWithConversions.rows[0]?.roas).toBeUndefined();
    expect(siteBreakdownWithConversionsAndSpend.rows[0]?.roas).toBeGreaterThan(0);
  });
});

describe('breakdown figures', () => {
  it("name a row's figures as the report's metrics, its conversion figures too", () => {
    const row = deviceBreakdownWithConversionsAndSpend.rows[0];
    if (!row) throw new Error('no row');
    expect(breakdownReportFigures(row)).toEqual({
      conversions: row.conversions,
      conversionValueMinor: row.conversionValueMinor,
      conversionRate: row.conversionRate,
      conversionValue: row.conversionValue,
      costPerConversion: row.costPerConversion,
      roas: row.roas,
      impressions: row.impressions,
      viewable: row.viewable,
      measurable: row.measurable,
      viewabilityRate: row.viewabilityRate,
      engagement: row.engagement,
      clicks: row.clicks,
      ctr: row.ctr,
      engagementRate: row.engagementRate,
      videoStarts: row.videoStarts,
      videoCompletes: row.videoCompletes,
      completionRate: row.completionRate,
    });
  });

  it('read a rate over nothing as "—", as the report table does', () => {
    const figures = breakdownReportFigures({
      impressions: 12,
      viewable: 0,
      measurable: 0,
      engagement: 0,
      clicks: 0,
      videoStarts: 0,
      videoCompletes: 0,
      ctr: 0,
      engagementRate: 0,
      viewabilityRate: 0,
      completionRate: 0,
    });
    expect(formatFigure('ctr', figures, 'en-US')).toBe('0.00%');
    expect(formatFigure('viewabilityRate', figures, 'en-US')).toBe('—');
    expect(formatFigure('completionRate', figures, 'en-US')).toBe('—');
    expect(formatFigure('impressions', figures, 'en-US')).toBe('12');
  });

  it('sum every counter of rows, Other and Unknown, with the rates over the sums', () => {
    const total = breakdownTotal(siteBreakdown);
    const parts = [...siteBreakdown.rows, siteBreakdown.other, siteBreakdown.unknown];
    for (const key of BREAKDOWN_COUNTERS) {
      expect(total[key]).toBe(parts.reduce((sum, part) => sum + (part?.[key] ?? 0), 0));
    }
    expect(total.ctr).toBeCloseTo((total.clicks / total.impressions) * 100, 10);
    expect(total.engagementRate).toBeCloseTo((total.engagement / total.impressions) * 100, 10);
    expect(breakdownTotal(emptyBreakdown)).toMatchObject({ impressions: 0, ctr: 0 });
  });

  it('carry no conversion figures for a row of a server before conversions', () => {
    const row = siteBreakdownWithConversions.rows[0];
    if (!row) throw new Error('no row');
    const {
      conversions: _c,
      conversionValueMinor: _v,
      conversionRate: _r,
      conversionValue: _a,
      ...before
    } = row;
    expect(breakdownReportFigures(before)).not.toHaveProperty('conversions');
    expect(breakdownHasConversions({ ...siteBreakdownWithConversions, rows: [before] })).toBe(false);
    expect(breakdownHasConversions(siteBreakdownWithConversions)).toBe(true);
    expect(breakdownHasConversions(emptyBreakdown)).toBe(true);
  });

  it('tell an empty breakdown, one with video, and the dimension in words', () => {
    expect(breakdownIsEmpty(emptyBreakdown)).toBe(true);
    expect(breakdownIsEmpty(fewSitesBreakdown)).toBe(false);
    expect(breakdownHasVideo(siteBreakdown)).toBe(true);
    expect(breakdownHasVideo(emptyBreakdown)).toBe(false);
    expect(breakdownNoun('os')).toBe('OS');
    expect(breakdownNoun('country')).toBe('country');
  });
});
