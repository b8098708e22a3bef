import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { oneWeekReport } from '../fixtures';
import { formatHour, formatShortHour } from '../lib/format';
import { chartPalette, themePalette } from '../lib/palette';
import { labelWidth } from '../lib/ticks';
import { HourHeatmap, heatColor, hourAxis } from './hour-heatmap';

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

  it('labels every third hour in full on a desktop, fewer and shorter hours on a phone', () => {
    const hoursOf = (locale: string) => Array.from({ length: 24 }, (_, hour) => formatHour(hour, locale));
    const shortOf = (locale: string) =>
      Array.from({ length: 24 }, (_, hour) => formatShortHour(hour, locale));
    const labels = (locale: string, width: number) => {
      const axis = hourAxis(hoursOf(locale), shortOf(locale), width);
      return axis.tickValues.map(axis.format);
    };
    expect(labels('en-GB', 760)).toEqual([
      '00:00',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
    ]);
    expect(labels('en-US', 760)[1]).toBe('03:00 AM');
    expect(labels('en-US', 294)).toEqual(['12 AM', '6 AM', '12 PM', '6 PM']);
    // However narrow, two neighbouring labels stay apart.
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'ja-JP'])
      for (const width of [200, 260, 294, 320, 400, 560]) {
        const shown = labels(locale, width);
        const step = 24 / shown.length;
        const slot = (width - 56) / 24;
        expect(Math.max(...shown.map((label) => labelWidth(label)))).toBeLessThanOrEqual(step * slot);
      }
  });
});
