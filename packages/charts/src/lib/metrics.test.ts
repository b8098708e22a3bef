// The charts name every figure as the domain's REPORT_FIGURES does (one wording: screen, files, legends),
// and their metric sets are filters of that list, so a figure added there shows here with its label.
import {
  FIGURE,
  type FigureSpec,
  figureKeysIn,
  inReportTotals,
  REPORT_FIGURES,
  shortLabel,
} from '@adconsole/domain';
import { describe, expect, it } from 'vitest';
import { KPI_METRICS } from '../kpi-tiles/kpi-tiles';
import { SPEND_METRIC_LABELS, SPEND_METRICS } from '../pacing/spend-tiles';
import { REPORT_TABLE_METRICS } from '../report-table/report-table';
import { VIDEO_STEPS } from '../video-quartiles-chart/video-quartiles-chart';
import { BREAKDOWN_METRICS } from './breakdown';
import { CONVERSION_METRICS, COST_CONVERSION_METRICS } from './conversions';
import { metricConfig } from './metrics';

describe("the charts' figures", () => {
  it("every figure of a report's answer has the list's label and a colour", () => {
    const reported = (REPORT_FIGURES as readonly FigureSpec[]).filter(inReportTotals);
    expect(Object.keys(metricConfig).sort()).toEqual(reported.map((figure) => figure.key).sort());
    for (const figure of reported) {
      const config = metricConfig[figure.key as keyof typeof metricConfig];
      expect(config.label).toBe(figure.label);
      expect(config.color).toBeGreaterThanOrEqual(1);
    }
    // One wording for the quartiles everywhere (the downloads' 'First quartile', not '25 % viewed').
    expect(metricConfig.firstQuartile.label).toBe('First quartile');
  });

  it("the tiles', tables' and breakdowns' sets are the list's, each in its place's order", () => {
    expect(KPI_METRICS).toEqual(figureKeysIn('tiles', ['base', 'video']));
    expect(SPEND_METRICS).toEqual(['spend', 'ecpm', 'ecpc', 'cpcv']);
    expect(SPEND_METRIC_LABELS).toEqual({ spend: 'Spend', ecpm: 'eCPM', ecpc: 'eCPC', cpcv: 'CPCV' });
    expect(CONVERSION_METRICS).toEqual([
      'conversions',
      'conversionRate',
      'conversionValue',
      'costPerConversion',
      'roas',
    ]);
    expect(COST_CONVERSION_METRICS).toEqual(['conversionValue', 'costPerConversion', 'roas']);
    expect([...REPORT_TABLE_METRICS].sort()).toEqual([...figureKeysIn('table')].sort());
    expect(BREAKDOWN_METRICS).toEqual([
      'impressions',
      'viewable',
      'viewabilityRate',
      'engagement',
      'clicks',
      'ctr',
      'videoStarts',
      'videoCompletes',
      'completionRate',
    ]);
    expect(VIDEO_STEPS.map((step) => step.label)).toEqual(['Starts', '25 %', '50 %', '75 %', 'Completes']);
    expect(VIDEO_STEPS.map((step) => step.label)).toEqual(
      VIDEO_STEPS.map((step) => shortLabel(FIGURE[step.key])),
    );
  });
});
