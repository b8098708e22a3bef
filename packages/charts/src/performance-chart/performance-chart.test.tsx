// The PerformanceChart as a server renders it for a PDF: fixed size, literal colours, plain SVG.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { oneWeekReport, yearReport } from '../fixtures';
import { chartPalette } from '../lib/palette';
import { PerformanceChart } from './performance-chart';

describe('PerformanceChart on the server', () => {
  const markup = renderToStaticMarkup(
    <PerformanceChart
      series={oneWeekReport.series}
      width={640}
      height={280}
      palette={chartPalette.light}
      metrics={[]}
      locale="en-US"
      interactive={false}
    />,
  );

  it('renders an SVG of the given size with the line and its area', () => {
    expect(markup).toContain('<svg');
    expect(markup).toMatch(/<svg[^>]* width="640" height="280"/);
    expect(markup).toMatch(/<path d="M[\d.,LC ]+"[^>]*stroke="#2867e4"/);
    // The area in the palette's literal colour too (nivo's own layer wrote it as rgba()).
    expect(markup).toMatch(/<path d="M[^"]+Z"[^>]*fill="#2867e4" fill-opacity="0.12"/);
  });

  it('draws the grid, a tick per labelled day and a dot per day as plain SVG (plain-line-layers)', () => {
    // A grid line per round value of the y scale, a tick per labelled value, a dot per day.
    expect(markup.match(/<line opacity="1" x1="0" x2="560"/g)).toHaveLength(7);
    expect(markup.match(/data-testid="line\.point\.impressions\.\d"/g)).toHaveLength(7);
    expect(markup).toMatch(
      /<g transform="translate\(0,232\)">(<g transform="translate\([\d.]+,0\)" style="opacity:1">.*?<\/g>){7}/,
    );
  });

  it('labels the axes with local days and compact counts', () => {
    expect(markup).toContain('>Nov 16</text>');
    expect(markup).toContain('>Nov 22</text>');
    expect(markup).toMatch(/>\d+K<\/text>/);
  });

  it('has no CSS variable a PDF renderer could not resolve', () => {
    expect(markup).not.toContain('var(--');
  });

  it('carries its text alternative and data table', () => {
    expect(markup).toContain('role="img"');
    expect(markup).toMatch(
      /aria-label="Impressions by day, Nov 16, 2026 to Nov 22, 2026: [\d,]+ in total; highest/,
    );
    expect(markup).toContain('<caption>Impressions by day</caption>');
  });

  it('thins a year of days to a readable number of labels', () => {
    const year = renderToStaticMarkup(
      <PerformanceChart
        series={yearReport.series}
        width={800}
        height={300}
        palette={chartPalette.dark}
        defaultMetric="ctr"
        metrics={[]}
        locale="en-US"
        interactive={false}
      />,
    );
    const svg = year.slice(year.indexOf('<svg'), year.indexOf('</svg>'));
    const labels = [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((match) => match[1]);
    const dayLabels = labels.filter((label) => /^[A-Z][a-z]{2} \d{1,2}$/.test(label ?? ''));
    expect(dayLabels.length).toBeGreaterThan(4);
    expect(dayLabels.length).toBeLessThanOrEqual(ticksFor800px);
    expect(labels.some((label) => label?.endsWith('%'))).toBe(true);
    // CTR is series colour 4, in the dark palette.
    expect(svg).toContain('stroke="#de79d7"');
    expect(year).not.toContain('var(--');
  });
});

describe('PerformanceChart edge cases', () => {
  it('draws a report of a single day as one labelled point', () => {
    const markup = renderToStaticMarkup(
      <PerformanceChart
        series={oneWeekReport.series.slice(0, 1)}
        width={400}
        height={200}
        palette={chartPalette.light}
        metrics={[]}
        locale="en-US"
        interactive={false}
      />,
    );
    expect(markup).toContain('>Nov 16</text>');
    expect(markup).toContain('<circle');
    expect(markup).toMatch(/aria-label="Impressions by day, Nov 16, 2026: [\d,]+ in total/);
  });

  it('shows the empty state, not a flat line, when the figure is zero throughout', () => {
    const zeros = oneWeekReport.series.map((point) => ({ ...point, clicks: 0, ctr: 0 }));
    const markup = renderToStaticMarkup(
      <PerformanceChart series={zeros} width={400} height={200} defaultMetric="clicks" locale="en-US" />,
    );
    expect(markup).not.toContain('data-slot="chart-image"');
    expect(markup).toContain('No clicks in this period');
  });
});

/** 800 px less the margins, at most one label per 64 px. */
const ticksFor800px = Math.floor((800 - 80) / 64);
