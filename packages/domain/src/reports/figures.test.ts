// REPORT_FIGURES is complete and every list of figures is a filter of it: a counted event type without
// its figure, a report figure without an entry, a rate over no figure, or a hand-kept list that could
// fall out of step (a counter that exists and stays 0, a label written twice) fails here.
import { describe, expect, it } from 'vitest';
import { REQUEST_NOTE_NAMES, REQUEST_OUTCOMES } from '../delivery/outcomes';
import { COUNTED_EVENT_TYPES, TRACKED_EVENT_TYPES } from '../serving/vast-measurement';
import { prerequisiteOf } from '../traffic/integrity';
import { BREAKDOWN_COUNTERS } from './breakdown';
import { COUNTER_COLUMN, counterKeysOf, EVENT_COUNTERS, eventTypesWith } from './counters';
import {
  besideTheirCounts,
  countsFirst,
  FIGURE_GROUPS,
  type FigureSpec,
  figureKeysIn,
  inReportTotals,
  RATE_FIGURES,
  REPORT_FIGURES,
  REQUEST_FIGURES,
} from './figures';
import { FIGURE_OF_NOTE, FIGURE_OF_OUTCOME, requestCountsSchema } from './not-served';
import { HIGHER_IS_BETTER, RATE_DENOMINATORS, REPORT_RATE_METRICS } from './report-comparison';
import { reportTotalsSchema, rowRates } from './report-data';

const figures: readonly FigureSpec[] = REPORT_FIGURES;
const keys = (list: readonly { key: string }[]) => list.map((entry) => entry.key);
const reported = figures.filter(inReportTotals);

