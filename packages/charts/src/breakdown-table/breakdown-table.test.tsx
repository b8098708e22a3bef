// The breakdown table's rows, and the table as a server renders it (the e-mailed or printed report).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deviceBreakdown, emptyBreakdown, fewSitesBreakdown, siteBreakdown } from '../fixtures';
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
