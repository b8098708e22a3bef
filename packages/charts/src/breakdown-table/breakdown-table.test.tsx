// The breakdown table's rows, and the table as a server renders it (the e-mailed or printed report).
import { breakdownOf, OTHER_DIMENSION_VALUE, UNKNOWN_DIMENSION_VALUE } from '@adconsole/domain';
import type * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deviceBreakdown, emptyBreakdown, fewSitesBreakdown, siteBreakdown } from '../fixtures';
import { breakdownTotal } from '../lib/breakdown';
import { BreakdownTable, breakdownTableRows } from './breakdown-table';

describe('breakdown table rows', () => {
  it("are the values in the answer's order, then Other, then Unknown", () => {
    const rows = breakdownTableRows(siteBreakdown);
    expect(rows).toHaveLength(52);
    expect(rows.slice(0, 50).every((row) => row.kind === 'value')).toBe(true);
    expect(rows.slice(-2).map((row) => [row.kind, row.label])).toEqual([
      ['other', 'Other'],
      ['unknown', 'Unknown'],
    ]);
    expect(breakdownTableRows(fewSitesBreakdown).map((row) => row.kind)).toEqual(['value', 'value', 'value']);
    expect(breakdownTableRows(emptyBreakdown)).toEqual([]);
  });
});

describe('BreakdownTable on the server', () => {
  const markup = renderToStaticMarkup(<BreakdownTable breakdown={deviceBreakdown} locale="en-US" />);

  it('names the dimension and lists every value, Unknown last, with a totals row', () => {
    expect(markup).toContain('Report by device</caption>');
    const cells = [...markup.matchAll(/<tr[^>]*data-slot="data-table-row"[^>]*><td[^>]*>(.*?)<\/td>/g)].map(
      (match) => match[1]?.replace(/<[^>]+>/g, ''),
    );
    expect(cells).toEqual(['Mobile', 'Desktop', 'Tablet', 'Connected TV', 'Other devices', 'Unknown']);
    expect(markup).toContain('data-slot="data-table-totals"');
  });

  it('shows a loading state without a breakdown', () => {
    const loading = renderToStaticMarkup(<BreakdownTable breakdown={undefined} />);
    expect(loading).toContain('aria-busy="true"');
    expect(loading).toContain('Loading the breakdown…');
  });
});

// Conversion columns, against figures computed by hand: three sites and Unknown at USD 2.00 CPM.
// news: 4,000 impressions ($8.00), 40 clicks, 2 conversions worth $120.00;
// weather: 2,000 ($4.00), 10 clicks, 1 conversion worth $46.00; Other: 500 ($1.00), 5 clicks, 1 worth
// $9.99; Unknown: 1,000 ($2.00), no click, no conversion. Totals: 7,500 impressions ($15.00), 55 clicks,
// 4 conversions worth $175.99.
const handCounted = breakdownOf(
  'site',
  [
    { value: 'news.example.com', counters: counters(4000, 40, 2, 12_000) },
    { value: 'weather.example.org', counters: counters(2000, 10, 1, 4_600) },
    { value: OTHER_DIMENSION_VALUE, counters: counters(500, 5, 1, 999) },
    { value: UNKNOWN_DIMENSION_VALUE, counters: counters(1000, 0, 0, 0) },
  ],
  null,
  { model: 'CPM', amount: 2, currency: 'USD' },
  'USD',
);

function counters(impressions: number, clicks: number, conversions: number, conversionValueMinor: number) {
  return {
    impressions,
    viewable: 0,
    measurable: 0,
    engagement: 0,
    clicks,
    videoStarts: 0,
    videoCompletes: 0,
    conversions,
    conversionValueMinor,
  };
}

/** Each row's cells (the header's, the body's, the totals'), as text. */
function tableCells(markup: string): string[][] {
  return [...markup.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) =>
      (cell[1] ?? '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&'),
    ),
  );
}

const CONVERSION_HEADERS = ['Conversions', 'Conversion rate', 'Conversion value'];

