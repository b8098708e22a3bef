import { describe, expect, it } from 'vitest';
import { figureKeysIn } from './figures';
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
