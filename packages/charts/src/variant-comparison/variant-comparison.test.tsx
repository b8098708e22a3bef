import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { noDifferenceVerdict, variantWinsVerdict } from '../fixtures';
import { chartPalette } from '../lib/palette';
import { formatPValue, liftText, VariantComparison } from './variant-comparison';

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
});
