import { describe, expect, it } from 'vitest';
import { COST_FIGURE_KEYS, reportWithoutCosts, withoutCosts } from './costs';

describe('share links without costs: which figures are costs', () => {
  it('the costs are the money figures, the spend group, ROAS (value over spend) and the value in minor units', () => {
    expect([...COST_FIGURE_KEYS]).toEqual([
      'spend',
      'ecpm',
      'ecpc',
      'cpcv',
      'conversionValueMinor',
      'conversionValue',
      'costPerConversion',
      'roas',
    ]);
  });

  it('a row keeps its counts and rates and loses its costs', () => {
    const row = {
      impressions: 10_000,
      clicks: 50,
      ctr: 0.5,
      conversions: 5,
      conversionRate: 10,
      conversionValueMinor: 12_345,
      conversionValue: 123.45,
      spend: 25,
      ecpm: 2.5,
      ecpc: 0.5,
      cpcv: null,
      costPerConversion: 5,
      roas: 4.938,
    };
    expect(withoutCosts(row)).toEqual({
      impressions: 10_000,
      clicks: 50,
      ctr: 0.5,
      conversions: 5,
      conversionRate: 10,
    });
    // The row given is not changed.
    expect(row.spend).toBe(25);
  });

  it('a report without costs has none in its totals, series, creatives and breakdown, and no rate', () => {
    const priced = { impressions: 1_000, spend: 2.5, ecpm: 2.5, conversionValue: 10, roas: 4 };
    const report = reportWithoutCosts({
      totals: priced,
      series: [{ date: '2026-11-01', ...priced }],
      creatives: [{ id: 'c1', totals: priced }],
      breakdown: {
        dimension: 'site',
        rows: [{ value: 'a.example', label: 'a.example', ...priced }] as never[],
        other: priced as never,
        unknown: null,
      },
      rate: { model: 'CPM', amount: 2.5, currency: 'USD' },
    });
    const costs = JSON.stringify(report).match(/spend|ecpm|conversionValue|roas/g);
    expect(costs).toBeNull();
    expect(report.rate).toBeNull();
    expect(report.includeCosts).toBe(false);
    expect(report.totals).toEqual({ impressions: 1_000 });
  });
});
