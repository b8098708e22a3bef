// The ConversionLagChart as a server renders it for a PDF: fixed size, literal colours, plain SVG.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { oneWeekReportWithConversionsAndSpend } from '../fixtures';
import { chartPalette } from '../lib/palette';
import { ConversionLagChart } from './conversion-lag-chart';

describe('ConversionLagChart on the server', () => {
  const markup = renderToStaticMarkup(
    <ConversionLagChart
      lag={oneWeekReportWithConversionsAndSpend.conversionLag}
      width={640}
      height={260}
      palette={chartPalette.light}
      locale="en-US"
      interactive={false}
    />,
  );

  it('renders an SVG of the given size, a bar per bucket in the conversions colour', () => {
    expect(markup).toMatch(/<svg[^>]* width="640" height="260"/);
    // The first week's seven days, then 7-13 and 14-29 days: nine bars in one literal colour.
    const bars = markup.match(/<rect[^>]*data-testid="bar\.item\.conversions\.\d+"/g) ?? [];
    expect(bars.length).toBe(9);
    expect(new Set(bars.map((bar) => bar.match(/ fill="([^"]+)"/)?.[1])).size).toBe(1);
    expect(bars[0]).toMatch(/ fill="rgba\(\d+, \d+, \d+, 1\)"/);
    expect(markup).not.toContain('var(--');
  });

  it('labels the buckets, the axis and each bar with its share', () => {
    for (const label of ['&lt;1', '6', '7–13', '14–29', 'Days from click', '49%'])
      expect(markup).toContain(`>${label}</text>`);
  });

  it('carries its text alternative and data table', () => {
    expect(markup).toContain(
      'aria-label="Conversions by days from click to conversion: 114 in all, 49.12% within a day; half came within 2 days.',
    );
    expect(markup).toContain('<caption>Conversions by days from click</caption>');
  });

  it('shows the empty state, not empty bars, without conversions', () => {
    const empty = renderToStaticMarkup(<ConversionLagChart lag={[]} width={400} locale="en-US" />);
    expect(empty).not.toContain('data-slot="chart-image"');
    expect(empty).toContain('No conversions in this period');
  });
});