describe('REPORT_FIGURES', () => {
  it('one entry per key, one label per figure, one column per counter', () => {
    expect(new Set(keys(figures)).size).toBe(figures.length);
    expect(new Set(figures.map((figure) => figure.label)).size).toBe(figures.length);
    const columns = EVENT_COUNTERS.map((counter) => counter.column);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('is complete against the counters: every counted event type adds to exactly one figure, every counter is a figure', () => {
    const counted = figures.flatMap((figure) => (figure.event ? [figure.event.type] : []));
    expect([...counted].sort()).toEqual([...COUNTED_EVENT_TYPES].sort());
    expect(keys(EVENT_COUNTERS)).toEqual(keys(figures.filter((figure) => figure.event !== undefined)));
    for (const counter of EVENT_COUNTERS) expect(COUNTER_COLUMN[counter.key]).toBe(counter.column);
  });

  it("is complete against the report's answer: every figure of a report's totals has its entry, every reported entry is in the answer", () => {
    const answered = Object.keys(reportTotalsSchema.shape).sort();
    expect(keys(reported).sort()).toEqual(answered);
  });

  it('every rate divides two figures of the list, and is computed from them', () => {
    for (const figure of RATE_FIGURES) {
      expect(keys(figures)).toContain(figure.rate.of);
      expect(keys(figures)).toContain(figure.rate.per);
      expect(figure.kind).toBe('rate');
    }
    // 3 clicks of 200 impressions, 50 viewable of 80 measured, 5 completes of 20 starts, 1 conversion of 3 clicks.
    const counters = { impressions: 200, clicks: 3, engagement: 10, viewable: 50, measurable: 80 };
    expect(rowRates({ ...counters, videoStarts: 20, videoCompletes: 5, conversions: 1 })).toEqual({
      ctr: 1.5,
      engagementRate: 5,
      viewabilityRate: 62.5,
      completionRate: 25,
      conversionRate: (1 / 3) * 100,
    });
    // Without video or conversion counters those rates are absent; without measurement, per impression.
    expect(rowRates({ ...counters, measurable: undefined })).toEqual({
      ctr: 1.5,
      engagementRate: 5,
      viewabilityRate: 25,
    });
  });

  it('is complete against the ad requests: every outcome (served and each not-served reason) and every note has one figure, all of them one more', () => {
    const outcomes = REQUEST_FIGURES.flatMap((figure) =>
      figure.outcome === undefined ? [] : [figure.outcome],
    );
    expect(outcomes.filter((outcome) => outcome !== 'any').sort()).toEqual([...REQUEST_OUTCOMES].sort());
    const notes = REQUEST_FIGURES.flatMap((figure) => (figure.note === undefined ? [] : [figure.note]));
    expect(notes).toEqual([...REQUEST_NOTE_NAMES]);
    expect(Object.keys(FIGURE_OF_NOTE)).toEqual([...REQUEST_NOTE_NAMES]);
    expect(outcomes.filter((outcome) => outcome === 'any')).toHaveLength(1);
    expect(Object.keys(FIGURE_OF_OUTCOME).sort()).toEqual([...REQUEST_OUTCOMES].sort());
    // The report's `notServed` rows have exactly these figures, and nothing of them is among the totals.
    expect(Object.keys(requestCountsSchema.shape)).toEqual(keys(REQUEST_FIGURES));
    for (const figure of REQUEST_FIGURES) {
      expect(figure.group).toBe('delivery');
      expect(figure.shows).toEqual({ notServed: true });
      expect(inReportTotals(figure)).toBe(false);
    }
  });

  it('every figure has a group of the list, and every group a figure', () => {
    expect([...new Set(figures.map((figure) => figure.group))].sort()).toEqual([...FIGURE_GROUPS].sort());
  });
});

describe('the lists made from REPORT_FIGURES', () => {
  it('the comparison rule: higher is better, rates and their denominators', () => {
    expect(HIGHER_IS_BETTER).toEqual(
      Object.fromEntries(reported.map((figure) => [figure.key, figure.higherIsBetter])),
    );
    // More skips, closes, effective costs, refused conversions and cost per conversion are bad news; the rest good.
    expect(
      Object.keys(HIGHER_IS_BETTER)
        .filter((key) => !HIGHER_IS_BETTER[key as never])
        .sort(),
    ).toEqual(['closes', 'conversionsRefused', 'costPerConversion', 'cpcv', 'ecpc', 'ecpm', 'skips']);
    expect(REPORT_RATE_METRICS).toEqual([
      'ctr',
      'engagementRate',
      'viewabilityRate',
      'completionRate',
      'conversionRate',
    ]);
    expect(RATE_DENOMINATORS).toEqual({
      ctr: 'impressions',
      engagementRate: 'impressions',
      viewabilityRate: 'measurable',
      completionRate: 'videoStarts',
      conversionRate: 'clicks',
    });
  });

  it("the report's counters by group, the breakdowns' counters and the event facets", () => {
    expect(counterKeysOf('base')).toEqual(['impressions', 'viewable', 'engagement', 'clicks']);
    expect(counterKeysOf('vast')).toEqual(['creativeViews', 'loads', 'skips', 'closes']);
    // A breakdown row has every counter the dimension rollups count under its own key (and measurable).
    const inBreakdowns = EVENT_COUNTERS.filter((counter) => counter.facets.inBreakdowns && !counter.internal);
    expect([...BREAKDOWN_COUNTERS, 'conversions', 'conversionValueMinor'].sort()).toEqual(
      [...keys(inBreakdowns), 'measurable'].sort(),
    );
    // A VAST player tracks every event it may send but the viewability answers (in <ViewableImpression>).
    expect(eventTypesWith('vastTracked').sort()).toEqual(
      TRACKED_EVENT_TYPES.filter(
        (type) =>
          !['impression', 'viewable', 'engagement', 'click', 'notViewable', 'viewUndetermined'].includes(
            type,
          ),
      ).sort(),
    );
    // The integrity rules: what follows start waits for it, the rest for the impression.
    for (const type of eventTypesWith('followsStart')) expect(prerequisiteOf(type)).toBe('start');
    expect(prerequisiteOf('start')).toBe('impression');
    expect(prerequisiteOf('creativeView')).toBe('impression');
  });

  it("each place's figures in their order: the tiles, the tables (each rate beside its count), the breakdown files (counts first)", () => {
    expect(figureKeysIn('tiles', ['base', 'video'])).toEqual([
      'impressions',
      'viewable',
      'engagement',
      'clicks',
      'ctr',
      'engagementRate',
      'videoCompletes',
      'completionRate',
    ]);
    expect(keys(besideTheirCounts(figureKeysIn('table', ['base', 'video']).map((key) => ({ key }))))).toEqual(
      [
        'impressions',
        'viewable',
        'viewabilityRate',
        'engagement',
        'engagementRate',
        'clicks',
        'ctr',
        'videoStarts',
        'videoCompletes',
        'completionRate',
      ],
    );
    const files = figureKeysIn('breakdown', ['base', 'video']).filter((key) =>
      (figureKeysIn('download') as readonly string[]).includes(key),
    );
    expect(keys(countsFirst(files.map((key) => ({ key }))))).toEqual([
      'impressions',
      'viewable',
      'measurable',
      'engagement',
      'clicks',
      'videoStarts',
      'videoCompletes',
      'ctr',
      'viewabilityRate',
      'completionRate',
    ]);
  });
});
