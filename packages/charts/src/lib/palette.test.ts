import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { oklchTokens } from './oklch.test-helper';
import { axisFill, chartConfigStyle, chartPalette, seriesColor, themePalette } from './palette';

const themeCss = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../ui/src/theme.css'),
  'utf8',
);

describe('chart palette', () => {
  it.each([
    ['light', ':root'],
    ['dark', '.dark'],
  ] as const)('the static %s palette mirrors the %s tokens of ui/theme.css', (mode, selector) => {
    const tokens = oklchTokens(themeCss, selector);
    const palette = chartPalette[mode];
    expect(palette.series).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => tokens.get(`chart-${n}`)));
    expect(palette.text).toBe(tokens.get('muted-foreground'));
    expect(palette.grid).toBe(tokens.get('border'));
    expect(palette.background).toBe(tokens.get('background'));
    expect(palette.foreground).toBe(tokens.get('foreground'));
  });

  it('the theme palette names a variable that theme.css defines in light and dark', () => {
    for (const selector of [':root', '.dark'] as const) {
      const tokens = oklchTokens(themeCss, selector);
      for (const value of themePalette.series) {
        expect(tokens.has((value.match(/var\(--([\w-]+)\)/) ?? [])[1] ?? '')).toBe(true);
      }
    }
  });

  it('scopes a variable per series with the theme palette, literal colours otherwise', () => {
    const config = { clicks: { label: 'Clicks', color: 3 } } as const;
    expect(seriesColor(config, 'clicks', themePalette)).toBe('var(--color-clicks)');
    expect(chartConfigStyle(config, themePalette)).toEqual({
      '--color-clicks': 'var(--chart-3)',
      '--color-axis': 'var(--muted-foreground)',
    });
    expect(seriesColor(config, 'clicks', chartPalette.dark)).toBe('#ffa746');
    expect(chartConfigStyle(config, chartPalette.dark)).toEqual({});
  });

  it("fills a mark in the axis colour through the chart's own variable with the theme palette (no variable <html> defines), the literal otherwise", () => {
    expect(axisFill(themePalette)).toBe('var(--color-axis)');
    expect(axisFill(chartPalette.dark)).toBe(chartPalette.dark.text);
    expect(axisFill(chartPalette.light)).toBe(chartPalette.light.text);
  });
});
