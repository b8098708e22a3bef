import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { noDifferenceVerdict, variantWinsVerdict } from '../fixtures';
import { chartPalette } from '../lib/palette';
import { formatPValue, liftText, VariantComparison, variantLabelLines } from './variant-comparison';

describe('variant comparison', () => {
  it("words the issue's lift with its Katz interval and p-value", () => {
    const challenger = variantWinsVerdict.variants[1];
    if (!challenger) throw new Error('the fixture has two variants');
    expect(liftText(challenger, 'en-US', 0.95)).toBe(
      'In-banner trailer: +50.0% vs control (95% CI +16.6% to +92.9%), p = 0.0015',
    );
    expect(formatPValue(0.00001, 'en-US')).toBe('p < 0.0001');
  });

  it('renders each variant as a whisker with literal colours on the server', () => {
    const markup = renderToStaticMarkup(
      <VariantComparison
        verdict={noDifferenceVerdict}
        width={560}
        palette={chartPalette.light}
        locale="en-US"
      />,
    );
    expect(markup.match(/data-slot="variant-interval"/g)).toHaveLength(3);
    expect(markup.match(/data-slot="variant-row" data-control=""/g)).toHaveLength(1);
    expect(markup).not.toContain('var(--');
    expect(markup).toContain('No difference');
  });

  it('shows a long name on two lines of whole words, breaking a word longer than a line, ellipsizing the rest', () => {
    expect(variantLabelLines('In-banner trailer')).toEqual(['In-banner trailer']);
    expect(variantLabelLines('Autumn carousel, blue button')).toEqual(['Autumn carousel,', 'blue button']);
    expect(variantLabelLines('Autumn carousel with a countdown and a blue button')).toEqual([
      'Autumn carousel',
      'with a countdown…',
    ]);
    expect(variantLabelLines('Supercalifragilisticexpialidocious')).toEqual([
      'Supercalifragilist',
      'icexpialidocious',
    ]);
  });

  it('gives a two-line name a taller row and its full name as a tooltip', () => {
    const markup = renderToStaticMarkup(
      <VariantComparison
        verdict={{
          ...variantWinsVerdict,
          variants: variantWinsVerdict.variants.map((variant, index) =>
            index === 1 ? { ...variant, name: 'Autumn carousel, blue button' } : variant,
          ),
        }}
        width={560}
        palette={chartPalette.light}
        locale="en-US"
      />,
    );
    // 8 + 36 + 48 + 24: the second row is taller.
    expect(markup).toContain('height="116"');
    expect(markup).toContain('<title>Autumn carousel, blue button</title>');
    expect(markup.match(/<tspan/g)).toHaveLength(3);
  });
});
