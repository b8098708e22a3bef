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

  it("takes the print order from each figure's print rank: reach and response, cost and return, rates, other costs", () => {
    expect(PRINTED_FIGURE_ORDER).toEqual([
      'impressions',
      'clicks',
      'ctr',
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
      'viewable',
      'videoStarts',
      'videoCompletes',
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
    const byDay = printedFigures(table, 1);
    expect(byDay.printed).toEqual([
      'impressions',
      'clicks',
      'ctr',
      'spend',
      'conversions',
      'conversionValue',
    ]);
    expect(byDay.printed.length + 1).toBe(PRINTED_TABLE_COLUMNS);
    expect(byDay.leftOut).toEqual(table.filter((key) => !byDay.printed.includes(key)));
    // A creative's name and type take two columns: the conversions' value goes too.
    expect(printedFigures(table, 2).printed).toEqual([
      'impressions',
      'clicks',
      'ctr',
      'spend',
      'conversions',
    ]);
  });

  it('leaves out only the counts beside their rate from a table that fits', () => {
    expect(printedFigures(['impressions', 'viewable', 'viewabilityRate', 'clicks'], 1)).toEqual({
      printed: ['impressions', 'viewabilityRate', 'clicks'],
      leftOut: ['viewable'],
    });
  });
});
