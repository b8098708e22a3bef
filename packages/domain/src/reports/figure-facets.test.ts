// The lists other rules take from the figures' list (figures.ts) rather than keep by hand: a breakdown
// row's counters, the A/B test goals' counts and names, the campaign goal metrics' names.
import { describe, expect, it } from 'vitest';
import { AB_TEST_GOAL_COUNTS, AB_TEST_GOAL_LABELS } from '../ab-tests/ab-test';
import { GOAL_METRIC_LABELS } from '../campaigns/pricing';
import { AB_TEST_GOALS, GOAL_METRICS } from '../constants';
import { BREAKDOWN_COUNTERS } from './breakdown';
import { FIGURE, type FigureSpec, REPORT_FIGURES } from './figures';

describe("the figures' list is the one source of the lists beside it", () => {
  it("a breakdown row counts the breakdowns' counts outside the conversions, in the list's order", () => {
    expect(BREAKDOWN_COUNTERS).toEqual([
      'impressions',
      'viewable',
      'measurable',
      'engagement',
      'clicks',
      'videoStarts',
      'videoCompletes',
    ]);
  });

  it("each A/B test goal is one rate of the list: its successes the rate's `of`, its trials its `per`, its name the rate's label", () => {
    for (const goal of AB_TEST_GOALS) {
      const rates = REPORT_FIGURES.filter((figure: FigureSpec) => figure.abTestGoal === goal);
      expect(rates, goal).toHaveLength(1);
      const [rate] = rates as FigureSpec[];
      expect(AB_TEST_GOAL_COUNTS[goal]).toEqual({ successes: rate?.rate?.of, trials: rate?.rate?.per });
      expect(AB_TEST_GOAL_LABELS[goal]).toBe(rate?.label);
    }
    expect(AB_TEST_GOAL_COUNTS.viewability).toEqual({ successes: 'viewable', trials: 'measurable' });
    expect(AB_TEST_GOAL_LABELS).toEqual({
      ctr: 'CTR',
      viewability: 'Viewability',
      completionRate: 'Completion rate',
      engagementRate: 'Engagement rate',
      conversionRate: 'Conversion rate',
    });
  });

  it("each campaign goal metric is counted by one figure, named by the goal's own wording where it has one", () => {
    for (const metric of GOAL_METRICS)
      expect(
        REPORT_FIGURES.filter((figure: FigureSpec) => figure.goal?.metric === metric),
        metric,
      ).toHaveLength(1);
    expect(GOAL_METRIC_LABELS).toEqual({
      impressions: FIGURE.impressions.label,
      clicks: FIGURE.clicks.label,
      completedViews: 'Completed views',
    });
  });
});
