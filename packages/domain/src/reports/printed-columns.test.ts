import { describe, expect, it } from 'vitest';
import { type FigureSpec, figureKeysIn, REPORT_FIGURES } from './figures';
import {
  PRINTED_FIGURE_ORDER,
  PRINTED_TABLE_COLUMNS,
  printedFigures,
  UNPRINTED_FIGURES,
} from './printed-columns';

describe('printedFigures', () => {
  it('orders every figure a table can show or leaves it out on paper, once', () => {
    expect([...PRINTED_FIGURE_ORDER, ...UNPRINTED_FIGURES].sort()).toEqual([...figureKeysIn('table')].sort());
  });

  it("takes the print order from each figure's print rank: reach and response, the viewable and completed counts, cost and return, rates, other costs", () => {
    expect(PRINTED_FIGURE_ORDER).toEqual([
      'impressions',
      'clicks',
      'ctr',
      'viewable',
      'videoCompletes',
      'spend',
      'conversions',
      'conversionValue',
      'viewabilityRate',
      'completionRate',
      'roas',
      'costPerConversion',
      'conversionRate',
      'engagementRate',
      'engagement',
      'ecpm',
      'ecpc',
      'cpcv',
    ]);
    const ranks = REPORT_FIGURES.flatMap((figure: FigureSpec) => figure.printRank ?? []);
    expect(new Set(ranks).size).toBe(ranks.length);
    // Only a figure the tables show can be printed.
    for (const key of PRINTED_FIGURE_ORDER) expect(figureKeysIn('table')).toContain(key);
    expect(UNPRINTED_FIGURES).toEqual([
      'videoStarts',
      'conversionsSigned',
      'conversionsUnsigned',
      'conversionsRefused',
    ]);
  });

  it('keeps the first figures by priority beside the naming columns, each list in the table order', () => {
    const table = [
      'impressions',
      'viewable',
      'viewabilityRate',
      'engagement',
      'clicks',
      'ctr',
      'videoStarts',
      'videoCompletes',
      'completionRate',
      'spend',
      'conversions',
      'conversionRate',
      'conversionValue',
      'costPerConversion',
      'roas',
    ] as const;
    // A video campaign's day keeps its viewable impressions and video completes, then spend; the
    // conversions give way.
    const byDay = printedFigures(table, 1);
    expect(byDay.printed).toEqual(['impressions', 'viewable', 'clicks', 'ctr', 'videoCompletes', 'spend']);
    expect(byDay.printed.length + 1).toBe(PRINTED_TABLE_COLUMNS);
    expect(byDay.leftOut).toEqual([
      'viewabilityRate',
      'engagement',
      'videoStarts',
      'completionRate',
      'conversions',
      'conversionRate',
      'conversionValue',
      'costPerConversion',
      'roas',
    ]);
    // A creative's name and type take two columns: spend goes too, the two counts stay.
    expect(printedFigures(table, 2).printed).toEqual([
      'impressions',
      'viewable',
      'clicks',
      'ctr',
      'videoCompletes',
    ]);
  });

  it("keeps spend and conversions in a display campaign's tables, which have no video columns", () => {
    const display = [
      'impressions',
      'viewable',
      'viewabilityRate',
      'clicks',
      'ctr',
      'spend',
      'conversions',
      'conversionValue',
    ] as const;
    expect(printedFigures(display, 1).printed).toEqual([
      'impressions',
      'viewable',
      'clicks',
      'ctr',
      'spend',
      'conversions',
    ]);
    expect(printedFigures(display, 2)).toEqual({
      printed: ['impressions', 'viewable', 'clicks', 'ctr', 'spend'],
      leftOut: ['viewabilityRate', 'conversions', 'conversionValue'],
    });
  });

  it('leaves out only the unranked figures from a table that fits', () => {
    expect(
      printedFigures(
        ['impressions', 'viewable', 'viewabilityRate', 'clicks', 'videoStarts', 'videoCompletes'],
        1,
      ),
    ).toEqual({
      printed: ['impressions', 'viewable', 'viewabilityRate', 'clicks', 'videoCompletes'],
      leftOut: ['videoStarts'],
    });
  });
});
