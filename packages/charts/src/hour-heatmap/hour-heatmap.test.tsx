import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { oneWeekReport } from '../fixtures';
import { chartPalette, themePalette } from '../lib/palette';
import { HourHeatmap, heatColor } from './hour-heatmap';

describe('hour heatmap', () => {
  it('scales cells from (almost) the background to the series colour', () => {
    expect(heatColor(1, '#2867e4', chartPalette.light)).toBe('#2867e4');
    expect(heatColor(0, '#2867e4', chartPalette.light)).toBe('#f2f6fd');
    expect(heatColor(0.5, 'var(--color-ctr)', themePalette)).toBe(
      'color-mix(in oklab, var(--color-ctr) 53.0%, var(--background))',
    );
  });

  it('renders 168 cells with literal colours on the server', () => {
    const markup = renderToStaticMarkup(
      <HourHeatmap
        weekHours={oneWeekReport.weekHours}
        width={720}
        height={260}
        palette={chartPalette.dark}
        locale="en-GB"
        metrics={[]}
        interactive={false}
      />,
    );
    expect(markup.match(/<rect data-cell="[^"]+"[^>]*fill="#[0-9a-f]{6}"/g)).toHaveLength(168);
    expect(markup).toContain('>Mon</text>');
    expect(markup).toContain('>21:00</text>');
    expect(markup).not.toContain('var(--');
    expect(markup).toMatch(
      /aria-label="Impressions by weekday and hour of day: highest \w+day \d\d:00 \([\d,]+\)/,
    );
  });
});
