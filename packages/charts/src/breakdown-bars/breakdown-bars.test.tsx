// The breakdown's bars, and the chart as a server renders it for a PDF: fixed size, literal colours.
import type * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  countryBreakdown,
  deviceBreakdown,
  deviceBreakdownWithConversionsAndSpend,
  emptyBreakdown,
  siteBreakdown,
  siteBreakdownWithConversions,
} from '../fixtures';
import { breakdownTotal } from '../lib/breakdown';
import { chartPalette } from '../lib/palette';
import { BreakdownBars, breakdownBars } from './breakdown-bars';

describe('breakdown bars', () => {
  it('give the first values a bar each, sum the rest with Other, and keep Unknown apart', () => {
    const bars = breakdownBars(siteBreakdown, 10);
    expect(bars).toHaveLength(12);
    expect(bars.slice(0, 10).map((bar) => bar.label)).toEqual(
      siteBreakdown.rows.slice(0, 10).map((row) => row.label),
    );
    const rest = siteBreakdown.rows.slice(10).reduce((sum, row) => sum + row.impressions, 0);
    expect(bars[10]).toMatchObject({ kind: 'other', label: 'Other' });
    expect(bars[10]?.figures.impressions).toBe(rest + (siteBreakdown.other?.impressions ?? 0));
    expect(bars[11]?.figures.impressions).toBe(siteBreakdown.unknown?.impressions);
    // Every impression is in a bar.
    expect(bars.reduce((sum, bar) => sum + (bar.figures.impressions ?? 0), 0)).toBe(
      breakdownTotal(siteBreakdown).impressions,
    );
  });

  it('make no Other bar when every value has a bar and the answer has no Other', () => {
    expect(breakdownBars(deviceBreakdown, 10).map((bar) => bar.kind)).toEqual([
      'value',
      'value',
      'value',
      'value',
      'value',
      'unknown',
    ]);
    expect(breakdownBars(emptyBreakdown, 10)).toEqual([]);
  });

  it('take the rate of Other over its summed counters', () => {
    const other = breakdownBars(siteBreakdown, 5)[5];
    expect(other?.figures.ctr).toBeCloseTo(
      ((other?.figures.clicks ?? 0) / (other?.figures.impressions ?? 1)) * 100,
      10,
    );
  });
});

describe('BreakdownBars on the server', () => {
  const markup = renderToStaticMarkup(
    <BreakdownBars
      breakdown={countryBreakdown}
      width={640}
      palette={chartPalette.light}
      metrics={[]}
      locale="en-US"
      interactive={false}
    />,
  );

  it('renders an SVG growing with its bars, in literal colours', () => {
    // Ten countries, Other (the other ten) and Unknown: 12 bars of 28 px and the margins.
    expect(markup).toMatch(/<svg[^>]* width="640" height="372"/);
    expect(markup).not.toContain('var(--');
    expect(markup).toContain('>Germany</text>');
    expect(markup).toContain('>Other</text>');
    expect(markup).toContain('>Unknown</text>');
  });

  it('carries its text alternative and data table', () => {
    expect(markup).toMatch(/aria-label="Impressions by country: Germany [\d,]+; United States/);
    expect(markup).toContain('<caption>Top values by country</caption>');
  });

  it('on a phone gives the labels at most 40 % of the width and the value axis only the ticks that fit', () => {
    const render = (width: number) =>
      renderToStaticMarkup(
        <BreakdownBars
          breakdown={countryBreakdown}
          width={width}
          locale="en-US"
          palette={chartPalette.light}
          animate={false}
          interactive={false}
        />,
      );
    // The value axis's labels are compact figures ('0', '50K'...); the left axis's are the countries.
    const ticks = (markup: string) => markup.match(/>(\d+K?)<\/text>/g)?.length ?? 0;
    expect(ticks(render(640))).toBeGreaterThanOrEqual(5);
    expect(ticks(render(300))).toBeLessThanOrEqual(3);
    expect(ticks(render(300))).toBeGreaterThanOrEqual(2);
    // Long names are shortened to the narrower margin.
    expect(render(300)).toContain('>United Kingdom</text>');
    expect(render(300)).toMatch(/<svg[^>]* width="300"/);
  });
});

describe('BreakdownBars with conversions', () => {
  const render = (props: Partial<React.ComponentProps<typeof BreakdownBars>>) =>
    renderToStaticMarkup(
      <BreakdownBars
        breakdown={deviceBreakdownWithConversionsAndSpend}
        width={640}
        palette={chartPalette.light}
        locale="en-US"
        interactive={false}
        {...props}
      />,
    );

  it('offer Conversions in the switch and the hidden table when the report has a conversion currency', () => {
    const markup = render({ conversionCurrency: 'USD' });
    expect(markup).toMatch(/<button[^>]*>Conversions<\/button>/);
    expect(markup).toContain('<th scope="col">Conversions</th>');
    expect(render({})).not.toContain('Conversions');
  });

  it('measure each value by its conversions, Other summing the values past the limit', () => {
    const rows = deviceBreakdownWithConversionsAndSpend.rows;
    const markup = render({ conversionCurrency: 'USD', metric: 'conversions', limit: 2 });
    const [first, second] = rows;
    const count = (value: number | undefined) => (value ?? 0).toLocaleString('en-US');
    const rest = rows.slice(2).reduce((sum, row) => sum + (row.conversions ?? 0), 0);
    expect(markup).toContain(
      `aria-label="Conversions by device: ${first?.label} ${count(first?.conversions)}; ${second?.label} ${count(second?.conversions)}; Other ${count(rest)}; Unknown ${count(deviceBreakdownWithConversionsAndSpend.unknown?.conversions)}."`,
    );
    const bars = breakdownBars(siteBreakdownWithConversions, 10);
    expect(bars.reduce((sum, bar) => sum + (bar.figures.conversions ?? 0), 0)).toBe(
      breakdownTotal(siteBreakdownWithConversions).conversions,
    );
  });
});