describe('BreakdownTable with conversions', () => {
  const rate = { model: 'CPM', amount: 2, currency: 'USD' } as const;
  const render = (props: Partial<React.ComponentProps<typeof BreakdownTable>>) =>
    tableCells(
      renderToStaticMarkup(
        <BreakdownTable breakdown={handCounted} locale="en-US" withVideo={false} {...props} />,
      ),
    );

  it('shows conversions, their rate per click, value, cost per conversion and ROAS with a booked rate', () => {
    const [header, ...rows] = render({ conversionCurrency: 'USD', rate });
    expect(header?.slice(-5)).toEqual([...CONVERSION_HEADERS, 'Cost per conversion', 'ROAS']);
    const conversionCells = rows.map((row) => [row[0], ...row.slice(-5)]);
    expect(conversionCells).toEqual([
      // 2 / 40 clicks = 5 %; $8.00 / 2 = $4.00; $120.00 / $8.00 = 15: 15 times the spend
      ['news.example.com', '2', '5.00%', '$120.00', '$4.00', '15x'],
      // 1 / 10 = 10 %; $4.00 / 1; $46.00 / $4.00 = 11.5, whole from 10 up: 12x
      ['weather.example.org', '1', '10.00%', '$46.00', '$4.00', '12x'],
      // 1 / 5 = 20 %; $1.00 / 1; $9.99 / $1.00 = 9.99, below 10 to two decimals
      ['Other', '1', '20.00%', '$9.99', '$1.00', '9.99x'],
      // No click: no rate; no conversion: no cost per conversion; $0 of $2.00 spent: 0
      ['Unknown', '0', '—', '$0.00', '—', '0.00x'],
      // 4 / 55 = 7.27 %; $175.99; $15.00 / 4 = $3.75; $175.99 / $15.00 = 11.73: 12x
      ['Total', '4', '7.27%', '$175.99', '$3.75', '12x'],
    ]);
  });

  it('adds the rows, Other and Unknown up to the totals row', () => {
    const total = breakdownTotal(handCounted, rate, 'USD');
    const parts = [...handCounted.rows, handCounted.other, handCounted.unknown];
    expect(parts.reduce((sum, part) => sum + (part?.conversions ?? 0), 0)).toBe(total.conversions);
    expect(parts.reduce((sum, part) => sum + (part?.conversionValueMinor ?? 0), 0)).toBe(
      total.conversionValueMinor,
    );
    expect(total).toMatchObject({ conversions: 4, conversionValueMinor: 17_599, conversionValue: 175.99 });
    expect(total).toMatchObject({ spend: 15, costPerConversion: 3.75 });
  });

  it('shows neither cost per conversion nor ROAS without a booked rate', () => {
    const [header, ...rows] = render({ conversionCurrency: 'USD' });
    expect(header?.slice(-3)).toEqual(CONVERSION_HEADERS);
    expect(header).not.toContain('ROAS');
    expect(rows.at(-1)?.slice(-3)).toEqual(['4', '7.27%', '$175.99']);
  });

  it('shows no conversion column without a conversion currency, or for an answer without conversions', () => {
    expect(render({})[0]).not.toContain('Conversions');
    const before = {
      ...handCounted,
      rows: handCounted.rows.map(
        ({ conversions: _c, conversionValueMinor: _v, conversionRate: _r, conversionValue: _a, ...row }) =>
          row,
      ),
      other: null,
      unknown: null,
    };
    expect(render({ breakdown: before, conversionCurrency: 'USD', rate })[0]).not.toContain('Conversions');
  });
});

describe('BreakdownTable printed', () => {
  it('keeps the figures that fit an A4 page (the domain printedFigures) and names the others', () => {
    const rate = { model: 'CPM', amount: 2, currency: 'USD' } as const;
    const markup = renderToStaticMarkup(
      <BreakdownTable
        breakdown={handCounted}
        locale="en-US"
        withVideo={false}
        conversionCurrency="USD"
        rate={rate}
        printing
      />,
    );
    expect(tableCells(markup)[0]).toEqual([
      'Site',
      'Impressions',
      'Viewable impressions',
      'Clicks',
      'CTR',
      'Conversions',
      'Conversion value',
    ]);
    expect(markup).toContain(
      'Left out on paper: Viewability, Engagements, Conversion rate, Cost per conversion, ROAS — the CSV/XLSX have every column.',
    );
  });
  it('prints each header as its column name alone: no sort button, no sort icon (paper cannot be clicked)', () => {
    const printed = renderToStaticMarkup(
      <BreakdownTable breakdown={handCounted} locale="en-US" withVideo={false} printing />,
    );
    const screen = renderToStaticMarkup(
      <BreakdownTable breakdown={handCounted} locale="en-US" withVideo={false} />,
    );
    expect(screen).toContain('data-slot="data-table-sort"');
    expect(printed).not.toContain('data-slot="data-table-sort"');
    expect(printed.match(/<thead[\s\S]*?<\/thead>/)?.[0]).not.toContain('<svg');
    expect(tableCells(printed)[0]?.[0]).toBe('Site');
  });
});
